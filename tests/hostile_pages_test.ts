/**
 * Hostile input in query params and methods on every page: markup, bidi text, NUL and broken
 * encoding in each param, repeated and unknown params, bad values that must be refused by name,
 * and methods other than GET and HEAD.
 */
import assert from "node:assert/strict";
import { withPages } from "./harness.ts";
import {
  assertErrorPage,
  assertSafe,
  INTENT,
  LONG,
  POSITION,
  SCRIPT,
  send,
  TX,
  WALLET,
} from "./_hostile.ts";

// Every page with the params it reads, and the values that must be refused.
const PAGES = [
  "/",
  `/wallet/${WALLET}`,
  `/wallet/${WALLET}/trades.csv`,
  `/wallet/${WALLET}/positions.json`,
  `/w/${WALLET}`,
  `/w/${WALLET}/image.svg`,
  `/tx/${TX}`,
  `/intent/${INTENT}`,
  "/leaderboard",
  "/markets",
  "/markets/BTC",
  "/liquidations",
  "/docs/",
  "/docs/search",
  "/docs/index.md",
  "/llms.txt",
  "/openapi.json",
  "/robots.txt",
  "/.well-known/security.txt",
  "/.well-known/mcp/server-card.json",
];
const PARAMS = ["q", "page", "window", "sort", "filter", "cursor", "wallet", "unknown"];
const VALUES = [
  encodeURIComponent(SCRIPT),
  encodeURIComponent('"><img src=x onerror=alert(1)>'),
  encodeURIComponent("\u202e\u2067مرحبا\u2069"),
  "%00",
  "%ff",
  "%E0%A4%A",
  "%",
  LONG,
];

Deno.test("markup, bidi text, NUL and broken encoding in every query param never break a page", async () => {
  await withPages(async ({ app }) => {
    for (const page of PAGES) {
      for (const param of PARAMS) {
        for (const value of VALUES) {
          const answer = await send(app, `${page}?${param}=${value}`);
          assertSafe(answer);
          assert.ok(answer.status !== 404 || page.startsWith("/docs/search"), answer.path);
        }
      }
      // Repeated, unknown and 10 kB-named params.
      assertSafe(await send(app, `${page}?page=-1&page=2&page=x&window=all&window=zz`));
      assertSafe(await send(app, `${page}?${LONG}=1&${"b".repeat(100)}`));
      assertSafe(await send(app, `${page}?&&==&%3D=%26`));
    }
  });
});

Deno.test("bad page, window, sort, filter and cursor values answer 400 pages naming the param", async () => {
  await withPages(async ({ app }) => {
    const cases: [string, RegExp][] = [
      ["/leaderboard?page=-1", /page must be/],
      ["/leaderboard?page=abc", /page must be/],
      ["/leaderboard?page=1e400", /page must be/],
      [`/leaderboard?page=${"9".repeat(40)}`, /page must be/],
      // Repeated params: the first one counts.
      ["/leaderboard?page=-1&page=2", /page must be/],
      ["/leaderboard?window=forever", /window must be/],
      [`/leaderboard?window=${encodeURIComponent(SCRIPT)}`, /window must be/],
      ["/leaderboard?sort=%00", /sort must be/],
      [`/leaderboard?q=${LONG}`, /\d+ characters|too long|at most/],
      [`/wallet/${WALLET}?filter=wins`, /filter must be/],
      [`/wallet/${WALLET}?filter=${encodeURIComponent(SCRIPT)}`, /filter must be/],
      [`/wallet/${WALLET}?cursor=%00`, /cursor/],
      [`/wallet/${WALLET}?cursor=${LONG}`, /cursor/],
      [`/search?q=${LONG}`, /characters long/],
      ["/search?q=", /empty/],
      ["/search?q=%20%00%20", /./],
    ];
    for (const [path, says] of cases) {
      const answer = await send(app, path);
      if (path === "/search?q=%20%00%20") {
        assertSafe(answer);
        continue;
      }
      assertErrorPage(answer, 400, says);
    }
    const csv = await send(
      app,
      `/wallet/${WALLET}/trades.csv?filter=${encodeURIComponent(SCRIPT)}`,
    );
    assertSafe(csv);
    assert.equal(csv.status, 400);
    assert.match(csv.body, /filter must be/);
  });
});

Deno.test("pages answer only GET and HEAD; other methods get a 4xx saying so", async () => {
  await withPages(async ({ app }) => {
    const pages = [
      "/",
      `/wallet/${WALLET}`,
      `/wallet/${WALLET}/trades.csv`,
      `/w/${WALLET}`,
      `/tx/${TX}`,
      `/position/${POSITION}`,
      "/leaderboard",
      "/markets",
      "/search?q=x",
      "/docs/",
      "/llms.txt",
    ];
    for (const path of pages) {
      for (const method of ["PUT", "PATCH", "DELETE", "POST"]) {
        const answer = await send(app, path, { method, body: method === "DELETE" ? null : "x" });
        assertErrorPage(answer, 405, new RegExp(`GET and HEAD.*not ${method}`));
        assert.equal(answer.headers.get("allow"), "GET, HEAD", `${method} ${path}`);
      }
      const head = await send(app, path, { method: "HEAD" });
      assertSafe(head);
      assert.equal(head.body, "", `HEAD ${path} has no body`);
      const get = await send(app, path);
      assert.equal(head.status, get.status, `HEAD ${path} answers like GET`);
    }
    assertErrorPage(await send(app, `/wallet/${"0x12"}`, { method: "HEAD" }), 400, /./);
  });
});
