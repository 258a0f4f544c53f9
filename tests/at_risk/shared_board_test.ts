/**
 * One board per deployment: instances on one KV take the board's steps one at a time under a
 * lease, every instance serves the board the leader wrote (same coverage and age), a successor
 * goes on from it with the same budget, and without KV a process keeps its own board.
 */
import assert from "node:assert/strict";
import { catalog, type ReplayClients, withReplayClients } from "../support/replay_clients.ts";
import { readAtRiskBoard, readHeldAtRiskBoard } from "../../lib/at_risk/board.ts";
import {
  AT_RISK_FOLLOW_MS,
  type AtRiskSource,
  createAtRiskSource,
} from "../../lib/at_risk/refresh.ts";
import { AT_RISK_REFRESH_MS, AT_RISK_TICK_MS } from "../../lib/at_risk/limits.ts";
import { AT_RISK_LEASE_MS } from "../../lib/at_risk/board_home.ts";
import type { PapertradeClient } from "../../lib/papertrade/mod.ts";

/** An instance of the explorer: its own client (its reads counted) over the same replay. */
function instance(clients: ReplayClients) {
  const counts: Record<string, number> = {};
  const read = ((name, ...args) => {
    counts[name] = (counts[name] ?? 0) + 1;
    return clients.papertrade.read(name, ...args);
  }) as PapertradeClient["read"];
  return { ...clients, papertrade: { ...clients.papertrade, read }, counts };
}

const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

async function landed(deps: Parameters<typeof readAtRiskBoard>[0], source: AtRiskSource) {
  await source.state();
  await source.settled();
  return readAtRiskBoard(deps, {}, { source });
}

Deno.test("three instances on one KV: one reads the upstream, all serve the same board; the next leader goes on from it", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    await withReplayClients(async (clients) => {
      let at = catalog.baseTimeMs;
      const now = () => at;
      const three = [0, 1, 2].map(() => instance(clients));
      const sources = three.map((deps) => createAtRiskSource(deps, { now, kv }));
      assert.deepEqual(sources.map((s) => s.home), ["kv", "kv", "kv"]);
      // Viewers on every instance, for three minutes of steps.
      const boards = [];
      for (let step = 0; step < 18; step++) {
        await Promise.all(three.map((deps, i) => landed(deps, sources[i])));
        // The others look for a newer board every AT_RISK_FOLLOW_MS.
        at += AT_RISK_FOLLOW_MS;
        boards.push(await Promise.all(three.map((deps, i) => landed(deps, sources[i]))));
        at += AT_RISK_TICK_MS - AT_RISK_FOLLOW_MS;
      }
      const readers = three.filter((deps) => total(deps.counts) > 0);
      assert.equal(readers.length, 1, "one instance read the upstream");
      for (const seen of boards) {
        assert.equal(new Set(seen.map((b) => b.refreshedAt)).size, 1, "the same age everywhere");
        assert.deepEqual(seen[1].covered, seen[0].covered);
        assert.deepEqual(seen[2].rows, seen[0].rows);
      }
      const leader = three.indexOf(readers[0]);
      const spent = total(readers[0].counts);

      // The leader stops (killed): after its lease lapses, another takes the steps, from the
      // board it wrote: it re-reads only wallets whose last read is a minute old or more.
      const rest = [0, 1, 2].filter((i) => i !== leader);
      at += AT_RISK_LEASE_MS;
      const after = await Promise.all(rest.map((i) => landed(three[i], sources[i])));
      const successors = rest.filter((i) => total(three[i].counts) > 0);
      assert.equal(successors.length, 1, "one successor");
      assert.equal(after[0].refreshedAt, at);
      assert.deepEqual(after[0].covered, boards.at(-1)![0].covered);
      const before = new Map(boards.at(-1)![0].rows.map((row) => [row.wallet, row.readAt]));
      const reread = after[0].rows.filter((row) => row.readAt !== before.get(row.wallet));
      assert.equal(
        three[successors[0]].counts.walletStream ?? 0,
        new Set(reread.map((r) => r.wallet)).size,
      );
      for (const row of reread) assert.ok(before.get(row.wallet)! <= at - AT_RISK_REFRESH_MS);
      assert.ok(spent < 200, `${spent} reads in three minutes`);
    });
  } finally {
    kv.close();
  }
});

Deno.test("without KV, each process keeps its own board", async () => {
  await withReplayClients(async (clients) => {
    const two = [0, 1].map(() => instance(clients));
    const sources = two.map((deps) => createAtRiskSource(deps, { now: deps.now }));
    assert.deepEqual(sources.map((s) => s.home), ["memory", "memory"]);
    const boards = await Promise.all(two.map((deps, i) => landed(deps, sources[i])));
    assert.ok(two.every((deps) => (deps.counts.walletStream ?? 0) === boards[0].known.size));
    assert.deepEqual(boards[1].covered, boards[0].covered);
  });
});

Deno.test("a page that never waits for the board (/markets' ladder) finds the one another instance wrote to KV, and starts no step where there is none", async () => {
  const kv = await Deno.openKv(":memory:");
  const empty = await Deno.openKv(":memory:");
  try {
    await withReplayClients(async (clients) => {
      const now = () => catalog.baseTimeMs;
      const [writer, fresh, alone] = [0, 1, 2].map(() => instance(clients));
      // Nothing anywhere yet: null at once, and no upstream read.
      const lonely = createAtRiskSource(alone, { now, kv: empty });
      assert.equal(await readHeldAtRiskBoard(alone, {}, { source: lonely }), null);
      assert.equal(total(alone.counts), 0);
      // One instance steps and writes the board; a fresh one on the same KV serves it.
      const written = await landed(writer, createAtRiskSource(writer, { now, kv }));
      assert.ok(written.rows.length > 0);
      const reader = createAtRiskSource(fresh, { now, kv });
      const served = await readHeldAtRiskBoard(fresh, {}, { source: reader });
      assert.ok(served, "the fresh instance serves the deployment's board");
      assert.equal(served.refreshedAt, written.refreshedAt);
      assert.deepEqual(
        served.rows.map((row) => row.position.positionId),
        written.rows.map((row) => row.position.positionId),
      );
      await reader.settled();
    });
  } finally {
    kv.close();
    empty.close();
  }
});
