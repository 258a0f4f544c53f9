/**
 * Hostile input in paths: malformed and mixed-case hex, wrong lengths, NUL and broken
 * percent-encoding, 10 kB segments, unknown things and path traversal. Each answer carries its
 * documented status and holds the invariants in `_hostile.ts`.
 */
import assert from "node:assert/strict";
import { withPages } from "./harness.ts";
import { assertErrorPage, assertSafe, LONG, SCRIPT, send, TX, WALLET } from "./_hostile.ts";

// Path segments that are no address, hash or position id, with how each is written in a URL.
const BAD_SEGMENTS = [
  "0x" + "g".repeat(40),
  "0x" + "a".repeat(39),
  "0x" + "a".repeat(41),
  "0x" + "a".repeat(63),
  "0x" + "a".repeat(65),
  "%00",
  "0x%00" + "a".repeat(38),
  "%ff",
  "%E0%A4%A",
  "%",
  "%zz",
  encodeURIComponent(SCRIPT),
  encodeURIComponent("\u202e0x" + "a".repeat(40)),
  "..%2fREADME",
  "-1",
  "9".repeat(90),
  LONG,
];

Deno.test("malformed addresses, hashes and ids answer 400 pages that say what was expected", async () => {
  await withPages(async ({ app }) => {
    for (const segment of BAD_SEGMENTS) {
      for (const prefix of ["/wallet/", "/w/"]) {
        assertErrorPage(await send(app, `${prefix}${segment}`), 400, /is not a wallet address/);
      }
      // The card image refuses in plain text: it is fetched as an image, not read as a page.
      const image = await send(app, `/w/${segment}/image.svg`);
      assertSafe(image);
      assert.equal(image.status, 400);
      assert.match(image.body, /Not a wallet address/);
      assertErrorPage(await send(app, `/tx/${segment}`), 400, /expected 0x followed by 64 hex/);
      assertErrorPage(await send(app, `/intent/${segment}`), 400, /expected 0x followed by 64/);
      if (segment !== "9".repeat(90) && !segment.endsWith("a".repeat(40))) {
        assertErrorPage(await send(app, `/position/${segment}`), 400, /position/i);
      }
      assertErrorPage(await send(app, `/markets/${segment}`), 404, /market|not found/i);
    }
  });
});

Deno.test("the wallet's CSV, live stream and positions feed refuse malformed addresses with 400", async () => {
  await withPages(async ({ app }) => {
    for (const segment of BAD_SEGMENTS) {
      for (const tail of ["trades.csv", "live", "positions.json"]) {
        const answer = await send(app, `/wallet/${segment}/${tail}`);
        assertSafe(answer);
        assert.equal(answer.status, 400, `${tail} of ${segment.slice(0, 40)}`);
        assert.match(answer.body, /address/i, `${tail} names the problem`);
      }
    }
  });
});

Deno.test("mixed-case hex is accepted or moved to its lower-case page, never refused", async () => {
  await withPages(async ({ app }) => {
    const upper = `0x${WALLET.slice(2).toUpperCase()}`;
    const page = await send(app, `/wallet/${upper}?filter=losses`);
    assert.equal(page.status, 301);
    assert.equal(page.headers.get("location"), `/wallet/${WALLET}?filter=losses`);
    const tx = await send(app, `/tx/0x${TX.slice(2).toUpperCase()}`);
    assert.equal(tx.status, 301);
    const hostileQuery = ["q", "page", "window", "cursor"]
      .map((name) => `${name}=${encodeURIComponent(SCRIPT)}`).join("&");
    const paths = [
      `/w/${upper}`,
      `/w/${upper}/image.svg`,
      `/wallet/${upper}/positions.json`,
      `/wallet/${upper}/live?${hostileQuery}`,
    ];
    for (const path of paths) {
      const answer = await send(app, path);
      assertSafe(answer);
      assert.equal(answer.status, 200, path);
    }
  });
});

Deno.test("unknown but well-formed things answer 404 pages naming them", async () => {
  await withPages(async ({ app }) => {
    const nobody = "0x" + "1".repeat(40);
    assertErrorPage(await send(app, `/wallet/${nobody}`), 404, /no Papertrade account/i);
    assertErrorPage(await send(app, `/intent/0x${"1".repeat(64)}`), 404, /not found|no intent/i);
    assertErrorPage(await send(app, "/markets/NOPE"), 404, /NOPE/);
    assertErrorPage(await send(app, `/nowhere/${SCRIPT}`), 404, /Nothing lives at/);
    assertErrorPage(await send(app, `/${LONG}`), 404, /Nothing lives at/);
    const csv = await send(app, `/wallet/${nobody}/trades.csv`);
    assert.equal(csv.status, 404);
    assert.match(csv.body, /no Papertrade account/);
    for (const path of ["/docs/no-such-page", "/docs/no-such-page.md", `/docs/${LONG}`]) {
      assertErrorPage(await send(app, path), 404, /not found/i);
    }
  });
});

Deno.test("path traversal never serves a file from outside static/", async () => {
  await withPages(async ({ app }) => {
    const secrets = [/"tasks"\s*:/, /"imports"\s*:/, /^# /m, /root:x:0:0/];
    const paths = [
      "/static/../deno.json",
      "/static/%2e%2e/deno.json",
      "/static/..%2fdeno.json",
      "/static/%2e%2e%2fdeno.json",
      "/static/..%5cdeno.json",
      "/static/%2e%2e%5cdeno.json",
      "/static/....//deno.json",
      "/static//etc/passwd",
      "/static/%2fetc%2fpasswd",
      "/static/%00",
      "/static/%00../deno.json",
      `/static/${LONG}`,
      "/static/%ff",
      "/docs/..%2fREADME",
      "/docs/..%2fREADME.md",
      "/docs/%2e%2e%2fREADME.md",
      "/docs/..%2f..%2fdeno.json",
      "/docs/%2e%2e/README.md",
    ];
    for (const path of paths) {
      const answer = await send(app, path);
      assertSafe(answer);
      assert.notEqual(answer.status, 200, `${path} served something`);
      for (const secret of secrets) assert.doesNotMatch(answer.body, secret, path);
    }
    // Control: a real file under static/ is served.
    const css = await send(app, "/static/style.css");
    assert.equal(css.status, 200);
    assert.match(css.headers.get("content-type") ?? "", /^text\/css/);
  });
});
