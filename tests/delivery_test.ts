/**
 * What we send, through the real app: compression when accepted (never on live streams), ETags
 * that still revalidate once compressed, and static assets under content-hashed immutable URLs.
 */
import assert from "node:assert/strict";
import { catalog, withPages, withTestApp } from "./harness.ts";
import { appStaticAssets, assetUrl, IMMUTABLE } from "../lib/delivery/static_assets.ts";

const GZIP = { "accept-encoding": "gzip, deflate, br" };

async function gunzip(response: Response): Promise<string> {
  const plain = response.body!.pipeThrough(new DecompressionStream("gzip"));
  return await new Response(plain).text();
}

Deno.test("HTML, JSON, CSS, JS and SVG are gzipped when the client accepts it", async () => {
  await withPages(async ({ app }) => {
    const cases: Array<[string, RegExp]> = [
      ["/", /^text\/html/],
      ["/docs/concepts", /^text\/html/],
      ["/openapi.json", /^application\/json/],
      [assetUrl("/static/style.css"), /^text\/css/],
      [assetUrl("/static/build/enhance.js"), /^text\/javascript/],
      [assetUrl("/static/favicon.svg"), /^image\/svg\+xml/],
    ];
    for (const [path, type] of cases) {
      const plain = await app.request(path);
      const plainText = await plain.text();
      const zipped = await app.request(path, { headers: GZIP });
      assert.equal(zipped.status, 200, path);
      assert.match(zipped.headers.get("content-type") ?? "", type, path);
      assert.match(zipped.headers.get("vary") ?? "", /accept-encoding/i, path);
      if (plainText.length < 1024) continue; // below the threshold: not worth a gzip header
      assert.equal(zipped.headers.get("content-encoding"), "gzip", path);
      assert.equal(await gunzip(zipped), plainText, path);
    }
  });
});

Deno.test("a docs page is gzipped once: every answer sends the stored bytes with their length", async () => {
  await withPages(async ({ app }) => {
    const plain = await (await app.request("/docs/concepts")).text();
    const bodies: Uint8Array[] = [];
    for (let i = 0; i < 2; i++) {
      const zipped = await app.request("/docs/concepts", { headers: GZIP });
      assert.equal(zipped.headers.get("content-encoding"), "gzip");
      const bytes = new Uint8Array(await zipped.clone().arrayBuffer());
      assert.equal(Number(zipped.headers.get("content-length")), bytes.byteLength);
      assert.equal(await gunzip(zipped), plain);
      bodies.push(bytes);
    }
    assert.deepEqual(bodies[1], bodies[0]);
    // Embedded, its links keep embed=1: the text is rewritten, then gzipped as any page.
    const embedded = await app.request("/docs/concepts?embed=1", { headers: GZIP });
    assert.equal(embedded.headers.get("content-encoding"), "gzip");
    assert.match(await gunzip(embedded), /href="\/docs\/[a-z-]*\?embed=1"/);
  });
});

Deno.test("nothing is compressed for a client that does not ask", async () => {
  await withPages(async ({ app }) => {
    const response = await app.request("/");
    assert.equal(response.headers.get("content-encoding"), null);
    assert.match(await response.text(), /^<!doctype html>/);
  });
});

Deno.test("the whale's wallet page HTML is at most 25 KB compressed", async () => {
  await withPages(async ({ app }) => {
    const path = `/wallet/${catalog.wallets.whale.address}`;
    const response = await app.request(path, { headers: GZIP });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-encoding"), "gzip");
    const bytes = (await response.arrayBuffer()).byteLength;
    assert.ok(bytes <= 25 * 1024, `${bytes} bytes`);
  });
});

Deno.test("a live stream is never compressed", async () => {
  await withTestApp(async (app) => {
    const response = await app.fetch(`/wallet/${catalog.wallets.whale.address}/live`, {
      headers: GZIP,
    });
    assert.match(response.headers.get("content-type") ?? "", /^text\/event-stream/);
    assert.equal(response.headers.get("content-encoding"), null);
    await response.body!.cancel();
  });
});

Deno.test("a discovery file keeps its ETag: the weak tag of the gzipped copy revalidates", async () => {
  await withPages(async ({ app }) => {
    const first = await app.request("/openapi.json", { headers: GZIP });
    const etag = first.headers.get("etag")!;
    assert.match(etag, /^W\/"[0-9a-f]+"$/);
    await first.body?.cancel();
    const again = await app.request("/openapi.json", {
      headers: { ...GZIP, "if-none-match": etag },
    });
    assert.equal(again.status, 304);
    assert.equal(again.headers.get("etag"), etag);
    const plain = await app.request("/openapi.json", { headers: { "if-none-match": etag } });
    assert.equal(plain.status, 304, "the plain copy matches the same tag, weakly");
  });
});

Deno.test("pages link static files by content hash, served immutable for a year", async () => {
  await withPages(async ({ app, get }) => {
    const home = await get("/");
    const docs = await get("/docs/");
    const wallet = await get(`/wallet/${catalog.wallets.whale.address}`);
    for (
      const [page, paths] of [
        [home.body, ["/static/style.css", "/static/build/enhance.js", "/static/favicon.svg"]],
        [docs.body, ["/static/docs.css", "/static/build/enhance.js"]],
        [wallet.body, ["/static/build/islands.js"]],
      ] as const
    ) {
      for (const path of paths) {
        const hashed = assetUrl(path);
        assert.match(hashed, /\.[0-9a-f]{10}\.(css|js|svg)$/);
        assert.ok(page.includes(`"${hashed}"`), `${path} linked as ${hashed}`);
        assert.ok(!page.includes(`"${path}"`), `${path} not linked by its plain name`);
      }
    }
    const asset = appStaticAssets().get("/static/style.css")!;
    const response = await app.request(asset.hashedPath);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("cache-control"), IMMUTABLE);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const onDisk = await Deno.readFile(new URL("../static/style.css", import.meta.url));
    assert.deepEqual(bytes, onDisk);
    const plain = await app.request("/static/style.css");
    assert.equal(plain.status, 200);
    assert.doesNotMatch(plain.headers.get("cache-control") ?? "", /immutable/);
    await plain.body?.cancel();
    const unknownHash = await app.request("/static/style.0000000000.css");
    assert.equal(unknownHash.status, 404);
    await unknownHash.body?.cancel();
  });
});
