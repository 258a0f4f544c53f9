/**
 * The live mark comes from facts: HyperEVM's BBO precompile, else Hyperliquid's l2Book, never
 * the invented `/query/prices/latest` (which the replay answers 404, as a real upstream without
 * it would). Every open position on every page and tool that lists positions has a numeric
 * mark, uPnL, bust distance and risk band from either source; with both down, the positions are
 * still listed and the marks are named as unavailable.
 */
import assert from "node:assert/strict";
import type { Faults } from "../fixtures/mod.ts";
import { catalog, withPages } from "./harness.ts";
import { callTool, withHarness } from "./support/tools.ts";
import { getPositionsTool } from "../tools/get_positions.ts";
import { getProtocolOverviewTool } from "../tools/get_protocol_overview.ts";
import type { LiveWallet } from "../lib/wallet/mod.ts";
import { BBO_PRECOMPILE } from "../lib/hyperevm/bbo.ts";

const WITH_POSITIONS = Object.values(catalog.wallets).filter((w) =>
  "openPositions" in w && w.openPositions > 0
) as Array<{ address: string; openPositions: number }>;

const SOURCES: Array<[string, Faults, RegExp]> = [
  ["the BBO precompile", {}, /from HyperEVM's BBO precompile/],
  [
    "l2Book, the precompile failing",
    { target: "rpc", rpcMethod: "eth_call", rpcTo: BBO_PRECOMPILE, status: 500 },
    /from Hyperliquid's l2Book/,
  ],
];
const BOTH_DOWN: Faults = [
  { target: "rpc", rpcMethod: "eth_call", status: 500 },
  { target: "api", path: "/info", status: 500 },
];

for (const [source, faults, named] of SOURCES) {
  Deno.test(`from ${source}, every open position on every page has a mark, uPnL, bust distance and risk`, async () => {
    await withPages(async ({ get, upstream }) => {
      const invented = await fetch(`${upstream.apiUrl}/query/prices/latest`);
      await invented.body?.cancel();
      assert.equal(invented.status, 404, "the invented price path does not exist");
      for (const wallet of WITH_POSITIONS) {
        const res = await get(`/wallet/${wallet.address}/positions.json`);
        const live = JSON.parse(res.body) as LiveWallet;
        assert.equal(live.positions.length, wallet.openPositions);
        for (const row of live.positions) {
          assert.ok(row.mark_price! > 0, `${wallet.address} #${row.position_id} mark`);
          assert.equal(typeof row.unrealized_pnl_usd, "number");
          assert.equal(typeof row.distance_to_bust_percent, "number");
          assert.ok(row.risk !== null);
        }
      }
      const page = await get(`/wallet/${catalog.wallets.whale.address}`);
      const section = page.body.match(/<section class="wallet-positions"[^]*?<\/section>/)![0];
      assert.doesNotMatch(section, /no quote|n\/a/, "the wallet page values every position");
      const open = catalog.positions.open;
      const one = await get(`/position/${open.id}?wallet=${open.owner}`);
      assert.equal(one.status, 200);
      assert.doesNotMatch(one.body, /no quote|Not shown/);
      const markets = await get("/markets");
      assert.doesNotMatch(markets.body, /no quote|Not shown/);
      assert.equal(
        markets.body.match(new RegExp(named, "g"))?.length,
        2,
        "both marks say where from",
      );
    }, { faults });
  });

  Deno.test(`from ${source}, get_positions and get_protocol_overview value every position and market`, async () => {
    await withHarness(async ({ context }) => {
      for (const wallet of WITH_POSITIONS) {
        const { structured } = await callTool(
          getPositionsTool,
          { address: wallet.address },
          context,
        );
        assert.equal(structured.positions.length, wallet.openPositions);
        for (const p of structured.positions) {
          assert.equal(typeof p.mark_price, "number");
          assert.equal(typeof p.unrealized_pnl_usd, "number");
          assert.equal(typeof p.distance_to_bust_percent, "number");
          assert.ok(p.risk !== null);
        }
        assert.deepEqual(structured.unavailable, []);
      }
      const { structured } = await callTool(getProtocolOverviewTool, {}, context);
      assert.ok(structured.markets.every((m) => typeof m.mark_price === "number"));
      assert.ok(!structured.unavailable.some((u) => u.part === "live marks"));
    }, { faults });
  });
}

Deno.test("with both sources down, positions are still listed and the marks are named missing", async () => {
  const whale = catalog.wallets.whale;
  await withHarness(async ({ context }) => {
    const { structured } = await callTool(getPositionsTool, { address: whale.address }, context);
    assert.equal(structured.positions.length, whale.openPositions);
    assert.ok(structured.positions.every((p) => p.mark_price === null && p.risk === null));
    const marks = structured.unavailable.find((u) => u.part === "live marks");
    assert.ok(marks, JSON.stringify(structured.unavailable));
    assert.match(marks.reason, /eth_call/);
    assert.match(marks.reason, /l2Book/);
  }, { faults: BOTH_DOWN });
  await withPages(async ({ get }) => {
    const page = await get(`/wallet/${whale.address}`);
    assert.equal(page.status, 200);
    assert.match(page.body, /Not shown: <strong>live marks<\/strong>/);
    const view = JSON.parse((await get(`/wallet/${whale.address}/positions.json`)).body);
    assert.equal((view as LiveWallet).positions.length, whale.openPositions);
  }, { faults: BOTH_DOWN });
});
