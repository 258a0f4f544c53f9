import assert from "node:assert/strict";
import { callTool, catalog, inputError, withHarness } from "../support/tools.ts";
import { getPositionsTool } from "../../tools/get_positions.ts";
import { ToolError } from "../../tools/types.ts";
import { CONTRACTS } from "../../lib/hyperevm/addresses.ts";

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const close = (a: number, b: number, tolerance = 1e-6) => Math.abs(a - b) <= tolerance;

Deno.test("get_positions values every open position at the live mark, with totals", async () => {
  await withHarness(async ({ context }) => {
    const whale = catalog.wallets.whale;
    const { structured } = await callTool(getPositionsTool, { address: whale.address }, context);
    assert.equal(structured.positions.length, whale.openPositions);
    assert.equal(structured.totals.count, whale.openPositions);
    assert.equal(structured.closed, null);
    assert.deepEqual(structured.marks.map((mark) => mark.market), ["BTC", "ETH"]);
    for (const p of structured.positions) {
      const mark = structured.marks.find((m) => m.instrument_id === p.instrument_id)!;
      assert.equal(p.mark_price, mark.mark_price);
      assert.ok(close(p.notional_usd, p.margin_usd * p.leverage), "notional = margin × leverage");
      const room = p.side === "long"
        ? mark.mark_price - p.bust_price!
        : p.bust_price! - mark.mark_price;
      assert.ok(close(p.distance_to_bust_percent!, (room / mark.mark_price) * 100, 1e-4));
      assert.ok(p.unrealized_pnl_usd! >= -p.margin_usd, "a loss never exceeds the margin");
      assert.ok(p.estimated_close_pnl_usd! <= Math.max(p.unrealized_pnl_usd!, 0) + 1e-9);
      // The payout gives the margin back.
      assert.ok(close(p.estimated_payout_usd!, p.margin_usd + p.estimated_close_pnl_usd!));
      assert.ok(p.estimated_payout_usd! >= 0, "a close never pays back less than nothing");
    }
    const t = structured.totals;
    assert.ok(close(t.margin_usd, sum(structured.positions.map((p) => p.margin_usd)), 1e-3));
    assert.ok(close(t.notional_usd, sum(structured.positions.map((p) => p.notional_usd)), 1e-3));
    assert.ok(
      close(
        t.unrealized_pnl_usd,
        sum(structured.positions.map((p) => p.unrealized_pnl_usd!)),
        1e-3,
      ),
    );
    assert.equal(t.unvalued, 0);
    assert.ok(close(t.estimated_payout_usd!, t.margin_usd + t.estimated_close_pnl_usd!, 1e-3));
  });
});

Deno.test("get_positions puts the fixture's near-bust and close positions in their risk bands", async () => {
  await withHarness(async ({ context }) => {
    const owner = catalog.positions.near_bust[0].owner;
    const { structured, text } = await callTool(getPositionsTool, { address: owner }, context);
    const risk = (id: string) => structured.positions.find((p) => p.position_id === id)?.risk;
    for (const p of catalog.positions.near_bust) assert.equal(risk(p.id), "near_bust");
    for (const p of catalog.positions.close) assert.equal(risk(p.id), "close");
    // The text says each position's band and distance as the structured result does.
    for (const p of structured.positions) {
      const line = text.split("\n").find((row) => row.includes(`position_id: ${p.position_id},`));
      assert.ok(line?.includes(`distance_to_bust_percent: ${p.distance_to_bust_percent},`));
      assert.ok(line?.includes(`risk: "${p.risk}"`), line);
    }
  });
});

Deno.test("get_positions with an open position_id returns only that position", async () => {
  await withHarness(async ({ context }) => {
    const { id, owner } = catalog.positions.open;
    const { structured } = await callTool(
      getPositionsTool,
      { address: owner, position_id: id },
      context,
    );
    assert.deepEqual(structured.positions.map((p) => p.position_id), [id]);
    assert.equal(structured.totals.count, 1);
    assert.equal(structured.closed, null);
  });
});

Deno.test("get_positions with a closed position_id returns its closed-trade record", async () => {
  await withHarness(async ({ context }) => {
    for (const { id, owner } of [catalog.positions.closed, catalog.positions.liquidated]) {
      const { structured, text } = await callTool(
        getPositionsTool,
        { address: owner, position_id: id },
        context,
      );
      assert.deepEqual(structured.positions, []);
      assert.equal(structured.closed?.position_id, id);
      const closed = structured.closed!;
      assert.ok(close(closed.net_pnl_usd, closed.adjusted_pnl_usd - closed.fee_paid_usd));
      assert.match(text, new RegExp(`^closed:\n  position_id: ${id}\n`, "m"));
      assert.ok(text.includes(`  net_pnl_usd: ${closed.net_pnl_usd}\n`));
    }
    const { structured } = await callTool(getPositionsTool, {
      address: catalog.positions.liquidated.owner,
      position_id: catalog.positions.liquidated.id,
    }, context);
    assert.equal(structured.closed?.liquidated, true);
  });
});

Deno.test("get_positions names position_id when the position is neither open nor closed", async () => {
  await withHarness(async ({ context }) => {
    await assert.rejects(
      () =>
        callTool(getPositionsTool, {
          address: catalog.wallets.whale.address,
          position_id: catalog.positions.unknown.id,
        }, context),
      (error: unknown) =>
        error instanceof ToolError &&
        error.message.startsWith("position_id: ") &&
        error.message.includes(catalog.positions.unknown.id),
    );
    await assert.rejects(
      () => callTool(getPositionsTool, { address: catalog.wallets.unknown.address }, context),
      (error: unknown) => error instanceof ToolError && error.message.startsWith("address: wallet"),
    );
  });
});

Deno.test("get_positions rejects malformed arguments with messages naming them", () => {
  const address = catalog.wallets.whale.address;
  for (const position_id of ["12a", 53573]) {
    assert.match(inputError(getPositionsTool, { address, position_id }), /^position_id: /);
  }
  assert.match(inputError(getPositionsTool, { address: `${address}00` }), /^address: /);
});

Deno.test("without the Exchange's win fee, positions keep their PnL and only the close figures are null, named", async () => {
  await withHarness(async ({ context }) => {
    const whale = catalog.wallets.whale;
    const { structured, text } = await callTool(
      getPositionsTool,
      { address: whale.address },
      context,
    );
    assert.equal(structured.positions.length, whale.openPositions);
    for (const p of structured.positions) {
      assert.notEqual(p.unrealized_pnl_usd, null, "the marks still came");
      const close = Object.entries(p).filter(([key]) => /payout|close_pnl/.test(key));
      assert.ok(close.length > 0);
      for (const [key, value] of close) assert.equal(value, null, key);
    }
    const t = structured.totals;
    assert.equal(t.unvalued, 0, "every position has its PnL at the mark");
    assert.ok(t.unrealized_pnl_usd !== 0, "and the totals count it");
    assert.equal(t.estimated_close_pnl_usd, null, "no partial close sum");
    const named = structured.unavailable.find((item) => item.part === "win fee");
    assert.deepEqual(named && [named.field, /eth_call/.test(named.reason)], ["winFeeRate", true]);
    assert.ok(text.includes(named!.part), "the text names the part missing");
  }, { faults: { target: "rpc", rpcMethod: "eth_call", rpcTo: CONTRACTS.exchange, status: 500 } });
});
