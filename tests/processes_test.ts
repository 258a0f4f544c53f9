/**
 * The harness of several explorer processes (`bench/processes.ts`), which the multi-process
 * bench and the tests of shared state stand on: a replay in its own process counting what it is
 * asked, explorers on one KV_PATH pointed at it, viewers spread over them, kill -9 and restart.
 */
import assert from "node:assert/strict";
import {
  chartData,
  pageViewers,
  startDeployment,
  startReplayProcess,
  upstreamRequestsDuring,
} from "../bench/processes.ts";

Deno.test("the process harness: two explorers on one KV file over a counting replay, spread viewers, kill -9 and restart", async () => {
  const replay = await startReplayProcess();
  try {
    const deployment = await startDeployment({ processes: 2, replay });
    try {
      const [first, second] = deployment.urls();
      assert.notEqual(first, second);
      const before = await replay.counts();
      const spent = await upstreamRequestsDuring(replay, async () => {
        const tally = await pageViewers({
          urls: deployment.urls,
          path: "/markets/BTC",
          viewers: 4,
          everyMs: 10,
          durationMs: 1,
        });
        assert.deepEqual(tally, { requests: 4, statuses: { 200: 4 } });
      });
      assert.ok(spent > 0, "the replay counted the explorers' reads");
      const after = await replay.counts();
      assert.ok((after["GET /state/trading"] ?? 0) > (before["GET /state/trading"] ?? 0));
      const total = Object.values(after).reduce((a, b) => a + b, 0) -
        Object.values(before).reduce((a, b) => a + b, 0);
      // The door's window holds the replay's (read before and after it): it saw at least as much.
      assert.ok(total >= spent, `the door counted ${total}, the replay ${spent}`);

      const html = await (await fetch(new URL("markets/BTC", first))).text();
      const chart = chartData(html, "oi-0");
      assert.ok(chart.points >= 1 && chart.rows.length >= 1, "a sampled chart is read back");

      await deployment.kill(0);
      assert.ok(deployment.processes[0].exited());
      await assert.rejects(fetch(first));
      const survivor = await fetch(new URL("markets", second));
      await survivor.body?.cancel();
      assert.equal(survivor.status, 200);
      await deployment.restart(0);
      const back = await fetch(new URL("markets", deployment.urls()[0]));
      await back.body?.cancel();
      assert.equal(back.status, 200);
    } finally {
      await deployment.close();
    }
  } finally {
    await replay.stop();
  }
});
