import assert from "node:assert/strict";
import { catalog, TEST_SITE_URL, withPages } from "../harness.ts";
import { assetUrl } from "../../lib/delivery/static_assets.ts";
import { formatUtc } from "../../lib/format.ts";

const whale = catalog.wallets.whale.address;
const NEAR_BUST_OWNER = catalog.positions.near_bust[0].owner;

/** The content of the meta tag with this property or name. */
function meta(html: string, key: string): string | null {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html);
  return match ? match[1] : null;
}

Deno.test("a /w/ link carries Open Graph and Twitter tags and sends browsers on without script", async () => {
  await withPages(async ({ get }) => {
    const { status, headers, body } = await get(`/w/${whale}`);
    assert.equal(status, 200);
    assert.match(headers.get("content-type") ?? "", /^text\/html/);
    assert.match(headers.get("cache-control") ?? "", /max-age=\d+/);
    assert.equal(meta(body, "og:title"), "Moby Dick Capital on Papertrade");
    assert.equal(meta(body, "twitter:title"), "Moby Dick Capital on Papertrade");
    const description = meta(body, "og:description") ?? "";
    assert.match(description, /^Balance \$1,250,000\.00 · 24h PnL [+-]\$[\d,.]+ \(rank #\d+\)/);
    assert.match(
      description,
      /all-time PnL [+-]\$[\d,.]+ \(rank #\d+\) · lifetime realized PnL -\$[\d,.]+/,
    );
    assert.equal(meta(body, "twitter:description"), description);
    assert.equal(meta(body, "og:image"), `${TEST_SITE_URL}/w/${whale}/image.png`);
    assert.equal(meta(body, "twitter:image"), `${TEST_SITE_URL}/w/${whale}/image.png`);
    assert.equal(meta(body, "twitter:card"), "summary_large_image");
    assert.equal(meta(body, "og:url"), `${TEST_SITE_URL}/w/${whale}`);
    assert.ok(body.includes(`<link rel="canonical" href="${TEST_SITE_URL}/wallet/${whale}"/>`));
    assert.ok(body.includes(`<meta http-equiv="refresh" content="0; url=/wallet/${whale}"/>`));
    assert.ok(body.includes(`<a href="/wallet/${whale}">Open the wallet page</a>`));
    const scripts = body.match(/<script[^>]*>/g) ?? [];
    assert.deepEqual(scripts, [`<script src="${assetUrl("/static/build/enhance.js")}" defer>`]);
  });
});

Deno.test("the preview card is a server-drawn SVG with the name, balance and PnL", async () => {
  await withPages(async ({ get }) => {
    const { status, headers, body } = await get(`/w/${whale}/image.svg`);
    assert.equal(status, 200);
    assert.equal(headers.get("content-type"), "image/svg+xml; charset=utf-8");
    assert.match(
      body,
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="1200" height="630"/,
    );
    assert.match(body, /<title id="card-title">Moby Dick Capital: Balance/);
    assert.match(body, />Moby Dick Capital<\/text>/);
    assert.match(body, />\$1\.25M<\/text>/);
    assert.match(body, />PnL, 24 h<\/text>/);
    assert.doesNotMatch(body, /<script|style=|on\w+=/);
  });
});

Deno.test("previews of unknown or malformed wallets are 404 and 400", async () => {
  await withPages(async ({ get }) => {
    const unknown = catalog.wallets.unknown.address;
    const page = await get(`/w/${unknown}`);
    assert.equal(page.status, 404);
    assert.ok(page.body.includes(unknown));
    assert.equal((await get(`/w/${unknown}/image.svg`)).status, 404);
    assert.equal((await get("/w/not-an-address")).status, 400);
    assert.equal((await get("/w/0x12/image.svg")).status, 400);
  });
});

Deno.test("a wallet without a leaderboard name previews under its short address", async () => {
  await withPages(async ({ get }) => {
    const fresh = catalog.wallets.fresh.address;
    const { status, body } = await get(`/w/${fresh}`);
    assert.equal(status, 200);
    assert.equal(
      meta(body, "og:title"),
      `Papertrade wallet ${fresh.slice(0, 6)}…${fresh.slice(-4)}`,
    );
    const svg = await get(`/w/${fresh}/image.svg`);
    assert.ok(svg.body.includes(`>Wallet ${fresh.slice(0, 6)}…${fresh.slice(-4)}</text>`));
    assert.match(svg.body, />not ranked<\/text>/);
  });
});

/** Every Open Graph and Twitter tag of a page, in order. */
function previewTags(html: string): Array<[string, string]> {
  return [...html.matchAll(/<meta (?:property|name)="((?:og|twitter):[^"]+)" content="([^"]*)"/g)]
    .map((m) => [m[1], m[2]]);
}

Deno.test("/wallet/<address> carries the preview tags of /w/<address>, with its own URL", async () => {
  await withPages(async ({ get }) => {
    const wallet = previewTags((await get(`/wallet/${whale}`)).body);
    const preview = previewTags((await get(`/w/${whale}`)).body);
    assert.deepEqual(wallet.map(([key]) => key), preview.map(([key]) => key));
    const of = (tags: Array<[string, string]>) => Object.fromEntries(tags);
    assert.equal(of(wallet)["og:url"], `${TEST_SITE_URL}/wallet/${whale}`);
    // One description: the wallet page reads the same four ranks the card does.
    for (
      const key of [
        "og:title",
        "og:description",
        "og:image",
        "twitter:card",
        "twitter:image",
        "og:image:type",
      ]
    ) {
      assert.equal(of(wallet)[key], of(preview)[key], key);
    }
    assert.match(
      of(wallet)["og:description"],
      /^Balance \$1,250,000\.00 · 24h PnL .* all-time PnL/,
    );
    const image = await get(new URL(of(wallet)["og:image"]).pathname);
    assert.equal(image.status, 200);
    assert.equal(image.headers.get("content-type"), "image/png");
  });
});

Deno.test("the card shows the minute it was drawn and the worst risk band at the live mark", async () => {
  await withPages(async ({ get }) => {
    const minute = Math.floor(catalog.baseTimeMs / 60_000) * 60_000;
    const drawn = `Drawn ${formatUtc(minute).replace(/:00 UTC$/, " UTC")}`;
    const risky = await get(`/w/${NEAR_BUST_OWNER}/image.svg`);
    assert.match(risky.headers.get("cache-control") ?? "", /max-age=300/);
    assert.ok(risky.body.includes(`>${drawn}</text>`), drawn);
    assert.match(
      risky.body,
      /fill="#ff7b72" font-size="30">Risk: near bust, nearest bust 0\.0[0-2]\d% away</,
    );
    const calm = await get(`/w/${catalog.wallets.fresh.address}/image.svg`);
    assert.match(calm.body, />No open positions</);
  });
});

Deno.test("without a live mark the card says the risk is not known rather than guessing", async () => {
  await withPages(async ({ get, upstream }) => {
    upstream.setFaults([
      { target: "rpc", rpcMethod: "eth_call", status: 500 },
      { target: "api", path: "/info", status: 500 },
    ]);
    const card = await get(`/w/${NEAR_BUST_OWNER}/image.svg`);
    assert.equal(card.status, 200);
    assert.match(card.body, />Risk not known: no live mark</);
  });
});
