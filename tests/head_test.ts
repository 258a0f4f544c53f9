/**
 * HEAD over a real socket, on every route family: the same status and headers as GET, and the
 * same Content-Length as GET (none where GET streams), as RFC 9110 §8.6 requires.
 */
import assert from "node:assert/strict";
import { catalog, withTestApp } from "./harness.ts";
import { assetUrl } from "../lib/delivery/static_assets.ts";

const WALLET = catalog.wallets.whale.address;
const PATHS = [
  "/mcp",
  "/",
  "/openapi.json",
  "/leaderboard",
  "/markets",
  `/w/${WALLET}/image.png`,
  "/docs/",
  "/docs/mcp",
  "/llms.txt",
  "/robots.txt",
  "/.well-known/api-catalog",
  "/.well-known/mcp/server-card.json",
  assetUrl("/static/style.css"),
  "/no-such-page",
];
/** Bodies GET streams (chunked, no length): the wallet page is sent as its parts are ready. */
const STREAMS = [`/wallet/${WALLET}`, `/wallet/${WALLET}/trades.csv`, `/wallet/${WALLET}/live`];

async function headers(
  origin: string,
  path: string,
  method: string,
  encoding: string,
): Promise<Headers & { status: number }> {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { "accept-encoding": encoding },
    redirect: "manual",
  });
  await response.body?.cancel();
  return Object.assign(response.headers, { status: response.status });
}

Deno.test("HEAD carries GET's Content-Length, or none where GET streams, on every route family", async () => {
  await withTestApp(async ({ origin }) => {
    // The leaderboard shows the at-risk board once it is read (routes/leaderboard.tsx waits
    // for it a moment): read it first, so GET and HEAD of /leaderboard render the same page.
    await (await fetch(`${origin}/at-risk`)).body?.cancel();
    for (const path of [...PATHS, ...STREAMS]) {
      for (const encoding of ["identity", "gzip"]) {
        const get = await headers(origin, path, "GET", encoding);
        const head = await headers(origin, path, "HEAD", encoding);
        const label = `${path} (${encoding})`;
        assert.equal(head.status, get.status, label);
        assert.equal(get.get("x-streamed-body"), null, `${label}: the app's own marker stays in`);
        assert.equal(head.get("x-streamed-body"), null, label);
        assert.equal(head.get("content-length"), get.get("content-length"), label);
        for (const name of ["content-type", "content-encoding", "vary", "etag"]) {
          assert.equal(head.get(name), get.get(name), `${label} ${name}`);
        }
        // A buffered body sent as it is has a length; a streamed one, or one gzipped per
        // request, has none; a gzipped page stored whole (the docs) has its stored length.
        const stored = path.startsWith("/docs/") && get.has("content-encoding");
        const buffered = PATHS.includes(path) && (!get.has("content-encoding") || stored);
        assert.equal(Number(get.get("content-length")) > 0, buffered, label);
      }
    }
  });
});
