import assert from "node:assert/strict";
import type { z } from "zod";
import {
  findEndpoint,
  MODELLED_SHAPES,
  modelledPartAt,
  PAPERTRADE_ENDPOINTS,
  type PapertradeEndpoint,
} from "./endpoints.ts";

// The rows are checked with `satisfies` on a name, which does not catch a key that is not the
// endpoint's (a misspelled `lifetme` would go unnoticed, its row read with no lifetime): `deno check` fails here instead.
type ForeignKeys<T> = { [K in keyof T]: Exclude<keyof T[K], keyof PapertradeEndpoint> }[keyof T];
const _rowsHaveOnlyEndpointKeys: [ForeignKeys<typeof PAPERTRADE_ENDPOINTS>] extends [never] ? true
  : false = true;

const apiSchemaFor = (path: string) => findEndpoint(path)?.schema;

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  items?: z.ZodType[];
  innerType?: z.ZodType;
  in?: z.ZodType;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema at a dotted path (`*` = any array item), or undefined when there is none. */
function schemaAt(schema: z.ZodType, path: string): z.ZodType | undefined {
  let current: z.ZodType | undefined = schema;
  for (const segment of path === "" ? [] : path.split(".")) {
    let def = defOf(current!);
    // Step through wrappers: optional, nullable, and transforms (a pipe's input side).
    while (def.innerType || (def.type === "pipe" && def.in)) {
      current = def.innerType ?? def.in!;
      def = defOf(current);
    }
    if (segment === "*") current = def.element;
    else if (def.type === "tuple" && /^[0-9]+$/.test(segment)) current = def.items?.[+segment];
    else current = def.shape?.[segment];
    if (!current) return undefined;
  }
  return current;
}

Deno.test("every modelled field named in the table exists in its endpoint's schema", () => {
  for (const shape of MODELLED_SHAPES) {
    const schema = apiSchemaFor(shape.endpoint);
    assert.ok(schema, `${shape.endpoint} has a schema`);
    for (const field of [...shape.fields, ...(shape.except ?? [])]) {
      assert.ok(schemaAt(schema, field), `${shape.endpoint} ${field} exists`);
    }
  }
  assert.equal(schemaAt(apiSchemaFor("/state/trading")!, "noSuchKey"), undefined);
});

Deno.test("modelled fields are told apart from known ones, down to array items", () => {
  const reason = (endpoint: string, ...path: (string | number)[]) =>
    modelledPartAt(endpoint, path)?.reason;
  assert.equal(
    reason("/state/leaderboard/accounts", "pageInfo", "totalItems"),
    "only pageInfo.totalPages is known",
  );
  assert.equal(reason("/state/trading", "instruments", 0), undefined);
  // The win fee and the staking accumulator are read from facts, not modelled keys.
  assert.equal(reason("/state/trading", "winFeeRate"), undefined);
  assert.equal(reason("/query/protocol/summary", "paper", "accumulator"), undefined);
  assert.equal(
    reason("/query/protocol/summary", "paper", "supply"),
    reason("/query/protocol/summary", "paper", "staked"),
  );
  assert.equal(reason("/query/protocol/summary", "paper", "cap"), undefined, "cap is known");
  assert.ok(reason("/state/leaderboard/accounts", "accounts", 4, "totalVolume"));
  assert.equal(reason("/state/leaderboard/accounts", "accounts", 4, "address"), undefined);
  assert.equal(reason("/state/leaderboard/accounts", "pageInfo", "totalPages"), undefined);
  assert.ok(reason("/state/user/live", "wallet", "operations", 0, 8), "slot 8 is modelled");
  assert.equal(
    reason("/state/user/live", "wallet", "operations", 0, 5),
    undefined,
    "slot 5 is not",
  );
  assert.ok(reason("/query/protocol/trades/recent", "events", 3, "side"));
  assert.equal(reason("/query/protocol/trades/recent", "events", 3, "seq"), undefined);
  assert.equal(reason("/state/user/live", "wallet", "balance"), undefined);
  assert.ok(reason("/query/wallet/trades"), "a modelled path makes the whole answer modelled");
  assert.equal(reason("eth_getTransactionReceipt", "logs"), undefined);
});
