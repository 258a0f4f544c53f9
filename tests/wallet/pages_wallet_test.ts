import assert from "node:assert/strict";
import { catalog, withPages } from "../harness.ts";
import { assetUrl } from "../../lib/delivery/static_assets.ts";
import { trailRequestBound } from "../../lib/hyperevm/settlement_trail.ts";

const whale = catalog.wallets.whale.address;
const HISTORY = catalog.tradeHistory;

/** The trade rows of a wallet page (each starts with its position link as the row header). */
function tradeRows(html: string): number {
  const section = html.split('id="trades"')[1] ?? "";
  return section.match(/<th scope="row"><a href="\/position\//g)?.length ?? 0;
}

/** The "Older trades" link of a wallet page, decoded from HTML. */
function olderLink(html: string): string | null {
  const match = /<a href="([^"]+)" rel="next">Older trades<\/a>/.exec(html);
  return match ? match[1].replaceAll("&amp;", "&") : null;
}

Deno.test("the wallet page shows funds, live positions, intents, PAPER, keys, ranks, chart and trades", async () => {
  await withPages(async ({ get }) => {
    const { status, headers, body } = await get(`/wallet/${whale}`);
    assert.equal(status, 200);
    assert.match(headers.get("content-type") ?? "", /^text\/html/);
    assert.match(body, /<title>Moby Dick Capital \(0xc2c121…\) · Papertrade Explorer<\/title>/);
    for (
      const label of ["Balance", "Queued", "Locked", "Available", "PAPER held", "PAPER staked"]
    ) {
      assert.ok(body.includes(`<dt>${label}</dt>`), `missing ${label}`);
    }
    for (
      const label of ["Pending rewards", "Deposits", "Withdrawals", "Realized PnL", "Fees paid"]
    ) {
      assert.ok(body.includes(`<dt>${label}</dt>`), `missing ${label}`);
    }
    // The positions section (live island) lists every open position.
    assert.match(body, /<section class="wallet-positions" aria-labelledby="open-positions"/);
    assert.match(body, /data-island="LivePositions"/);
    assert.ok(
      body.includes(`<script type="module" src="${assetUrl("/static/build/islands.js")}">`),
    );
    // Pending intents link to their page with the wallet, which enables the queue check.
    assert.match(body, new RegExp(`href="/intent/0x[0-9a-f]{64}\\?wallet=${whale}"`));
    // One session key has expired, the other is active.
    assert.match(body, /<span class="badge expired">expired<\/span>/);
    assert.match(body, /<span class="badge ok">active<\/span>/);
    // A rank per window, each linking to the leaderboard page that holds the wallet.
    for (const window of ["7d", "30d", "all"]) {
      assert.match(body, new RegExp(`<a href="/leaderboard\\?window=${window}(&amp;page=\\d+)?">`));
    }
    // The PnL chart is inline SVG on a true time axis over the whole history, with a title, a
    // description, value ticks, the unrealized end point and its data table, and no script.
    const svg = /<svg class="chart-svg"[\s\S]*?<\/svg>/.exec(body.split('id="pnl"')[1])?.[0] ?? "";
    assert.match(svg, /role="img" aria-labelledby="pnl-chart-title pnl-chart-desc"/);
    assert.match(svg, /<title id="pnl-chart-title">Cumulative net PnL \(USD\)<\/title>/);
    assert.match(svg, /<desc id="pnl-chart-desc">From \d{4}-\d\d-\d\d [\d:]+ UTC to /);
    assert.match(svg, /<path class="line (good|bad)" d="M[\d.]+ [\d.]+ H/);
    assert.match(svg, /<text class="label"[^>]*>\$0<\/text>/);
    assert.match(
      svg,
      /<circle [^>]*><title>\d{4}-\d\d-\d\d [\d:]+ UTC: With unrealized now [+-]?\$/,
    );
    assert.doesNotMatch(svg, /<script|style=/);
    // The time axis: several labels, in order, none repeated.
    const axis = [...svg.matchAll(/text-anchor="middle">([\d:-]+)<\/text>/g)].map((m) => m[1]);
    assert.ok(axis.length >= 2, axis.join(", "));
    assert.deepEqual(axis, [...new Set(axis)].sort());
    assert.match(body, new RegExp(`net PnL of ${HISTORY.trades} trades closed in this window`));
    assert.match(body, /counted over the whole history/);
    assert.equal(tradeRows(body), HISTORY.pageSize);
    assert.match(body, new RegExp(`href="/wallet/${whale}/trades.csv" download`));
  });
});

Deno.test("the wallet page has one unrealized PnL: the leaderboard's is labelled its snapshot", async () => {
  await withPages(async ({ get }) => {
    const { body } = await get(`/wallet/${whale}`);
    assert.equal((body.match(/<dt>Unrealized PnL<\/dt>/g) ?? []).length, 1, "the live band");
    const ranks = body.split('id="ranks"')[1].split('id="pnl"')[0];
    assert.match(ranks, /<th scope="col" class="num">Snapshot unrealized<\/th>/);
    assert.doesNotMatch(ranks, />Unrealized</);
  });
});

Deno.test("the wallet page: links near the top, pending rewards with PAPER, not under the outcomes", async () => {
  await withPages(async ({ get }) => {
    const { body } = await get(`/wallet/${whale}`);
    const at = (text: string) => {
      const index = body.indexOf(text);
      assert.ok(index >= 0, `missing ${text}`);
      return index;
    };
    assert.ok(
      at('<nav class="toc" aria-label="On this page">') < at('data-island="WalletRiskBand"'),
    );
    assert.ok(at("<dt>PAPER staked</dt>") < at("<dt>Pending rewards</dt>"));
    assert.ok(at("<dt>Pending rewards</dt>") < at('id="pending"'));
    assert.ok(at("<dt>Pending rewards</dt>") < at('id="outcomes"'));
    assert.match(body, /<dt>Pending rewards<\/dt><dd><span>\$[\d,.]+<\/span>/);
    // The block the account is indexed through is said once, in the live freshness line.
    assert.equal((body.match(/block [\d,]+/g) ?? []).length, 1);
  });
});

Deno.test("trade history pages by cursor, 75 rows a page, to the last page", async () => {
  await withPages(async ({ get }) => {
    let next: string | null = `/wallet/${whale}`;
    const pages: number[] = [];
    while (next !== null) {
      const { status, body } = await get(next.replace(/#trades$/, ""));
      assert.equal(status, 200);
      pages.push(tradeRows(body));
      next = olderLink(body);
      if (pages.length > 1) assert.ok(body.includes(`href="/wallet/${whale}#trades"`));
    }
    assert.deepEqual(pages, [75, 75, 31]);
    assert.equal(pages.reduce((a, b) => a + b), HISTORY.trades);
  });
});

Deno.test("the losses filter lists only losing trades and keeps the filter when paging", async () => {
  await withPages(async ({ get }) => {
    const first = await get(`/wallet/${whale}?filter=losses`);
    assert.equal(first.status, 200);
    assert.match(first.body, /<strong aria-current="page">losses only<\/strong>/);
    assert.equal(tradeRows(first.body), 75);
    const next = olderLink(first.body)!;
    assert.match(next, /^\/wallet\/0x[0-9a-f]{40}\?filter=losses&cursor=/);
    const second = await get(next.replace(/#trades$/, ""));
    assert.equal(tradeRows(second.body), HISTORY.losses - 75);
    assert.equal(olderLink(second.body), null);
    // Every net PnL cell on a losses page is a loss.
    const trades = second.body.split('id="trades"')[1];
    assert.doesNotMatch(trades, /<td class="num good">\+\$/);
  });
});

Deno.test("the CSV export holds the full history with RFC 4180 quoting, as an attachment", async () => {
  await withPages(async ({ get }) => {
    const { status, headers, body } = await get(`/wallet/${whale}/trades.csv`);
    assert.equal(status, 200);
    assert.match(headers.get("content-type") ?? "", /^text\/csv; charset=utf-8/);
    assert.equal(
      headers.get("content-disposition"),
      `attachment; filename="papertrade-${whale}-trades.csv"`,
    );
    assert.ok(body.endsWith("\r\n"));
    const lines = body.slice(0, -2).split("\r\n");
    assert.equal(lines[0].split(",")[0], "wallet");
    assert.ok(lines[0].includes("net_pnl_usd"));
    assert.equal(lines.length - 1, HISTORY.trades);
    assert.ok(lines.slice(1).every((line) => line.startsWith(`${whale},Moby Dick Capital,`)));
    const losses = await get(`/wallet/${whale}/trades.csv?filter=losses`);
    assert.equal(losses.body.trim().split("\r\n").length - 1, HISTORY.losses);
  });
});

Deno.test("an unknown wallet is a 404 page saying what was looked up", async () => {
  await withPages(async ({ get }) => {
    const unknown = catalog.wallets.unknown.address;
    const { status, body } = await get(`/wallet/${unknown}`);
    assert.equal(status, 404);
    assert.ok(body.includes(unknown), "the page names the address looked up");
  });
});

Deno.test("a fresh wallet renders with no positions, no trades and no chart", async () => {
  await withPages(async ({ get }) => {
    const { status, body } = await get(`/wallet/${catalog.wallets.fresh.address}`);
    assert.equal(status, 200);
    assert.doesNotMatch(body, /id="pnl-chart"/, "no chart");
    assert.equal(tradeRows(body), 0);
  });
});

Deno.test("malformed wallet links are 400 pages that say what is wrong", async () => {
  await withPages(async ({ get }) => {
    const bad = await get("/wallet/0x1234");
    assert.equal(bad.status, 400);
    const filter = await get(`/wallet/${whale}?filter=wins`);
    assert.equal(filter.status, 400);
    // The page names the parameter and the values it takes.
    assert.match(filter.body, /\bfilter\b[^<]*\ball\b[^<]*\blosses\b/);
    const cursor = await get(`/wallet/${whale}?cursor=%3Cscript%3E`);
    assert.equal(cursor.status, 400);
    const refused = await get(`/wallet/${whale}?cursor=notacursor`);
    assert.equal(refused.status, 400);
    const csv = await get("/wallet/0x12/trades.csv");
    assert.equal(csv.status, 400);
  });
});

Deno.test("a checksummed address moves to the lower-case page, keeping the query", async () => {
  await withPages(async ({ get }) => {
    const upper = `0x${whale.slice(2).toUpperCase()}`;
    const { status, headers } = await get(`/wallet/${upper}?filter=losses`);
    assert.equal(status, 301);
    assert.equal(headers.get("location"), `/wallet/${whale}?filter=losses`);
  });
});

Deno.test("upstream failures give 502, 503 and 504 pages naming the Papertrade API", async () => {
  await withPages(async ({ get, upstream }) => {
    upstream.setFaults({ target: "api", status: 500 });
    const broken = await get(`/wallet/${whale}`);
    assert.equal(broken.status, 502);
    assert.match(broken.body, /Papertrade API is not answering/);
    assert.doesNotMatch(broken.body, /at \w+ \(|\.ts:\d+/);
    upstream.setFaults({ target: "api", rateLimit: { retryAfterS: 0 } });
    assert.equal((await get(`/wallet/${whale}`)).status, 503);
    upstream.setFaults({ target: "api", hang: true });
    const hung = await get(`/wallet/${whale}`);
    assert.equal(hung.status, 504);
    const csv = await get(`/wallet/${whale}/trades.csv`);
    assert.equal(csv.status, 504);
    assert.match(csv.body, /Papertrade API/);
  }, { upstreamTimeoutMs: 300 });
});

Deno.test("every upstream read of the wallet page starts at once: one round trip of latency", async () => {
  await withPages(async ({ get, upstream }) => {
    // A fresh app has an empty read cache, so every read reaches the upstream. Each API answer
    // is held, so reads made together are in flight together; made one after another, at most
    // one would be. Only the marks wait, for the trading state's instruments (and go to the RPC).
    upstream.setFaults({ target: "api", latencyMs: 200 });
    const { status } = await get(`/wallet/${whale}`);
    assert.equal(status, 200);
    // The snapshot, trading state, queue ranks, leaderboard standing and trade history.
    const { peakInFlight } = upstream.stats();
    assert.ok(peakInFlight >= 5, `at most ${peakInFlight} reads were in flight at once`);
  });
});

Deno.test("a cold wallet page costs eleven requests and its table's settlement trail, within the stated bound; again, no trail", async () => {
  await withPages(async ({ get, upstream }) => {
    const { status, body } = await get(`/wallet/${whale}`);
    assert.equal(status, 200);
    assert.equal(tradeRows(body), HISTORY.pageSize);
    assert.match(body, new RegExp(`net PnL of ${HISTORY.trades} trades closed in this window`));
    // The snapshot, the trading state, the marks' one eth_call batch, the win fee, the protocol
    // summary (the staking accumulator), the queue ranks, one leaderboard row per window (four)
    // and one trade-history read; then the trail of the table's 75 rows, which name no
    // transaction in the history.
    const cold = upstream.stats().requests;
    assert.ok(
      cold <= 11 + trailRequestBound(HISTORY.pageSize),
      `a cold wallet page made ${cold} upstream requests`,
    );
    // What the trail found is kept: the page again reads at most the API's short-lived answers.
    assert.equal((await get(`/wallet/${whale}`)).status, 200);
    const again = upstream.stats().requests - cold;
    assert.ok(again <= 11, `the wallet page again made ${again} upstream requests`);
  });
});

/** The wallet page's standing table: each window's rank ("#12"), or what it shows instead. */
function rankCells(html: string): Map<string, string> {
  const table = html.split('id="ranks"')[1].split('id="pnl"')[0];
  return new Map(
    [...table.matchAll(/<tr><th scope="row"><a [^>]*>([^<]+)<\/a><\/th><td[^>]*>([^<]*)</g)]
      .map((m) => [m[1], m[2]]),
  );
}

Deno.test("the wallet page shows the wallet's rank in all four windows, the ranks get_wallet gives", async () => {
  await withPages(async ({ app, get }) => {
    const { body } = await get(`/wallet/${whale}`);
    const response = await app.request("/api/tools/get_wallet", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ address: whale }),
    });
    const tool = await response.json();
    assert.equal(tool.ranks.length, 4);
    const labels: Record<string, string> = {
      "24h": "24 hours",
      "7d": "7 days",
      "30d": "30 days",
      all: "All time",
    };
    const cells = rankCells(body);
    for (const rank of tool.ranks as { window: string; rank: number | null }[]) {
      assert.notEqual(rank.rank, null, rank.window);
      assert.equal(cells.get(labels[rank.window]), `#${rank.rank}`, rank.window);
    }
    assert.doesNotMatch(body, /Find its rank on the leaderboard/);
  });
});

Deno.test('the wallet page\'s "find its rank" search lands on that wallet alone, not on a name that contains its address', async () => {
  const named = catalog.hostileNames.find((item) => item.name.includes(whale))!;
  assert.ok(named, "a leaderboard name contains the whale's address");
  await withPages(async ({ get }) => {
    // The search the form sends when a window's read failed: the default window is 24 h.
    for (const query of [`q=${whale}`, `q=${whale.toUpperCase().replace("0X", "0x")}`]) {
      for (const sort of ["", "&sort=nearestToBust"]) {
        const { status, body } = await get(`/leaderboard?${query}${sort}`);
        assert.equal(status, 200);
        const wallets = [...body.matchAll(/<a class="row-link" href="\/wallet\/(0x[0-9a-f]{40})"/g)]
          .map((m) => m[1]);
        assert.deepEqual(wallets, [whale], `${query}${sort}`);
      }
    }
    // A fragment of an address still finds every wallet it is part of, names included.
    const fragment = await get(`/leaderboard?q=${whale.slice(0, 12)}`);
    assert.ok(fragment.body.includes(`href="/wallet/${named.address}"`));
  });
});

Deno.test("the wallet page's three islands hydrate from one props blob, embedded once", async () => {
  await withPages(async ({ get }) => {
    const { body } = await get(`/wallet/${whale}`);
    assert.equal((body.match(/data-island="/g) ?? []).length, 4);
    assert.equal((body.match(/data-island-props="/g) ?? []).length, 1);
    // Only the star carries props of its own: the address.
    assert.deepEqual(body.match(/data-props="[^"]*"/g), [
      `data-props="{&quot;address&quot;:&quot;${whale}&quot;}"`,
    ]);
    // The live wallet carries its build time once: it is in the page once.
    assert.equal((body.match(/&quot;generated_at_ms&quot;/g) ?? []).length, 1);
  });
});
