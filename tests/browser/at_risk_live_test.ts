/**
 * `/at-risk` in Chromium: its small script reads the page again on its own timer and swaps in
 * the board re-valued at a newer mark, without a reload and without an error.
 */
import assert from "node:assert/strict";
import { browserTest } from "./_harness.ts";

browserTest(
  "the at-risk board re-values itself at the live mark while the page is open",
  async (_t, session) => {
    const context = await session.browser.newContext();
    const page = await session.open(context, "/at-risk");
    const markTime = () =>
      page.evaluate(() =>
        document.querySelector("[data-live-board] p time:last-of-type")?.getAttribute("datetime")
      );
    const before = await markTime();
    const firstRow = await page.textContent("[data-live-board] tbody tr th");
    await page.evaluate(() => {
      (globalThis as unknown as { oldTable: Element | null }).oldTable = document.querySelector(
        "[data-live-board] table",
      );
    });
    // The script's own 15 s timer: wait for the table it drew to be replaced (30 s guard).
    await page.waitForFunction(
      () => {
        const old = (globalThis as unknown as { oldTable: Element | null }).oldTable;
        return old !== null && !document.contains(old) &&
          document.querySelector("[data-live-board] table") !== null;
      },
      undefined,
      { timeout: 30_000 },
    );
    const after = await markTime();
    assert.ok(before && after && Date.parse(after) > Date.parse(before), `${before} → ${after}`);
    assert.equal(await page.textContent("[data-live-board] tbody tr th"), firstRow);
    assert.equal(new URL(page.url()).pathname, "/at-risk", "no navigation");
    await context.close();
    assert.deepEqual(session.errors, []);
  },
);
