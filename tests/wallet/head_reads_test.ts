/**
 * The wallet page's head (status, title, preview) waits for the snapshot and the two standings it
 * names (24h and all-time), not for the 7d and 30d ones, which come with the rest of the page.
 * The client holds the 7d and 30d reads until the test lets them go, so no clock decides.
 */
import assert from "node:assert/strict";
import { catalog, replayDeps } from "../harness.ts";
import { startReplayUpstream } from "../../fixtures/mod.ts";
import { readWalletPage } from "../../lib/wallet/mod.ts";
import type { PapertradeClient } from "../../lib/papertrade/mod.ts";

const whale = catalog.wallets.whale.address;

Deno.test("the wallet page's head arrives while its 7d and 30d standings are held, and the page then has all four", async () => {
  const upstream = await startReplayUpstream({ port: 0, now: () => catalog.baseTimeMs });
  try {
    const deps = replayDeps(upstream);
    const held: Array<() => void> = [];
    const windowsRead: string[] = [];
    const papertrade: PapertradeClient = {
      ...deps.papertrade,
      read: ((name: string, params: Record<string, unknown>, call: unknown) => {
        const read = (deps.papertrade.read as (...args: unknown[]) => Promise<unknown>)(
          name,
          params,
          call,
        );
        if (name !== "leaderboard") return read;
        windowsRead.push(String(params.window));
        if (params.window !== "7d" && params.window !== "30d") return read;
        return new Promise<unknown>((resolve) => held.push(() => resolve(read)));
      }) as PapertradeClient["read"],
    };
    const reads = readWalletPage({ ...deps, papertrade }, whale, { now: deps.now });
    // The guard only ends a failing case (a head that waits for the held reads never comes).
    let guard: ReturnType<typeof setTimeout> | undefined;
    const { summary } = await Promise.race([
      reads.head,
      new Promise<never>((_, reject) => {
        guard = setTimeout(
          () => reject(new Error("the head waited for the 7d and 30d reads")),
          10_000,
        );
      }),
    ]).finally(() => clearTimeout(guard));
    assert.deepEqual(held.length, 2, "the 7d and 30d reads are held");
    assert.deepEqual(summary.ranks.map((rank) => rank.window), ["24h", "all"]);
    assert.equal(summary.leaderboardName, "Moby Dick Capital");
    held.forEach((release) => release());
    const page = await reads.page;
    assert.deepEqual(page.summary.ranks.map((rank) => rank.window), ["24h", "7d", "30d", "all"]);
    assert.deepEqual([...windowsRead].sort(), ["24h", "30d", "7d", "all"]);
  } finally {
    await upstream.close();
  }
});
