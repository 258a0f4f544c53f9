/**
 * The wallet page is sent as its parts are ready (`streamedPageResponse`): its head does not wait
 * for the settlement trail of its trade table. The trail is held back by the replay (every
 * `eth_getLogs` hangs), so no clock decides what arrives first.
 */
import assert from "node:assert/strict";
import { catalog, withPages } from "../harness.ts";

const whale = catalog.wallets.whale.address;

/** Reads `body` until `done(text)` holds or it ends; returns the text read so far. */
async function readUntil(
  body: ReadableStream<Uint8Array>,
  done: (text: string) => boolean,
): Promise<{ text: string; ended: boolean; reader: ReadableStreamDefaultReader<Uint8Array> }> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!done(text)) {
    const { value, done: ended } = await reader.read();
    if (ended) return { text, ended: true, reader };
    text += decoder.decode(value, { stream: true });
  }
  return { text, ended: false, reader };
}

for (const encoding of ["identity", "gzip"]) {
  Deno.test(`the wallet page's head and positions arrive while its settlement trail is held (${encoding})`, async () => {
    await withPages(async ({ app, upstream }) => {
      // A fresh app: the table's 75 rows name no settling transaction, so the trail must search
      // the Exchange's events, and every such search hangs until the upstream closes.
      upstream.setFaults({ target: "rpc", rpcMethod: "eth_getLogs", hang: true });
      const response = await app.request(`/wallet/${whale}`, {
        headers: { "accept-encoding": encoding },
      });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get("x-streamed-body"), null, "the app's marker stays in");
      const positions = 'aria-labelledby="open-positions"';
      // `app.request` leaves the body as the app sent it: compressed when asked to.
      const body = response.headers.get("content-encoding") === "gzip"
        ? response.body!.pipeThrough(new DecompressionStream("gzip"))
        : response.body!;
      assert.equal(response.headers.get("content-encoding") ?? "identity", encoding);
      const { text, ended, reader } = await readUntil(
        body,
        (text) => text.includes(positions) && text.includes('id="pnl"'),
      );
      try {
        assert.equal(ended, false, "the page ended before its positions and PnL chart");
        // The trail has started its search of the Exchange's events, which is held.
        for (let tries = 0; upstream.stats().openHangs === 0; tries++) {
          assert.ok(tries < 500, "the trail never searched the Exchange's events");
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        assert.match(text, /<title>Moby Dick Capital \(0xc2c121…\) · Papertrade Explorer<\/title>/);
        assert.ok(text.includes('<h1 class="wallet-title">'));
        // The trade table waits for its trail: not sent yet.
        assert.ok(!text.includes('id="trades"'), "the trade table came before its trail");
      } finally {
        await reader.cancel();
      }
    });
  });
}

Deno.test("the streamed wallet page is one whole document, trades after the positions", async () => {
  await withPages(async ({ get }) => {
    const { status, headers, body } = await get(`/wallet/${whale}`);
    assert.equal(status, 200);
    assert.match(headers.get("content-type") ?? "", /^text\/html; charset=UTF-8/i);
    assert.equal(body.match(/<html/g)?.length, 1);
    assert.equal(body.match(/<\/html>/g)?.length, 1);
    assert.ok(body.trimEnd().endsWith("</html>"));
    const at = (needle: string) => {
      const index = body.indexOf(needle);
      assert.ok(index >= 0, `missing ${needle}`);
      return index;
    };
    assert.ok(at("</head>") < at('<h1 class="wallet-title">'));
    assert.ok(at('aria-labelledby="open-positions"') < at('id="trades"'));
    assert.ok(at('id="trades"') < at("</main>"));
    assert.ok(!body.includes("\uE000"), "the layout's slot marker is replaced");
  });
});
