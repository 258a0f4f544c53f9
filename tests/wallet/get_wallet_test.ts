import assert from "node:assert/strict";
import { callTool, catalog, inputError, TEST_SITE_URL, withHarness } from "../support/tools.ts";
import { getWalletTool } from "../../tools/get_wallet.ts";
import { fromWadOrNull } from "../../lib/json_units.ts";
import { pendingRewardsWad } from "../../lib/math/mod.ts";
import { ToolError } from "../../tools/types.ts";

Deno.test("get_wallet returns the balance sheet, PAPER, active session keys, ranks and links", async () => {
  await withHarness(async ({ context }) => {
    const whale = catalog.wallets.whale;
    const { structured, text } = await callTool(
      getWalletTool,
      { address: whale.address.toUpperCase().replace("0X", "0x") },
      context,
    );
    assert.equal(structured.address, whale.address);
    assert.equal(structured.leaderboard_name, whale.leaderboardName);
    assert.equal(structured.open_positions, whale.openPositions);
    assert.equal(structured.pending_operations, whale.pendingOperations);
    const active = whale.sessionKeys.filter((key) => key.active).map((key) => key.address);
    assert.deepEqual(structured.session_keys.map((key) => key.key), active);
    assert.deepEqual(structured.ranks.map((rank) => rank.window), ["24h", "7d", "30d", "all"]);
    for (const rank of structured.ranks) {
      assert.ok(rank.rank !== null && rank.rank >= 1, `ranked in ${rank.window}`);
    }
    assert.equal(structured.links.wallet_page, `${TEST_SITE_URL}/wallet/${whale.address}`);
    assert.equal(structured.links.share_link, `${TEST_SITE_URL}/w/${whale.address}`);
    assert.ok(text.includes(JSON.stringify(whale.leaderboardName)), "name is quoted");
  });
});

Deno.test("get_wallet computes pending staking rewards from the summary's accumulator", async () => {
  const data = (name: string) =>
    JSON.parse(Deno.readTextFileSync(new URL(`../../fixtures/data/${name}`, import.meta.url)));
  const paper = data("wallets.json")[catalog.wallets.staker.address].paper;
  const accumulator = BigInt(data("protocol-summary.json").paper.accumulator);
  const expected = pendingRewardsWad({
    pendingBase: BigInt(paper.pendingBase),
    staked: BigInt(paper.staked),
    accumulator,
    rewardDebt: BigInt(paper.rewardDebt),
  });
  await withHarness(async ({ context }) => {
    const { structured } = await callTool(
      getWalletTool,
      { address: catalog.wallets.staker.address },
      context,
    );
    assert.ok(structured.paper.staked! > 0, "the staker has PAPER staked");
    assert.ok(structured.paper.pending_rewards_usd! > 0, "and rewards pending");
    assert.equal(structured.paper.pending_rewards_usd, fromWadOrNull(expected));
  });
  // The trading state plays no part in it any more.
  await withHarness(async ({ context }) => {
    const { structured } = await callTool(
      getWalletTool,
      { address: catalog.wallets.staker.address },
      context,
    );
    assert.equal(structured.paper.pending_rewards_usd, fromWadOrNull(expected));
  }, { faults: { target: "api", path: "/state/trading", status: 500 } });
});

Deno.test("get_wallet reports an unknown wallet as a ToolError naming the address", async () => {
  await withHarness(async ({ context }) => {
    const address = catalog.wallets.unknown.address;
    await assert.rejects(
      () => callTool(getWalletTool, { address }, context),
      (error: unknown) =>
        error instanceof ToolError && !error.upstream &&
        error.message.startsWith("address: ") && error.message.includes(address),
    );
  });
});

Deno.test("get_wallet rejects a malformed, missing or extra argument with a message naming it", () => {
  for (const args of [{ address: "0x1234" }, {}, { address: 42 }]) {
    assert.match(inputError(getWalletTool, args), /^address: /, JSON.stringify(args));
  }
  // An unknown argument is named, with the one accepted.
  assert.match(
    inputError(getWalletTool, { address: catalog.wallets.whale.address, wallet: "x" }),
    /\bwallet\b.*\baddress\b/,
  );
});
