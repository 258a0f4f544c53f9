import assert from "node:assert/strict";
import type { PapertradeClient, Trade, TradeHistoryPage } from "./papertrade/mod.ts";
import { fetchChartHistory } from "./pnl_chart_history.ts";
import { sampleIndices } from "./pnl_chart.ts";

/** A history of `total` trades served `pageSize` at a time, counting reads. */
function pagedHistory(total: number) {
  let reads = 0;
  const client = {
    read(
      _name: "tradeHistory",
      query: { cursor?: string; limit?: number },
    ): Promise<TradeHistoryPage> {
      reads++;
      const start = Number(query.cursor ?? 0);
      const end = Math.min(total, start + (query.limit ?? 75));
      const trades = Array.from({ length: end - start }, (_, i) =>
        ({
          positionId: String(total - start - i),
          closedAt: 1_000_000 - (start + i),
        }) as Trade);
      return Promise.resolve({
        wallet: "0x0000000000000000000000000000000000000001",
        trades,
        nextCursor: end < total ? String(end) : null,
        rowsSkipped: 0,
      });
    },
  } as unknown as PapertradeClient;
  return { client, reads: () => reads };
}

Deno.test("the chart reads the whole history when it fits the read cap", async () => {
  const { client, reads } = pagedHistory(450);
  const history = await fetchChartHistory(client, "0x1", { pageSize: 200, maxReads: 5 });
  assert.equal(history.trades.length, 450);
  assert.equal(history.complete, true);
  assert.equal(reads(), 3);
  assert.equal(history.reads, 3);
});

Deno.test("a history longer than the cap stops at the cap and says it is incomplete", async () => {
  const { client, reads } = pagedHistory(5_000);
  const history = await fetchChartHistory(client, "0x1", { pageSize: 200, maxReads: 5 });
  assert.equal(history.trades.length, 1_000);
  assert.equal(history.complete, false);
  assert.equal(reads(), 5);
});

Deno.test("sampled hover points are spread evenly, bounded, and keep both ends", () => {
  assert.deepEqual(sampleIndices(4, 10), [0, 1, 2, 3]);
  const sampled = sampleIndices(1_000, 150);
  assert.ok(sampled.length <= 150);
  assert.equal(sampled[0], 0);
  assert.equal(sampled[sampled.length - 1], 999);
});
