import assert from "node:assert/strict";
import { catalog, withPages } from "./harness.ts";

Deno.test("the wallet page lists the intent outcomes its live stream reported", async () => {
  await withPages(async ({ app, get }) => {
    const wallet = catalog.wallets.pending_ops.address;
    const before = await get(`/wallet/${wallet}`);
    assert.equal(before.status, 200);
    assert.match(before.body, /No intent outcome reported by the live stream yet/);

    // A viewer opens the live page; the replay sends a patch every few ms, and every third
    // one ends an intent. The app's client remembers what the stream reported.
    const live = await app.request(`/wallet/${wallet}/live`);
    assert.equal(live.status, 200);
    const reader = live.body!.getReader();
    let page = before.body;
    for (let i = 0; i < 200 && !page.includes(">succeeded<"); i++) {
      await reader.read();
      page = (await get(`/wallet/${wallet}`)).body;
    }
    await reader.cancel();
    assert.match(page, /Recent outcomes/);
    assert.match(page, />succeeded</);
    assert.ok(
      page.includes(catalog.intents.pendingByAction.openPosition) || page.includes("/intent/"),
    );
  }, { patchEveryMs: 5 });
});
