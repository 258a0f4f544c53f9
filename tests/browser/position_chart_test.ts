/**
 * The position chart in Chromium: its small script, allowed by the site's CSP, swaps in the
 * server's newer drawing while the marks move, with no framework and no console error.
 */
import assert from "node:assert/strict";
import { browserTest, catalog } from "./_harness.ts";

browserTest("the position chart re-draws from the server while the page is open", async (_t, s) => {
  const { id, owner } = catalog.positions.open;
  const context = await s.browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await s.open(context, `/position/${id}?wallet=${owner}`);
  const rowsOf = () => page.locator("#position-chart tbody tr").count();
  const before = await page.locator("#position-chart desc").textContent();
  const fetched: string[] = [];
  page.on("request", (request) => fetched.push(new URL(request.url()).pathname));
  // The script asks every 5 s; the price poller keeps a sample per 5 s: a guard of 20 s only
  // ends a failing case.
  await page.waitForFunction(
    (text) => document.querySelector("#position-chart desc")?.textContent !== text,
    before,
    { timeout: 20_000 },
  );
  assert.ok(fetched.includes(`/position/${id}/chart`), fetched.join(", "));
  assert.ok(await rowsOf() >= 1);
  assert.match((await page.locator("#position-chart svg").getAttribute("role")) ?? "", /^img$/);
  await page.close();
  assert.deepEqual(s.errors, []);
});
