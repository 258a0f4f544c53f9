/**
 * The wallet page's head, by stages. Its status and first bytes (charset, stylesheet, shared
 * script) wait for the snapshot alone; its title and preview for the two standings they name
 * (24h and all-time), not for the 7d and 30d ones, which come with the rest of the page. The
 * client holds the leaderboard reads the test names until it lets them go, so no clock decides.
 */
import assert from "node:assert/strict";
import { buildApp, catalog, replayDeps } from "../harness.ts";
import { startReplayUpstream } from "../../fixtures/mod.ts";
import { readWalletPage } from "../../lib/wallet/mod.ts";
import type { LeaderboardPage, PapertradeClient } from "../../lib/papertrade/mod.ts";
import type { AppDeps } from "../../lib/deps.ts";

const whale = catalog.wallets.whale.address;

/**
 * Runs `body` with deps whose leaderboard reads of the `held` windows wait for `release()`, and
 * whose rows carry `name` when one is given.
 */
async function withHeldWindows(
  held: readonly string[],
  body: (
    deps: AppDeps,
    state: { waiting: () => number; release: () => void; windowsRead: string[] },
  ) => Promise<void>,
  name?: string,
): Promise<void> {
  const upstream = await startReplayUpstream({ port: 0, now: () => catalog.baseTimeMs });
  const waiting: Array<() => void> = [];
  const windowsRead: string[] = [];
  const release = () => waiting.splice(0).forEach((go) => go());
  try {
    const deps = replayDeps(upstream);
    const read = deps.papertrade.read as (...args: unknown[]) => Promise<unknown>;
    const papertrade: PapertradeClient = {
      ...deps.papertrade,
      read: ((endpoint: string, params: Record<string, unknown>, call: unknown) => {
        if (endpoint !== "leaderboard") return read(endpoint, params, call);
        windowsRead.push(String(params.window));
        const rows = () =>
          read(endpoint, params, call).then((page) =>
            name === undefined ? page : {
              ...page as LeaderboardPage,
              accounts: (page as LeaderboardPage).accounts.map((row) => ({
                ...row,
                leaderboardName: name,
              })),
            }
          );
        if (!held.includes(String(params.window))) return rows();
        return new Promise<void>((go) => waiting.push(go)).then(rows);
      }) as PapertradeClient["read"],
    };
    await body({ ...deps, papertrade }, { waiting: () => waiting.length, release, windowsRead });
  } finally {
    release();
    await upstream.close();
  }
}

/** `promise`, or a failure after 10 s: the guard only ends a failing case. */
function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let guard: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      guard = setTimeout(() => reject(new Error(what)), 10_000);
    }),
  ]).finally(() => clearTimeout(guard));
}

Deno.test("the wallet page's head arrives while its 7d and 30d standings are held, and the page then has all four", async () => {
  await withHeldWindows(["7d", "30d"], async (deps, held) => {
    const reads = readWalletPage(deps, whale, { now: deps.now });
    const { summary } = await within(reads.head, "the head waited for the 7d and 30d reads");
    assert.equal(held.waiting(), 2, "the 7d and 30d reads are held");
    assert.deepEqual(summary.ranks.map((rank) => rank.window), ["24h", "all"]);
    assert.equal(summary.leaderboardName, "Moby Dick Capital");
    held.release();
    const page = await reads.page;
    assert.deepEqual(page.summary.ranks.map((rank) => rank.window), ["24h", "7d", "30d", "all"]);
    assert.deepEqual([...held.windowsRead].sort(), ["24h", "30d", "7d", "all"]);
  });
});

for (const encoding of ["identity", "gzip"]) {
  Deno.test(`the wallet page's status and first bytes come while every standing is held, its title once they are in (${encoding})`, async () => {
    await withHeldWindows(["24h", "7d", "30d", "all"], async (deps, held) => {
      const response = await within(
        Promise.resolve(
          buildApp(deps).request(`/wallet/${whale}`, {
            headers: { "accept-encoding": encoding },
          }),
        ),
        "the status waited for the standings",
      );
      assert.equal(response.status, 200);
      assert.equal(response.headers.get("content-encoding") ?? "identity", encoding);
      const body = encoding === "gzip"
        ? response.body!.pipeThrough(new DecompressionStream("gzip"))
        : response.body!;
      const reader = body.pipeThrough(new TextDecoderStream()).getReader();
      let text = "";
      while (!text.includes("enhance.")) {
        const next = await within(reader.read(), "the first bytes waited for the standings");
        assert.ok(!next.done, "the page ended before its first bytes");
        text += next.value;
      }
      assert.ok(held.waiting() > 0, "the standings are still held");
      assert.match(text, /^<!doctype html><html[^>]*><head><meta charset="utf-8"\/>/);
      assert.match(text, /<link rel="stylesheet" href="\/static\/[^"]+\.css"\/>/);
      assert.ok(!text.includes("<title>"), "the title came before the standings");
      held.release();
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        text += next.value;
      }
      const head = text.slice(0, text.indexOf("</head>"));
      assert.equal(head.match(/<title>/g)?.length, 1, "one title, in the head");
      assert.match(head, /<title>Moby Dick Capital \(0xc2c121…\) · Papertrade Explorer<\/title>/);
      assert.match(head, /<meta property="og:description" content="Balance [^"]+24h PnL/);
      assert.ok(!/[\uE000-\uF8FF]/.test(text), "no marker of the app's is left in the page");
      assert.ok(text.trimEnd().endsWith("</html>"));
    });
  });
}

Deno.test("a leaderboard name carrying the page's private-use markers is only text: the page is whole, with one title and one slot", async () => {
  // The characters a streamed page once marked its head's cut and its slot with, and a tag.
  const name = "Evil \uE000head\uE000 \uE000content\uE000 <b>name</b>";
  await withHeldWindows([], async (deps) => {
    const response = await buildApp(deps).request(`/wallet/${whale}`);
    assert.equal(response.status, 200);
    const html = await response.text();
    assert.ok(html.trimEnd().endsWith("</html>"), "the page was cut short");
    const head = html.slice(0, html.indexOf("</head>"));
    assert.equal(head.match(/<title>/g)?.length, 1);
    assert.ok(head.includes("Evil \uE000head\uE000 \uE000content\uE000 &lt;b>name&lt;/b>"));
    assert.ok(html.includes('aria-labelledby="open-positions"'), "the positions are there");
    assert.ok(html.includes('id="trades"'), "the trade table is there");
  }, name);
});
