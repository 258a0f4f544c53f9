/**
 * The watchlist in Chromium: the star on a wallet page works from the keyboard and keeps the
 * wallet in localStorage; the watchlist page reads it, and with the notifications permission
 * granted, a notification fires once when the replay's mark drives the wallet's worst position
 * into `near_bust`; a shared link offers to save its list.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { browserTest, catalog } from "./_harness.ts";
import { createPapertradeClient } from "../../lib/papertrade/mod.ts";

const WALLET = catalog.hostileNames.find((item) => item.kind === "script_tag")!;

/** The notifications the page constructed, recorded by the init script. */
function notifications(page: Page): Promise<{ title: string; body: string; tag: string }[]> {
  return page.evaluate(() =>
    (globalThis as unknown as { __notifications: never[] }).__notifications
  );
}

// A full Chromium: the npm headless shell reports notification permission as denied.
browserTest("the watchlist in Chromium", async (t, { site, browser, open, errors }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.grantPermissions(["notifications"], { origin: site.origin });
  // Records every Notification the page constructs, then lets the real one show it.
  await context.addInitScript(() => {
    const seen: unknown[] = [];
    const scope = globalThis as unknown as Record<string, unknown>;
    scope.__notifications = seen;
    scope.Notification = new Proxy(Notification, {
      construct(target, args: [string, NotificationOptions?]) {
        seen.push({ title: args[0], body: args[1]?.body, tag: args[1]?.tag });
        return Reflect.construct(target, args);
      },
    });
  });

  await t.step(
    "the star on the wallet page works from the keyboard and is remembered",
    async () => {
      const page = await open(context, `/wallet/${WALLET.address}`);
      const star = page.locator("button[data-star]");
      await page.waitForSelector('[data-island="StarWallet"][data-hydrated]');
      assert.equal(await star.getAttribute("aria-pressed"), "false");
      await star.focus();
      await page.keyboard.press("Enter");
      await page.waitForFunction(() =>
        document.querySelector("button[data-star]")?.getAttribute("aria-pressed") === "true"
      );
      assert.equal(await star.textContent(), "★ Watching");
      await page.reload();
      await page.waitForFunction(() =>
        document.querySelector("button[data-star]")?.textContent === "★ Watching"
      );
      await page.close();
    },
  );

  await t.step("driving the worst position into near bust fires one notification", async () => {
    const page = await open(context, "/watchlist");
    const row = page.locator(`[data-watch-row="${WALLET.address}"]`);
    await row.locator("td.num").first().filter({ hasNotText: "…" }).waitFor({ timeout: 10_000 });
    assert.equal(
      await row.locator(`a[href="/wallet/${WALLET.address}"]`).textContent(),
      WALLET.name,
    );
    assert.equal(
      await page.locator("[data-notifications]").getAttribute("data-notifications"),
      "granted",
    );
    assert.deepEqual(await notifications(page), []);
    // Pin the mark 0.02% from the bust price of one of its positions.
    const account = await createPapertradeClient({ baseUrl: site.upstream.apiUrl })
      .read("walletStream", { wallet: WALLET.address });
    const target = account.openPositions[0];
    const mid = target.bustPrice * (target.isLong ? 10_002n : 9_998n) / 10_000n;
    await fetch(`${site.upstream.origin}/_control/marks`, {
      method: "POST",
      body: JSON.stringify({ [target.instrumentId]: mid.toString() }),
    }).then((response) => response.body?.cancel());
    await page.waitForFunction(
      () => (globalThis as unknown as { __notifications: unknown[] }).__notifications.length > 0,
      null,
      { timeout: 20_000 },
    );
    const [fired] = await notifications(page);
    assert.equal(fired.title, `${WALLET.name}: near bust`);
    assert.match(fired.tag, new RegExp(`^${WALLET.address}:\\d+:near_bust$`));
    assert.equal(await row.locator(".badge").textContent(), "near bust");
    // The next read finds it still near bust: no second notification.
    const readAt = await page.locator(".freshness").textContent();
    await page.waitForFunction(
      (before) => document.querySelector(".freshness")?.textContent !== before,
      readAt,
      { timeout: 15_000 },
    );
    assert.equal((await notifications(page)).length, 1);
    await page.close();
  });

  await t.step(
    "a shared link shows its list and saves it to this browser's watchlist",
    async () => {
      const other = catalog.wallets.whale.address;
      const page = await open(context, `/watchlist?w=${other},nonsense`);
      await page.waitForSelector('[data-island="Watchlist"][data-hydrated]');
      assert.match(await page.locator(".notice").textContent() ?? "", /nonsense/);
      await page.getByRole("button", { name: "Save to my watchlist" }).click();
      await page.getByRole("status").filter({ hasText: "Saved to your watchlist." }).waitFor();
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("watchlist")!));
      assert.deepEqual(stored, [WALLET.address, other]);
      await page.close();
    },
  );

  await t.step(
    "a wallet added with a threshold it is already past notifies exactly once",
    async () => {
      const added = catalog.wallets.near_bust.address;
      const page = await open(context, "/watchlist");
      await page.waitForSelector('[data-island="Watchlist"][data-hydrated]');
      // The wallets already watched are read first: opening the page notifies about none.
      await page.locator("[data-watch-row] td.num").first().filter({ hasNotText: "…" }).waitFor();
      assert.deepEqual(await notifications(page), []);
      // Its worst position is a few hundredths of a percent from bust: past 1 %.
      await page.getByLabel("Wallet address").fill(added);
      await page.getByLabel("Alert under, % to bust (empty: the bands)").fill("1");
      await page.getByRole("button", { name: "Add to watchlist" }).click();
      const row = page.locator(`[data-watch-row="${added}"]`);
      await row.locator("[data-past]").waitFor({ timeout: 10_000 });
      assert.equal(await row.locator("input[data-threshold]").inputValue(), "1");
      await page.waitForFunction(
        () => (globalThis as unknown as { __notifications: unknown[] }).__notifications.length > 0,
        null,
        { timeout: 10_000 },
      );
      // Two more reads find it still past its threshold: still one notification.
      for (let read = 0; read < 2; read++) {
        const readAt = await page.locator(".freshness").textContent();
        await page.waitForFunction(
          (before) => document.querySelector(".freshness")?.textContent !== before,
          readAt,
          { timeout: 15_000 },
        );
      }
      const fired = await notifications(page);
      assert.equal(fired.length, 1, JSON.stringify(fired));
      assert.match(fired[0].tag, new RegExp(`^${added}:\\d+:under$`));
      // The threshold is kept in this browser, beside the list.
      const stored = await page.evaluate(() =>
        JSON.parse(localStorage.getItem("watchlist-alerts")!)
      );
      assert.deepEqual(stored[added], { under: 1 });
      await page.close();
    },
  );

  await context.close();
  assert.deepEqual(errors, []);
}, { full: true });
