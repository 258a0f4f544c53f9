import assert from "node:assert/strict";
import { callTool, catalog, inputError, withHarness } from "../support/tools.ts";
import { getPositionsAtRiskTool } from "../../tools/get_positions_at_risk.ts";
import { ToolError } from "../../tools/types.ts";

Deno.test("get_positions_at_risk lists nearest to bust first and says how fresh and how wide the board is", async () => {
  await withHarness(async ({ context }) => {
    const { structured, text } = await callTool(getPositionsAtRiskTool, { limit: 5 }, context);
    assert.equal(structured.positions.length, 5);
    assert.ok(structured.matched > 5);
    const distances = structured.positions.map((p) => p.distance_to_bust_percent!);
    assert.deepEqual(distances, [...distances].sort((a, b) => a - b));
    const [first] = structured.positions;
    assert.equal(first.wallet, catalog.wallets.near_bust.address);
    assert.equal(first.leaderboard_name, catalog.wallets.near_bust.leaderboardName);
    const room = first.side === "long"
      ? first.mark_price! - first.bust_price!
      : first.bust_price! - first.mark_price!;
    assert.ok(Math.abs(first.move_to_bust_usd! - room) < 1e-6);
    assert.equal(structured.refreshed_at, catalog.baseTime);
    // The text gives the board's coverage, and names the limit argument that lists more.
    assert.match(
      text,
      new RegExp(`\\b${structured.wallets_covered}\\b.*\\b${structured.wallets_known}\\b`),
    );
    assert.match(text, /\blimit\b/);
    assert.match(text, /untrusted/i);
  });
});

Deno.test("get_positions_at_risk refuses a bad band, market or limit with what it expected", () => {
  assert.match(inputError(getPositionsAtRiskTool, { band: "doomed" }), /band: expected one of/);
  assert.match(inputError(getPositionsAtRiskTool, { market: "b t c" }), /market: expected a/);
  assert.match(inputError(getPositionsAtRiskTool, { limit: 0 }), /limit: expected a whole number/);
  assert.match(inputError(getPositionsAtRiskTool, { limit: 101 }), /limit: expected a whole/);
});

Deno.test("get_positions_at_risk fails as an upstream tool error when the leaderboard cannot be read", async () => {
  await withHarness(async ({ context }) => {
    await assert.rejects(
      callTool(getPositionsAtRiskTool, {}, context),
      (error) => error instanceof ToolError && error.upstream && /leaderboard/.test(error.message),
    );
  }, { faults: { path: "/state/leaderboard/accounts", status: 500 } });
});
