/**
 * The MCP Apps views in a real host: Chromium runs a page with the official MCP client and the
 * ext-apps `AppBridge` (`_views_host.ts`), which loads each view's resource into a sandboxed
 * iframe under the CSP the resource declares, and hands it a real tool result from the replay
 * app. For each view, in one tab, in turn: the rendered figures equal the result's
 * structuredContent; the positions view calls get_positions again through the bridge and
 * shows the new answer; the at-risk view's band filter asks the tool again through the bridge;
 * a hostile leaderboard name renders as text; the markets view draws the protocol history the
 * result carries in `_meta`, point for point, and says it is unavailable when its read failed;
 * links go to the host; axe finds nothing in light or dark; no error in the console.
 *
 * With VIEW_SCREENSHOTS=1 it also writes the docs' screenshots (static/docs/views/<name>.png).
 */
import assert from "node:assert/strict";
import * as esbuild from "esbuild";
import type { Frame, Page } from "playwright-core";
import { parseHTML } from "linkedom";
import { browserTest, catalog } from "./_harness.ts";
import { audit } from "./_a11y.ts";
import { distanceText } from "../../lib/figure_text.ts";
import { chartLayout } from "../../lib/chart.ts";
import { HISTORY_META_KEY, historyMetaSchema } from "../../lib/markets/mod.ts";

const SCREENSHOTS = Deno.env.get("VIEW_SCREENSHOTS") === "1";
const SHOTS = new URL("../../static/docs/views/", import.meta.url);

/** The host page: the bundled host script, and a place for the view. */
async function hostPage(): Promise<string> {
  const built = await esbuild.build({
    entryPoints: [new URL("./_views_host.ts", import.meta.url).pathname],
    bundle: true,
    format: "esm",
    platform: "browser",
    write: false,
    logLevel: "silent",
  });
  await esbuild.stop();
  const script = new TextDecoder().decode(built.outputFiles[0].contents)
    .replace(/<\/(script)/gi, "<\\/$1");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Views test host</title>
<style>body{margin:16px;font-family:sans-serif}iframe{width:960px;height:400px;border:0;display:block}</style>
</head><body><main id="host"><h1>Test host</h1></main><script type="module">${script}</script></body></html>`;
}

type Row = Record<string, string>;

/** What the view shows: each `[data-field]` cell's text, by the key of its row. */
async function shown(frame: Frame, rowKey: string): Promise<Map<string, Row>> {
  const rows = await frame.evaluate(
    (key) =>
      [...document.querySelectorAll(`[${key}]`)].map((row) => {
        const cells: Record<string, string> = {};
        for (const cell of row.querySelectorAll("[data-field]")) {
          cells[cell.getAttribute("data-field")!] = cell.firstChild?.textContent ?? "";
        }
        return [row.getAttribute(key)!, cells] as [string, Record<string, string>];
      }),
    rowKey,
  );
  return new Map(rows);
}

/**
 * A displayed figure (`$1,234.56`, `+$1.2K`, `0.069%`, `100x`, `97,000.5`) against the number it
 * shows: equal to the precision displayed. `n/a` stands for null.
 */
function assertFigure(text: string | undefined, value: unknown, what: string) {
  assert.ok(text !== undefined, `${what}: not shown`);
  if (value === null || value === undefined) {
    assert.match(text, /^(n\/a|no quote)$/, what);
    return;
  }
  const match = text.replace(/[,$+x%\s]/g, "").match(/^(-?\d+(?:\.(\d+))?)([KMBT]?)$/);
  assert.ok(match, `${what}: ${JSON.stringify(text)} is not a figure`);
  const scale = { "": 1, K: 1e3, M: 1e6, B: 1e9, T: 1e12 }[match[3]]!;
  const step = 10 ** -(match[2]?.length ?? 0) * scale;
  const shownValue = Number(match[1]) * scale;
  assert.ok(
    Math.abs(shownValue - Number(value)) <= step / 2 + Math.abs(Number(value)) * 1e-12,
    `${what}: shows ${text}, the result has ${value}`,
  );
}

// deno-lint-ignore no-explicit-any
type Json = any;

interface Host {
  page: Page;
  mcpUrl: string;
}

async function showView(host: Host, tool: string, args: Json, theme = "light") {
  const shownResult: Json = await host.page.evaluate(
    ([url, name, input, scheme]) => (globalThis as Json).viewsHost.show(url, name, input, scheme),
    [host.mcpUrl, tool, args, theme] as const,
  );
  const frame = await (await host.page.$("#frame"))!.contentFrame();
  assert.ok(frame, "the view's frame");
  await frame.waitForSelector("h1");
  return { frame, ...shownResult } as {
    frame: Frame;
    uri: string;
    mimeType: string;
    csp: Json;
    structured: Json;
    meta: Json;
  };
}

const hostState = (page: Page): Promise<Json> =>
  page.evaluate(() => (globalThis as Json).viewsHost.state);

/** axe inside the view, in light and dark (the host's theme), with nothing found. */
async function assertAccessible(host: Host, frame: Frame, name: string) {
  const background: string[] = [];
  for (const theme of ["light", "dark"] as const) {
    await host.page.evaluate((scheme) => (globalThis as Json).viewsHost.setTheme(scheme), theme);
    await frame.waitForFunction(
      (scheme) => document.documentElement.getAttribute("data-theme") === scheme,
      theme,
    );
    background.push(await frame.evaluate(() => getComputedStyle(document.body).backgroundColor));
    // audit() reads a Page's addScriptTag and evaluate, which a Frame has alike.
    const found = await audit(frame as unknown as Page);
    assert.ok(await frame.evaluate(() => "axe" in globalThis), "axe ran inside the view");
    assert.deepEqual(found, [], `${name}, ${theme}: ${JSON.stringify(found, null, 1)}`);
  }
  assert.notEqual(background[0], background[1], `${name} follows the host's theme`);
  await host.page.evaluate(() => (globalThis as Json).viewsHost.setTheme("light"));
}

