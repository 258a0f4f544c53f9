/**
 * The JavaScript budgets, per page as a visitor loads it: every script a page names, gzipped as
 * the app serves it and added up (docs/faq.md, "Do the pages need JavaScript?"):
 * - a page without islands or live parts: at most 2 KB (the shared enhancement script);
 * - a page whose times keep ticking (home, markets, liquidations): at most 2.5 KB, the shared
 *   script and the age ticker, which "One answer everywhere" asked for and which does not fit in
 *   the 2 KB beside the shared script;
 * - a live page (wallet, position, watchlist, the at-risk board that refreshes): at most 15 KB.
 */
import assert from "node:assert/strict";
import { catalog, withPages } from "./harness.ts";
import { gzipSize } from "../scripts/build.ts";

const WHALE = catalog.wallets.whale.address;
const OPEN = catalog.positions.open;

const BUDGETS: ReadonlyArray<{ bytes: number; islands: boolean; paths: readonly string[] }> = [
  {
    bytes: 2048,
    islands: false,
    paths: [
      "/leaderboard",
      `/tx/${catalog.transactions.multi_wallet_batch.hash}`,
      `/intent/${catalog.intents.settled_in_window.id}`,
      "/search?q=trader",
      "/docs/",
      "/docs/quickstart",
    ],
  },
  { bytes: 2560, islands: false, paths: ["/", "/markets", "/markets/BTC", "/liquidations"] },
  {
    bytes: 15 * 1024,
    islands: true,
    paths: [
      `/wallet/${WHALE}`,
      `/position/${OPEN.id}?wallet=${OPEN.owner}`,
      "/watchlist",
      "/at-risk",
    ],
  },
];

/** The gzipped bytes of every script `html` names, each as the app serves it. */
async function scriptBytes(
  html: string,
  get: (path: string) => Promise<{ status: number; body: string }>,
): Promise<{ total: number; scripts: string[] }> {
  const scripts = [...html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]);
  let total = 0;
  for (const src of scripts) {
    const script = await get(src);
    assert.equal(script.status, 200, src);
    total += await gzipSize(new TextEncoder().encode(script.body));
  }
  return { total, scripts };
}

Deno.test("every page keeps its JavaScript budget: 2 KB static, 2.5 KB with ticking ages, 15 KB live", async () => {
  await withPages(async ({ get }) => {
    const over: string[] = [];
    for (const { bytes, islands, paths } of BUDGETS) {
      for (const path of paths) {
        const page = await get(path);
        assert.equal(page.status, 200, path);
        if (!islands) assert.doesNotMatch(page.body, /data-island="/, `${path} has islands`);
        const { total, scripts } = await scriptBytes(page.body, get);
        assert.ok(scripts.length > 0, `${path} loads the shared script`);
        if (total > bytes) over.push(`${path}: ${total} B over ${bytes} (${scripts.join(", ")})`);
      }
    }
    assert.deepEqual(over, []);
  });
});
