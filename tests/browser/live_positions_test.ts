/**
 * The LivePositions island in a real browser: hydration leaves the server's markup untouched,
 * marks move on screen through our SSE stream, ages tick, polling takes over when the stream is
 * refused, and leaving the page closes the upstream stream.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { parseHTML } from "linkedom";
import { ISLAND_SCRIPT_URL } from "../../client/island.tsx";
import { browserTest, catalog, eventually, type LiveSite, watchErrors } from "./_harness.ts";

const WHALE = catalog.wallets.whale.address;
const QUEUED = catalog.wallets.pending_ops.address;

/** What the account island shows that no stream carries: queue places and outcomes, by intent. */
interface AccountFacts {
  queue: Record<string, string>;
  outcomes: Record<string, string>;
}

/** The account island's facts in `root` (a live page or parsed server HTML): runs in both. */
function accountFacts(root: ParentNode): AccountFacts {
  const island = root.querySelector('[data-island="LiveAccount"]')!;
  const intentOf = (element: Element) =>
    /\/intent\/(0x[0-9a-f]{64})/.exec(element.querySelector("a")!.getAttribute("href")!)![1];
  const facts: AccountFacts = { queue: {}, outcomes: {} };
  for (const row of island.querySelectorAll("tbody tr")) {
    facts.queue[intentOf(row)] = row.querySelector("td")!.textContent!.trim();
  }
  for (const item of island.querySelectorAll("ul.outcomes li")) {
    if (item.querySelector('a[href^="/intent/"]')) {
      facts.outcomes[intentOf(item)] = item.querySelector(".badge")!.textContent!;
    }
  }
  return facts;
}

/** {@link accountFacts} of the live page, as an expression for `page.evaluate`. */
const read = `(${accountFacts})(document)`;

/** The marks column of the positions table, top to bottom. */
function marksOf(page: Page): Promise<string[]> {
  return page.locator('[data-island] td[data-col="mark"]').allTextContents();
}

/** Waits (up to 10 s) until some position's mark on screen differs from `initial`. */
async function marksMoveFrom(page: Page, initial: string[]): Promise<void> {
  await page.waitForFunction(
    (marks) =>
      [...document.querySelectorAll('[data-island] td[data-col="mark"]')]
        .some((cell, i) => cell.textContent !== marks[i]),
    initial,
    { timeout: 10_000 },
  );
}

/** Serves the real island bundle wrapped in a probe that records what hydration changed. */
async function probeHydration(page: Page, site: LiveSite) {
  const bundle = await (await fetch(`${site.origin}${ISLAND_SCRIPT_URL}`)).text();
  const before = `const __probe = new MutationObserver(() => {});
__probe.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
const __islands = document.querySelectorAll("[data-island]").length;\n`;
  const after = `\nwindow.__hydration = {
  islands: __islands,
  hydrated: document.querySelectorAll("[data-hydrated]").length,
  changes: __probe.takeRecords().filter((r) => r.attributeName !== "data-hydrated")
    .map((r) => r.type + " on " + r.target.nodeName + ": " + (r.target.textContent || "").slice(0, 60)),
};
__probe.disconnect();\n`;
  await page.route(
    `**${ISLAND_SCRIPT_URL}`,
    (route) =>
      route.fulfill({ status: 200, contentType: "text/javascript", body: before + bundle + after }),
  );
}

browserTest("the live positions island in Chromium", async (t, { site, browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });

  await t.step("hydration changes nothing in the server's markup", async () => {
    const page = await context.newPage();
    const errors = watchErrors(page);
    await probeHydration(page, site);
    await page.goto(`${site.origin}/wallet/${WHALE}`);
    await page.waitForFunction(() => "__hydration" in window);
    const result = await page.evaluate(() =>
      (window as unknown as { __hydration: unknown }).__hydration
    );
    // The risk band, the positions, the account panel and the star.
    assert.deepEqual(result, { islands: 4, hydrated: 4, changes: [] });
    assert.deepEqual(errors, []);
    await page.close();
  });

  await t.step("a position's mark visibly updates within 10 s and the ages tick", async () => {
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${site.origin}/wallet/${WHALE}`);
    await page.waitForSelector("[data-island][data-hydrated]");
    const first = await marksOf(page);
    assert.equal(first.length, catalog.wallets.whale.openPositions);
    await marksMoveFrom(page, first);
    assert.equal(await page.locator(".freshness .badge").textContent(), "Live");
    // The account's age is measured on the server's clock: it ticks every second, or a patch
    // brings a newer block (the replay stamps each patch at its second); either way the line
    // changes, and an account state is never shown as "in 1 s" (a stamp a second ahead of the
    // clock's estimate reads "0 s ago").
    const freshness = page.locator(".freshness");
    const line = await freshness.textContent();
    await page.waitForFunction(
      (previous) => document.querySelector(".freshness")?.textContent !== previous,
      line,
      { timeout: 5_000 },
    );
    assert.match(await page.locator(".freshness time").last().textContent() ?? "", /^\d+ s ago$/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  await t.step("when the stream is refused, polling keeps the marks moving", async () => {
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.route(
      `**/wallet/${WHALE}/live`,
      (route) =>
        route.fulfill({
          status: 503,
          contentType: "application/json",
          body: '{"error":"busy"}',
        }),
    );
    await page.goto(`${site.origin}/wallet/${WHALE}`);
    await page.waitForSelector("[data-island][data-hydrated]");
    await page.waitForFunction(
      () => document.querySelector(".freshness .badge")?.textContent === "Refreshing every 5 s",
    );
    const first = await marksOf(page);
    await marksMoveFrom(page, first);
    // The refused stream is reported by the browser itself; nothing else may fail.
    assert.deepEqual(errors.filter((error) => !error.includes("/live")), []);
    await page.close();
  });

  await t.step("through many stream patches the page keeps the server's queue places", async () => {
    const page = await context.newPage();
    const errors = watchErrors(page);
    const response = await page.goto(`${site.origin}/wallet/${QUEUED}`);
    const server = accountFacts(parseHTML(await response!.text()).document as never);
    const intents = Object.keys(server.queue);
    assert.equal(intents.length, catalog.wallets.pending_ops.pendingOperations);
    assert.ok(Object.values(server.queue).every((text) => /^#\d+$/.test(text)), "all ranked");
    await page.waitForSelector("[data-island][data-hydrated]");
    // The replay's patches end one intent and accept it again, one intent after the other.
    // Until two have ended and come back (six patches), every look at the page must show the
    // server's queue place for each listed intent, and no outcome for a pending intent.
    const ended = new Set<string>();
    const deadline = Date.now() + 30_000;
    for (let shown = server; ended.size < 2 || Object.keys(shown.queue).length < intents.length;) {
      assert.ok(Date.now() < deadline, `only ${ended.size} intents ended`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      shown = await page.evaluate(read);
      for (const [intent, place] of Object.entries(shown.queue)) {
        assert.equal(place, server.queue[intent], `queue place of ${intent}`);
        assert.equal(shown.outcomes[intent], undefined, `no outcome while ${intent} is pending`);
      }
      for (const intent of Object.keys(shown.outcomes)) ended.add(intent);
    }
    assert.deepEqual(errors, []);
    await page.close();
  });

  await t.step("leaving the page closes the upstream wallet stream", async () => {
    await context.close();
    // Each wallet's upstream stream outlives its last viewer by the hub's grace period (10 s,
    // shortened to 0.5 s by the harness).
    await eventually(
      () => site.upstream.stats().openStreams === 0,
      "upstream streams closed",
      15_000,
    );
  });
});
