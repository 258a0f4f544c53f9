import assert from "node:assert/strict";
import { z } from "zod";
import { describeWireIssues, formatPath, wireIssueMessage } from "./wire_issues.ts";
import { endedIntentRow, marketStats, walletSnapshot } from "./wire.ts";
import { hash, wireSnapshot } from "../../tests/support/papertrade.ts";

function describe(schema: z.ZodType, body: unknown): string {
  const result = schema.safeParse(body, { error: wireIssueMessage });
  assert.equal(result.success, false);
  return describeWireIssues(result.error!.issues, body);
}

Deno.test("paths read like code", () => {
  assert.equal(formatPath([]), "response body");
  assert.equal(formatPath(["accounts", 3, "address"]), "accounts[3].address");
  assert.equal(formatPath(["markets", "0", "volume_24h"]), 'markets["0"].volume_24h');
});

Deno.test("an unknown enum value lists what was expected", () => {
  const row = [hash(1), "succeeded"] as unknown[];
  row[1] = "executed";
  assert.equal(
    describe(endedIntentRow, row),
    '[1]: expected "succeeded" or "failed" or "expired" or "cancelled" or "unknown", got "executed"',
  );
});

Deno.test("a fractional count and a negative count are named", () => {
  assert.equal(
    describe(walletSnapshot, { ...wireSnapshot(), accountRevision: 1.5 }),
    "accountRevision: expected an integer, got 1.5",
  );
  assert.equal(
    describe(walletSnapshot, { ...wireSnapshot(), accountRevision: -1 }),
    "accountRevision: expected a value >= 0, got -1",
  );
});

Deno.test("several problems report the first and count the rest", () => {
  const body = { ...wireSnapshot(), balance: 1, queued: 2, locked: 3 };
  assert.equal(
    describe(walletSnapshot, body),
    "balance: expected a non-negative integer string, got number (and 2 more problems)",
  );
});

Deno.test("a wrong record key and a wrong union member are named", () => {
  assert.equal(
    describe(marketStats, { markets: { btc: { volume_24h: "1" } } }),
    'markets: unexpected key "btc"',
  );
  const totals = z.object({ totals: z.record(z.string(), z.union([z.string(), z.number()])) });
  assert.match(
    describe(totals, { totals: { tvlRaw: null } }),
    /^totals\.tvlRaw: expected string or number, got null/,
  );
});

Deno.test("a body that is not an object says so", () => {
  assert.equal(describe(marketStats, []), "response body: expected object, got array");
});
