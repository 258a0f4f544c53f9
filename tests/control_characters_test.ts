/**
 * Control characters in upstream names (NUL, BEL, ESC, DEL, a C1 control) never reach a page,
 * an SVG, a CSV cell or a feed raw: pages, SVG and CSV write each as U+FFFD, feeds drop them.
 */
import assert from "node:assert/strict";
import { createApp } from "../app.tsx";
import { catalog, startReplayUpstream } from "../fixtures/mod.ts";
import type { AppDeps } from "../lib/deps.ts";
import type { PapertradeClient } from "../lib/papertrade/client.ts";
import { replayDeps } from "./harness.ts";

const NAME = "bell\x07 nul\x00 esc\x1b[31m del\x7f csi\x9b end";
// deno-lint-ignore no-control-regex
const RAW_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** The deps with every leaderboard name replaced by {@link NAME}. */
function withControlNames(deps: AppDeps): AppDeps {
  const read = deps.papertrade.read;
  const papertrade: PapertradeClient = {
    ...deps.papertrade,
    read: (async (name: string, ...args: unknown[]) => {
      const answer = await (read as (...all: unknown[]) => Promise<unknown>)(name, ...args);
      if (name !== "leaderboard") return answer;
      const page = answer as { accounts: { leaderboardName: string | null }[] };
      return { ...page, accounts: page.accounts.map((row) => ({ ...row, leaderboardName: NAME })) };
    }) as PapertradeClient["read"],
  };
  return { ...deps, papertrade };
}

Deno.test("NUL, BEL, ESC, DEL and C1 controls from upstream names never reach HTML, SVG, CSV or feeds raw", async () => {
  const upstream = await startReplayUpstream({ port: 0, now: () => catalog.baseTimeMs });
  try {
    const app = createApp(withControlNames(replayDeps(upstream)));
    const wallet = catalog.wallets.whale.address;
    const paths = [
      "/leaderboard",
      "/leaderboard.csv",
      `/wallet/${wallet}`,
      `/w/${wallet}`,
      `/w/${wallet}/image.svg`,
      `/wallet/${wallet}/feed.atom`,
      "/liquidations.atom",
    ];
    let shown = 0;
    for (const path of paths) {
      const response = await app.request(path);
      const body = await response.text();
      assert.equal(response.status, 200, path);
      assert.doesNotMatch(body, RAW_CONTROL, `${path} carries a raw control character`);
      // The name is there, each control written as U+FFFD or dropped.
      if (/nul\ufffd? esc\ufffd?\[31m del\ufffd? csi/.test(body)) shown++;
    }
    // On the leaderboard page and its CSV, the wallet's page, preview, card and feed.
    assert.ok(shown >= 6, `the name was shown on ${shown} answers`);
  } finally {
    await upstream.close();
  }
});
