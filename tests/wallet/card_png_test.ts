/**
 * The `/w/<address>` preview card as a PNG: 1200×630 for hostile, long and right-to-left
 * names and for figures far larger than any real account, with every figure sized to fit its
 * own box.
 */
import assert from "node:assert/strict";
import { catalog, withPages } from "../harness.ts";
import { renderPng } from "../../lib/card/rasterize.ts";
import { FIGURE_EM, fitFontSize } from "../../lib/card/fit.ts";
import { FIGURE_BOX_WIDTH, walletCardElement } from "../../routes/wallet/wallet_card_image.ts";
import { CARD_SIZE, cardContent } from "../../routes/wallet/WalletCard.tsx";
import type { WalletSummary } from "../../lib/wallet/summary.ts";

const WAD = 10n ** 18n;

Deno.test("the card of every hostile-named wallet is a 1200×630 PNG served as image/png", async () => {
  await withPages(async ({ app }) => {
    const wallets = [catalog.wallets.whale.address, ...catalog.hostileNames.map((h) => h.address)];
    for (const address of wallets) {
      const response = await app.request(`/w/${address}/image.png`);
      assert.equal(response.status, 200, address);
      assert.equal(response.headers.get("content-type"), "image/png");
      assert.match(response.headers.get("cache-control") ?? "", /max-age=\d+/);
      const bytes = new Uint8Array(await response.arrayBuffer());
      assert.deepEqual(pngSize(bytes), { width: 1200, height: 630 }, address);
    }
    const page = await app.request(`/w/${catalog.wallets.whale.address}`);
    const html = await page.text();
    assert.match(html, /<meta property="og:image" content="[^"]*\/image\.png"\/>/);
    assert.match(html, /<meta property="og:image:type" content="image\/png"\/>/);
    assert.equal(
      (await app.request(`/w/${catalog.wallets.unknown.address}/image.png`)).status,
      404,
    );
    assert.equal((await app.request("/w/nope/image.png")).status, 400);
  });
});

Deno.test("huge figures and a long bidi name still draw a 1200×630 card whose figures fit their boxes", async () => {
  const huge = 987_654_321_987_654n * WAD;
  const summary = {
    account: {
      balances: { balance: huge, queued: 0n, locked: 0n, consumableDebt: 0n },
      openPositions: new Array(123_456).fill(null),
      lifetime: { realizedPnl: -huge },
    },
    leaderboardName: `\u202e${"W".repeat(300)}\u202c<script>`,
    ranks: [
      { window: "24h", row: { totalWindowedPnl: -huge, rank: 1 } },
      { window: "all", row: { totalWindowedPnl: huge, rank: 1 } },
    ],
  } as unknown as WalletSummary;
  const address = catalog.wallets.whale.address;
  const content = cardContent(address, summary, { positions: [], now: catalog.baseTimeMs });
  assert.ok(!content.name.includes("\u202e"), "no direction override reaches the card");
  assert.ok([...content.name].length <= 30, content.name);
  for (const figure of content.figures) {
    const size = fitFontSize(figure.value, FIGURE_BOX_WIDTH, 52);
    const estimated = [...figure.value].length * size * FIGURE_EM;
    assert.ok(estimated <= FIGURE_BOX_WIDTH, `${figure.value} at ${size} px`);
  }
  const png = await renderPng(walletCardElement(address, content), CARD_SIZE);
  assert.deepEqual(pngSize(png), { width: 1200, height: 630 });
});

Deno.test("pngSize reads the IHDR and rejects what is not a PNG", () => {
  assert.equal(pngSize(new TextEncoder().encode("<svg></svg>")), null);
  const header = new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    0,
    0,
    0,
    13,
    0x49,
    0x48,
    0x44,
    0x52,
    0,
    0,
    4,
    0xb0,
    0,
    0,
    2,
    0x76,
  ]);
  assert.deepEqual(pngSize(header), { width: 1200, height: 630 });
});

/** Width and height of a PNG, read from its IHDR chunk; null when `bytes` is not a PNG. */
function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 24 || signature.some((byte, i) => bytes[i] !== byte)) return null;
  if (new TextDecoder().decode(bytes.subarray(12, 16)) !== "IHDR") return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}
