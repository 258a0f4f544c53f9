/**
 * Protocol history as a typed, cached domain read (charted by issue 19): the app's own client
 * turns the upstream's parallel columns into points at each bucket size, and a repeat read
 * within the read's lifetime costs the upstream nothing.
 */
import assert from "node:assert/strict";
import { catalog, startReplayUpstream } from "../../fixtures/mod.ts";
import { replayDeps } from "../harness.ts";

const DATA = new URL("../../fixtures/data/", import.meta.url);

Deno.test("protocol history reads as points at 1m, 1h and 1d, and a repeat read is cached", async () => {
  const upstream = await startReplayUpstream({ now: () => catalog.baseTimeMs });
  try {
    const { papertrade } = replayDeps(upstream);
    for (const interval of ["1m", "1h", "1d"] as const) {
      const wire = JSON.parse(await Deno.readTextFile(new URL(`history-${interval}.json`, DATA)));
      const history = await papertrade.read("protocolHistory", { interval });
      assert.equal(history.intervalMs, wire.intervalMs);
      assert.equal(history.points.length, wire.columns.tvl.length);
      if (interval === "1m") assert.equal(history.points.length, 1440, "the last 24 hours");
      const last = history.points.at(-1)!;
      assert.equal(last.at, wire.startMs + (history.points.length - 1) * wire.intervalMs);
      assert.deepEqual(
        [last.valueLockedUsd, last.volumeBtcUsd, last.volumeEthUsd, last.traders, last.trades],
        [
          wire.columns.tvl.at(-1),
          wire.columns.volumeBtc.at(-1),
          wire.columns.volumeEth.at(-1),
          wire.columns.users.at(-1),
          wire.columns.trades.at(-1),
        ],
      );
      assert.equal(history.totals.traders, Number(wire.totals.usersRaw));
      assert.equal(history.totals.valueLocked, BigInt(wire.totals.tvlRaw));
    }
    const before = upstream.stats().requests;
    await papertrade.read("protocolHistory", { interval: "1h" });
    assert.equal(upstream.stats().requests, before, "served from the read cache");
  } finally {
    await upstream.close();
  }
});
