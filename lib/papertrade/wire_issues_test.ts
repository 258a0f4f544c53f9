import assert from "node:assert/strict";
import { z } from "zod";
import { describeWireIssues, wireIssueMessage } from "./wire_issues.ts";
import { endedIntentRow, marketStats, walletSnapshot } from "./wire.ts";
import { hash, wireSnapshot } from "../../tests/support/papertrade.ts";

function describe(schema: z.ZodType, body: unknown): string {
  const result = schema.safeParse(body, { error: wireIssueMessage });
  assert.equal(result.success, false);
  return describeWireIssues(result.error!.issues, body);
}

/** The fields a description names, in its order (`→ at accounts[3].address`). */
const fieldsNamed = (text: string) => [...text.matchAll(/→ at (\S+)/g)].map((m) => m[1]);

Deno.test("an unknown enum value names its slot, what was expected and what came", () => {
  const row = [hash(1), "executed"] as unknown[];
  const text = describe(endedIntentRow, row);
  assert.deepEqual(fieldsNamed(text), ["[1]"]);
  for (const word of ["succeeded", "failed", "expired", "cancelled", "unknown", "executed"]) {
    assert.ok(text.includes(`"${word}"`), word);
  }
});

Deno.test("a fractional count and a negative count are named with the value", () => {
  const fractional = describe(walletSnapshot, { ...wireSnapshot(), accountRevision: 1.5 });
  assert.deepEqual(fieldsNamed(fractional), ["accountRevision"]);
  assert.ok(fractional.includes("1.5"));
  const negative = describe(walletSnapshot, { ...wireSnapshot(), accountRevision: -1 });
  assert.deepEqual(fieldsNamed(negative), ["accountRevision"]);
  assert.ok(negative.includes("-1"));
});

Deno.test("a string scalar is named as what it encodes, not only as a string", () => {
  const text = describe(walletSnapshot, { ...wireSnapshot(), balance: 1 });
  assert.deepEqual(fieldsNamed(text), ["balance"]);
  assert.ok(text.includes("non-negative integer string"), text);
});

Deno.test("at most three problems are listed and the rest counted, on one line", () => {
  const body = {
    ...wireSnapshot(),
    balance: 1,
    queued: 2,
    locked: 3,
    accountRevision: -1,
  };
  const text = describe(walletSnapshot, body);
  assert.equal(fieldsNamed(text).length, 3);
  assert.match(text, /\(and 1 more problem\)$/);
  assert.ok(!text.includes("\n"));
});

Deno.test("a wrong record key is named, cut short; a missing field and a wrong root are named", () => {
  const long = "k".repeat(5_000);
  const text = describe(marketStats, { markets: { [long]: { volume_24h: "1" } } });
  assert.equal(fieldsNamed(text).length, 1);
  assert.ok(text.length < 200, `${text.length} characters`);
  const { accountRevision: _, ...missing } = wireSnapshot();
  const gone = describe(walletSnapshot, missing);
  assert.deepEqual(fieldsNamed(gone), ["accountRevision"]);
  assert.ok(gone.includes("missing"));
  assert.ok(describe(marketStats, []).includes("got array"));
  assert.deepEqual(fieldsNamed(describe(marketStats, [])), []);
});