async function screenshot(host: Host, name: string, maxHeight = 640) {
  if (!SCREENSHOTS) return;
  await Deno.mkdir(SHOTS, { recursive: true });
  const box = (await (await host.page.$("#frame"))!.boundingBox())!;
  // A long board is cut at 640 px: the picture shows what a reader sees first.
  await host.page.screenshot({
    path: new URL(`${name}.png`, SHOTS).pathname,
    clip: { ...box, height: Math.min(box.height, maxHeight) },
  });
}

/**
 * The protocol history chart the markets view draws, against the series of the result's
 * `_meta`: for each figure (picked in the view's select), every line is the path of exactly its
 * non-null points at their times, as the pages' chart geometry lays them out, ending at the last.
 */
async function assertHistoryChart(frame: Frame, meta: Json) {
  const history = historyMetaSchema.parse(meta?.[HISTORY_META_KEY]);
  assert.ok(history.charts.length > 0 && history.at_ms.length > 1, "the result carries a history");
  for (const chart of history.charts) {
    await frame.selectOption("#history-figure", chart.id);
    await frame.waitForSelector(`figure[data-chart="${chart.id}"]`);
    const drawn = await frame.$$eval(
      "#history-chart path.line",
      (paths) =>
        paths.map((path) => ({
          label: path.getAttribute("data-series"),
          d: path.getAttribute("d"),
          last: path.getAttribute("data-last"),
        })),
    );
    const series = chart.series.map((line) => ({
      label: line.label,
      tone: line.tone,
      points: line.values.flatMap((value, i) =>
        value === null ? [] : [{ at: history.at_ms[i], value, text: "" }]
      ),
    }));
    const layout = chartLayout(series)!;
    assert.deepEqual(
      drawn,
      series.map((line, i) => ({
        label: line.label,
        d: layout.paths[i],
        last: String(line.points.at(-1)!.value),
      })),
      chart.id,
    );
    // One vertex per point: nothing dropped, nothing added.
    for (const [i, line] of series.entries()) {
      assert.equal(drawn[i].d!.split(/[MLHV]/).length - 1, line.points.length, chart.id);
    }
    const title = await frame.textContent("#history-svg-title");
    assert.equal(title, chart.title);
  }
  await frame.selectOption("#history-figure", history.charts[0].id);
}

