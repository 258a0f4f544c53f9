import assert from "node:assert/strict";
import { z } from "zod";
import { callTool, inputError, withHarness } from "../support/tools.ts";
import { getLiquidationsTool } from "../../tools/get_liquidations.ts";
import { READ_ONLY_ANNOTATIONS, ToolError } from "../../tools/types.ts";
import { LIQUIDATION_PAGE_ROWS } from "../../lib/liquidations/mod.ts";

Deno.test("get_liquidations filters by market, its totals are that market's, and its text is its model", async () => {
  await withHarness(async ({ context }) => {
    const { structured, text } = await callTool(
      getLiquidationsTool,
      { window: "7d", market: "eth", limit: 3 },
      context,
    );
    assert.equal(structured.market, "ETH");
    assert.equal(structured.liquidations.length, 3);
    assert.ok(structured.matched > 3);
    assert.ok(structured.liquidations.every((row) => row.market === "ETH"));
    assert.ok(structured.next_cursor);
    const week = structured.totals.find((total) => total.period === "7d")!;
    assert.equal(week.count, structured.matched);
    assert.deepEqual(week.groups.map((group) => [group.market, group.side]), [
      ["ETH", "long"],
      ["ETH", "short"],
    ]);
    // Generated from the structured result, under the schema's names.
    assert.match(text, /^matched: \d+$/m);
    assert.match(text, /^liquidations \(3\):$/m);
    assert.match(text, /position_id: \d+, wallet: 0x[0-9a-f]{40}/);
    assert.match(text, /untrusted/i);
  });
});

Deno.test("get_liquidations refuses a market Papertrade does not list, naming the markets", async () => {
  await withHarness(async ({ context }) => {
    await assert.rejects(
      callTool(getLiquidationsTool, { market: "DOGE" }, context),
      (error) =>
        error instanceof ToolError && !error.upstream &&
        /^market: .*"DOGE".*BTC.*ETH/.test(
          error.message,
        ),
    );
  });
});

Deno.test("get_liquidations refuses bad arguments with what it expected, and is a read-only tool", () => {
  assert.match(inputError(getLiquidationsTool, { window: "30d" }), /window: expected one of/);
  assert.match(inputError(getLiquidationsTool, { market: "b t c" }), /market: expected a/);
  assert.match(inputError(getLiquidationsTool, { cursor: "abc" }), /cursor: expected next_cursor/);
  assert.match(inputError(getLiquidationsTool, { limit: 0 }), /limit: expected a whole number/);
  assert.match(
    inputError(getLiquidationsTool, { limit: LIQUIDATION_PAGE_ROWS.max + 1 }),
    /limit: expected a whole number/,
  );
  assert.match(inputError(getLiquidationsTool, { wallet: "0x" }), /unknown argument 'wallet'/);
  assert.equal(getLiquidationsTool.annotations, READ_ONLY_ANNOTATIONS);
  const schema = z.toJSONSchema(getLiquidationsTool.outputSchema, { io: "output" });
  assert.equal(schema.additionalProperties, false);
});
