import assert from "node:assert/strict";
import { catalog, withPages } from "../harness.ts";

Deno.test("the wallet page lists the outcomes its live stream reported, none for a pending intent", async () => {
  await withPages(async ({ app, get }) => {
    const wallet = catalog.wallets.pending_ops.address;
    const before = await get(`/wallet/${wallet}`);
    assert.equal(before.status, 200);
    const outcomes = before.body.split('id="outcomes"')[1];
    assert.ok(!outcomes.includes('<ul class="outcomes">'), "no outcome listed yet");

    // A viewer opens the live page; the replay sends a patch every few ms, and every third
    // one ends an intent. The app's client remembers what the stream reported.
    const live = await app.request(`/wallet/${wallet}/live`);
    assert.equal(live.status, 200);
    const reader = live.body!.pipeThrough(new TextDecoderStream()).getReader();
    const reported = new Set<string>();
    for (let i = 0; i < 200 && reported.size < 2; i++) {
      const { value = "" } = await reader.read();
      for (const match of value.matchAll(/"intent_id":"(0x\w{64})","outcome"/g)) {
        reported.add(match[1]);
      }
    }
    await reader.cancel();
    assert.ok(reported.size >= 2, "the stream reported outcomes");
    const { body } = await get(`/wallet/${wallet}`);
    const pending = new Set(
      [...body.split('id="pending"')[1].split('id="outcomes"')[0].matchAll(/\/intent\/(0x\w{64})/g)]
        .map((match) => match[1]),
    );
    const listed = [
      ...body.split('id="outcomes"')[1].split("</ul>")[0].matchAll(
        /\/intent\/(0x\w{64})/g,
      ),
    ].map((match) => match[1]);
    // The replay ends intents of the wallet's snapshot, which still lists them as pending: an
    // intent the page lists as pending has no final outcome beside it.
    for (const intent of reported) {
      assert.equal(
        listed.includes(intent),
        !pending.has(intent),
        `${intent}: reported ${[...reported]}, pending ${[...pending]}, listed ${listed}`,
      );
    }
    assert.equal(new Set(listed).size, listed.length, "one outcome per intent");
  }, { patchEveryMs: 5 });
});