browserTest(
  "the MCP Apps views render real results in a host with the ext-apps AppBridge",
  async (t, session) => {
    const html = await hostPage();
    const server = Deno.serve(
      { hostname: "127.0.0.1", port: 0, onListen: () => {} },
      () => new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } }),
    );
    const context = await session.browser.newContext({ viewport: { width: 1000, height: 900 } });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("console", (message) => {
        // The SDK's transport tries GET /mcp for a server stream; the stateless server answers 405
        // (docs "MCP server") and the client goes on without one, but Chromium logs the status.
        if (message.type() === "error" && !/status of 405/.test(message.text())) {
          errors.push(message.text());
        }
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(`http://127.0.0.1:${server.addr.port}/`);
      const host: Host = { page, mcpUrl: `${session.site.origin}/mcp` };

      await t.step("positions: the figures of get_positions, live through the bridge", async () => {
        const wallet = catalog.wallets.whale.address;
        const view = await showView(host, "get_positions", { address: wallet });
        assert.equal(view.uri, "ui://papertrade-explorer/positions.html");
        assert.equal(view.mimeType, "text/html;profile=mcp-app");
        assert.deepEqual(view.csp.connectDomains, []);
        const first = view.structured;
        assert.ok(first.positions.length > 0, "the whale has open positions");
        const check = async (structured: Json) => {
          const rows = await shown(view.frame, "data-position");
          assert.equal(rows.size, structured.positions.length);
          for (const p of structured.positions) {
            const row = rows.get(p.position_id);
            assert.ok(row, `row #${p.position_id}`);
            // A distance reads as on every face: cut toward the bust at three decimals.
            const distance = row.distance_to_bust_percent;
            assert.equal(distance, distanceText(p.distance_to_bust_percent), `#${p.position_id}`);
            for (
              const field of [
                "unrealized_pnl_usd",
                "bust_price",
                "mark_price",
                "entry_price",
                "margin_usd",
                "notional_usd",
                "estimated_close_pnl_usd",
                "estimated_payout_usd",
              ]
            ) assertFigure(row[field], p[field], `#${p.position_id} ${field}`);
            assert.equal(row.side, `${p.market} `);
          }
          const totals = (await shown(view.frame, "data-totals")).get("")!;
          for (
            const field of [
              "margin_usd",
              "notional_usd",
              "unrealized_pnl_usd",
              "estimated_payout_usd",
            ]
          ) {
            assertFigure(totals[field], structured.totals[field], `totals ${field}`);
          }
        };
        await check(first);
        const risks = await view.frame.$$eval(
          "tr[data-position]",
          (rows) => rows.map((row) => row.getAttribute("data-risk")),
        );
        assert.deepEqual(risks, first.positions.map((p: Json) => p.risk ?? "none"));
        await screenshot(host, "positions");
        const status = () => view.frame.textContent("#status");
        const before = await status();
        assert.match(before ?? "", /Live: updated .* every 5 s/);
        // The view's own 5 s timer: it calls get_positions again through the bridge.
        let state: Json;
        const deadline = Date.now() + 30_000;
        do {
          await new Promise((resolve) => setTimeout(resolve, 250));
          state = await hostState(page);
        } while (state.calls.length === 0 && Date.now() < deadline);
        assert.ok(state.calls.length > 0, "the view called its tool again within 30 s");
        assert.equal(state.calls[0].name, "get_positions");
        assert.equal(state.calls[0].arguments.address, wallet);
        await view.frame.waitForFunction(
          (old) => document.getElementById("status")?.textContent !== old,
          before,
        );
        const latest = (await hostState(page)).calls.at(-1).structured;
        await check(latest);
        // A link goes to the host, which opens it: the wallet's page.
        await view.frame.click("h1 a");
        let links: string[] = [];
        await page.waitForFunction(() => (globalThis as Json).viewsHost.state.links.length > 0);
        links = (await hostState(page)).links;
        assert.equal(links.length, 1);
        assert.equal(new URL(links[0]).pathname, `/wallet/${wallet}`);
        assert.equal(
          page.url(),
          `http://127.0.0.1:${server.addr.port}/`,
          "the host did not navigate",
        );
        await assertAccessible(host, view.frame, "positions");
      });

      await t.step(
        "at risk: the board, a hostile name as text, the band filter through the bridge",
        async () => {
          const view = await showView(host, "get_positions_at_risk", { limit: 100 });
          const board = view.structured;
          assert.ok(board.positions.length > 0);
          const rows = await view.frame.$$eval("tr[data-position]", (trs) =>
            trs.map((tr) => ({
              key: `${tr.getAttribute("data-wallet")}#${tr.getAttribute("data-position")}`,
              cells: Object.fromEntries(
                [...tr.querySelectorAll("[data-field]")].map((cell) => [
                  cell.getAttribute("data-field")!,
                  cell.firstChild?.textContent ?? "",
                ]),
              ),
            })));
          assert.equal(rows.length, board.positions.length);
          board.positions.forEach((p: Json, index: number) => {
            const row = rows[index];
            assert.equal(row.key, `${p.wallet}#${p.position_id}`, "same order");
            for (
              const field of [
                "margin_usd",
                "mark_price",
                "bust_price",
                "move_to_bust_usd",
              ]
            ) {
              assertFigure(row.cells[field], p[field], `${row.key} ${field}`);
            }
            // A distance is cut toward the bust, never rounded across a band (every face alike).
            assert.equal(
              row.cells.distance_to_bust_percent,
              distanceText(p.distance_to_bust_percent),
              row.key,
            );
            assertFigure(row.cells.leverage, p.leverage, `${row.key} leverage`);
            assert.equal(row.cells.market, p.market);
          });
          // The replay's hostile names: markup in a name is text, never an element.
          const hostile = catalog.hostileNames.filter((h) => /[<>]/.test(h.name));
          const onBoard = board.positions.filter((p: Json) =>
            hostile.some((h) => h.name === p.leaderboard_name)
          );
          assert.ok(onBoard.length > 0, "a markup name is on the board");
          for (const p of onBoard) {
            const text = await view.frame.$eval(
              `tr[data-wallet="${p.wallet}"][data-position="${p.position_id}"] [data-field="leaderboard_name"]`,
              (cell) => ({ text: cell.textContent, children: cell.children.length }),
            );
            assert.deepEqual(text, { text: p.leaderboard_name, children: 0 });
          }
          assert.equal(await view.frame.locator("img, iframe, object, embed").count(), 0);
          assert.equal(await view.frame.locator("script").count(), 1, "only the view's own script");
          await screenshot(host, "at_risk");
          await view.frame.selectOption("#filter-band", "near_bust");
          let state: Json;
          const deadline = Date.now() + 15_000;
          do {
            await new Promise((resolve) => setTimeout(resolve, 100));
            state = await hostState(page);
          } while (state.calls.length === 0 && Date.now() < deadline);
          assert.deepEqual(state.calls[0].arguments, { limit: 100, band: "near_bust" });
          const filtered = state.calls[0].structured;
          await view.frame.waitForFunction(
            (count) => document.querySelectorAll("tr[data-position]").length === count,
            filtered.positions.length,
          );
          const bands = await view.frame.$$eval(
            "tr[data-position] [data-field=risk]",
            (cells) => cells.map((c) => c.textContent),
          );
          assert.ok(
            bands.every((band) => band === "near bust"),
            bands.join(", "),
          );
          assert.equal(await view.frame.inputValue("#filter-band"), "near_bust");
          await assertAccessible(host, view.frame, "at risk");
        },
      );

      await t.step(
        "markets: without its history read, the same answer and the chart named unavailable",
        async () => {
          // Before any read of the history: a failed read leaves no last good copy behind.
          session.site.upstream.setFaults({ path: "/query/protocol/history", status: 500 });
          try {
            const view = await showView(host, "get_protocol_overview", { recent_trades: 5 });
            assert.equal(view.meta?.[HISTORY_META_KEY], undefined, "no history in _meta");
            assert.deepEqual(view.structured.unavailable, [], "the answer itself is whole");
            const section = await view.frame.$eval(
              "section[data-history]",
              (node) => ({ state: node.getAttribute("data-history"), text: node.textContent }),
            );
            assert.equal(section.state, "unavailable");
            assert.match(section.text ?? "", /unavailable/);
            assert.equal(await view.frame.locator("#history-chart, svg").count(), 0);
            assert.equal(
              await view.frame.locator("tr[data-market]").count(),
              view.structured.markets.length,
            );
            await assertAccessible(host, view.frame, "markets without history");
          } finally {
            session.site.upstream.setFaults({});
          }
        },
      );

      await t.step(
        "markets: marks, open interest against caps and the protocol history chart",
        async () => {
          const view = await showView(host, "get_protocol_overview", { recent_trades: 5 });
          const overview = view.structured;
          assert.ok(overview.markets.length > 0);
          const rows = await shown(view.frame, "data-market");
          for (const m of overview.markets) {
            const row = rows.get(m.market)!;
            for (
              const field of [
                "mark_price",
                "long_oi_usd",
                "short_oi_usd",
                "volume_24h_usd",
                "max_leverage",
              ]
            ) {
              assertFigure(row[field], m[field], `${m.market} ${field}`);
            }
            const capText = await view.frame.$eval(
              `tr[data-market="${m.market}"] [data-field=long_oi_usd]`,
              (cell) => cell.textContent ?? "",
            );
            if (m.long_cap_usd !== null) assert.ok(capText.includes("cap ("), capText);
          }
          const totals = await view.frame.$$eval(
            "dl.stats [data-field]",
            (cells) =>
              Object.fromEntries(
                cells.map((cell) => [cell.getAttribute("data-field")!, cell.textContent ?? ""]),
              ),
          );
          for (
            const field of [
              "tvl_usd",
              "lp_usd",
              "margin_usd",
              "open_positions",
              "lifetime_volume_usd",
            ]
          ) {
            assertFigure(totals[field], overview[field], field);
          }
          assert.equal(
            await view.frame.locator("tr[data-trade]").count(),
            overview.recent_trades.length,
          );
          await assertHistoryChart(view.frame, view.meta);
          await screenshot(host, "markets", 1000);
          await assertAccessible(host, view.frame, "markets");
        },
      );

      await t.step(
        "settlement: the intents of a batch with their checks and the Exchange's events",
        async () => {
          const hash = catalog.transactions.multi_wallet_batch.hash;
          const view = await showView(host, "decode_transaction", { tx_hash: hash });
          const decoded = view.structured;
          assert.ok(decoded.intents.length > 0, "the batch decodes");
          const intents = await view.frame.$$eval("tr[data-intent]", (trs) =>
            trs.map((tr) => ({
              index: Number(tr.getAttribute("data-intent")),
              verdict: tr.querySelector("[data-field=verdict]")?.textContent,
              action: tr.querySelector("[data-field=action]")?.textContent,
              verified: tr.querySelector("[data-field=signature_verified]")?.textContent
                ?.startsWith("verified"),
            })));
          assert.deepEqual(
            intents,
            decoded.intents.map((i: Json) => ({
              index: i.index,
              verdict: i.verdict,
              action: i.action ?? "unknown kind",
              verified: i.signature_verified,
            })),
          );
          const events = await view.frame.$$eval(
            "tr[data-event] [data-field=name]",
            (cells) => cells.map((c) => c.textContent),
          );
          assert.deepEqual(
            events,
            decoded.events.map((e: Json) => e.name),
          );
          // Each intent's fields under the transaction page's labels and in its words (a time as
          // the UTC the page gives on hover, position ids as its links read).
          const page = parseHTML(await (await fetch(`${session.site.origin}/tx/${hash}`)).text());
          const onPage = [...page.document.querySelectorAll("article.intent-card")].map((card) =>
            [...card.querySelectorAll("h4 + dl.fields > div")].map((div) => {
              const dd = div.querySelector("dd")!;
              const links = [...dd.querySelectorAll("a")].map((a) => a.textContent);
              const text = dd.querySelector("time")?.getAttribute("title") ??
                (links.length > 0 ? links.join(", ") : dd.textContent!.trim());
              return [div.querySelector("dt")!.textContent, text];
            })
          );
          const inView = await view.frame.$$eval(
            "tr[data-fields-of]",
            (trs) =>
              trs.map((tr) =>
                [...tr.querySelectorAll("dl.fields dt")].map((dt) => [
                  dt.textContent,
                  dt.nextElementSibling!.textContent,
                ])
              ),
          );
          assert.ok(inView.every((fields) => fields.length > 0), "every intent shows its fields");
          assert.deepEqual(inView, onPage);
          await screenshot(host, "settlement");
          await assertAccessible(host, view.frame, "settlement");
        },
      );

      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      await server.shutdown();
    }
  },
);
