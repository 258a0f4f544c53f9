/**
 * A table-driven sweep of hostile input over every route family: malformed and mixed-case hex,
 * wrong lengths, NUL and broken percent-encoding, path traversal, 10 kB segments and queries,
 * repeated and unknown query params, markup and bidi text in every param, unusual methods, and
 * broken, mistyped, oversized and deeply nested bodies to `/mcp` and `/api/tools/{name}`.
 * Each answer must carry its documented status (never a 500), no stack trace, no raw markup,
 * and, on HTML error pages, a sentence saying what was wrong.
 */
import assert from "node:assert/strict";
import type { Hono } from "hono";
import { catalog, withPages } from "./harness.ts";

const WALLET = catalog.wallets.whale.address;
const TX = catalog.transactions.multi_wallet_batch.hash;
const INTENT = catalog.intents.feed.id;
const POSITION = catalog.positions.open.id;
const SCRIPT = "<script>alert(1)</script>";
const LONG = "a".repeat(10_000);

/** What one request answered, with the body read (an event stream is cancelled unread). */
interface Answer {
  path: string;
  method: string;
  status: number;
  headers: Headers;
  body: string;
}

async function send(app: Hono, path: string, init: RequestInit = {}): Promise<Answer> {
  const response = await app.request(path, { redirect: "manual", ...init });
  const type = response.headers.get("content-type") ?? "";
  let body = "";
  if (type.includes("text/event-stream")) await response.body?.cancel();
  else body = await response.text();
  const method = init.method ?? "GET";
  return { path, method, status: response.status, headers: response.headers, body };
}

/** The invariants of every answer, whatever the input. */
function assertSafe(answer: Answer): void {
  const where = `${answer.method} ${answer.path.slice(0, 120)} → ${answer.status}`;
  assert.ok(answer.status < 500, `${where}: ${answer.body.slice(0, 200)}`);
  assert.doesNotMatch(answer.body, /^\s*at .+:\d+:\d+\)?$/m, `${where} leaks a stack frame`);
  assert.doesNotMatch(answer.body, /\.tsx?:\d+/, `${where} leaks a source location`);
  const type = answer.headers.get("content-type") ?? "";
  if (/html|svg|xml/.test(type)) {
    assert.ok(!answer.body.includes("<script>alert"), `${where} reflects <script> raw`);
    assert.ok(!answer.body.includes("<img src=x"), `${where} reflects <img> raw`);
  }
  // JSON and text may quote the input, but must never be sniffed as HTML.
  if (answer.body.includes("<script>alert")) {
    assert.match(type, /^(application\/json|text\/plain|text\/csv)/, where);
    assert.equal(answer.headers.get("x-content-type-options"), "nosniff", where);
  }
}

/** An HTML error page: the status, and the page's main text says what was wrong. */
function assertErrorPage(answer: Answer, status: number, says: RegExp): void {
  assertSafe(answer);
  const where = `${answer.method} ${answer.path.slice(0, 120)}`;
  assert.equal(answer.status, status, `${where}: ${answer.body.slice(0, 200)}`);
  if (answer.method === "HEAD") return;
  assert.match(answer.headers.get("content-type") ?? "", /^text\/html/, where);
  const text = answer.body.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
  assert.match(text, says, where);
}

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

/** POSTs a body to `/mcp` as a client that takes JSON or SSE. */
function postMcp(app: Hono, body: string, headers: Record<string, string> = {}) {
  return send(app, "/mcp", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...headers,
    },
    body,
  });
}

function rpcError(answer: Answer): { code: number; message: string } {
  const parsed = JSON.parse(answer.body);
  const error = Array.isArray(parsed) ? parsed[0]?.error : parsed.error;
  assert.ok(error, `${answer.body.slice(0, 200)} has a JSON-RPC error`);
  assert.equal(typeof error.message, "string");
  assert.ok(error.message.length > 0);
  return error;
}

const NESTED = "[".repeat(20_000) + "]".repeat(20_000);
const NESTED_OBJECT = '{"a":'.repeat(10_000) + "1" + "}".repeat(10_000);

Deno.test("/mcp answers broken, mistyped, oversized and nested bodies with JSON-RPC errors", async () => {
  await withPages(async ({ app }) => {
    const parseErrors = ["{", "not json", "\u0000", '{"jsonrpc":"2.0",', "\uFEFF{]", "nul\u0000l"];
    for (const body of parseErrors) {
      const answer = await postMcp(app, body);
      assertSafe(answer);
      assert.equal(rpcError(answer).code, -32700, JSON.stringify(body));
    }
    const invalid = [
      "[]",
      "1",
      '"text"',
      "null",
      '{"jsonrpc":"1.0","id":1,"method":"ping"}',
      '{"jsonrpc":"2.0","id":{},"method":"ping"}',
      '{"jsonrpc":"2.0","id":1,"method":42}',
      NESTED,
      NESTED_OBJECT,
    ];
    for (const body of invalid) {
      const answer = await postMcp(app, body);
      assertSafe(answer);
      assert.ok(answer.status < 500 && answer.status !== 413, body.slice(0, 40));
      assert.equal(rpcError(answer).code, -32600, body.slice(0, 40));
    }
    const unknown = await postMcp(app, JSON.stringify({ jsonrpc: "2.0", id: 1, method: SCRIPT }));
    assertSafe(unknown);
    assert.equal(rpcError(unknown).code, -32601);
    const badParams = [
      { name: "get_wallet", arguments: { address: SCRIPT } },
      { name: "get_wallet", arguments: { address: LONG } },
      {
        name: "get_wallet",
        arguments: JSON.parse(NESTED_OBJECT.slice(0, 5 * 400) + "1" + "}".repeat(400)),
      },
      { name: SCRIPT, arguments: {} },
    ];
    for (const params of badParams) {
      const answer = await postMcp(
        app,
        JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params }),
      );
      assertSafe(answer);
      const parsed = JSON.parse(answer.body);
      // Unknown tools and invalid arguments are -32602 or a tool result with isError.
      const ok = parsed.error?.code === -32602 || parsed.result?.isError === true;
      assert.ok(ok, answer.body.slice(0, 300));
    }
    const huge = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "ping",
      params: { x: LONG.repeat(7) },
    });
    const tooLarge = await postMcp(app, huge);
    assertSafe(tooLarge);
    assert.equal(tooLarge.status, 413);
    for (const type of ["text/plain", "application/x-www-form-urlencoded", SCRIPT]) {
      const answer = await postMcp(app, '{"jsonrpc":"2.0","id":1,"method":"ping"}', {
        "content-type": type,
      });
      assertSafe(answer);
    }
    const stream = await send(app, "/mcp", { headers: { accept: "text/event-stream" } });
    assert.equal(stream.status, 405);
    assert.equal(stream.headers.get("allow"), "POST, OPTIONS");
    const del = await send(app, "/mcp", { method: "DELETE" });
    assert.equal(del.status, 405);
    for (const method of ["PUT", "PATCH"]) {
      const answer = await send(app, "/mcp", { method, body: "{}" });
      assertSafe(answer);
      assert.equal(answer.status, 405, method);
    }
    const described = await send(app, `/mcp?${LONG}=${encodeURIComponent(SCRIPT)}`);
    assertSafe(described);
    assert.equal(described.status, 200);
  });
});

function postTool(app: Hono, name: string, body: string, type = "application/json") {
  return send(app, `/api/tools/${name}`, {
    method: "POST",
    headers: { "content-type": type },
    body,
  });
}

Deno.test("/api/tools answers hostile names, bodies and methods with 400/404/405/413/422", async () => {
  await withPages(async ({ app }) => {
    const cases: [string, string, number, string?][] = [
      ["get_wallet", "{", 400, "invalid_json"],
      ["get_wallet", "\u0000", 400, "invalid_json"],
      ["get_wallet", "[1]", 400, "invalid_body"],
      ["get_wallet", "null", 400],
      ["get_wallet", '"x"', 400],
      ["get_wallet", NESTED, 400],
      ["get_wallet", NESTED_OBJECT, 422],
      ["get_wallet", JSON.stringify({ address: SCRIPT }), 422],
      ["get_wallet", JSON.stringify({ address: LONG }), 422],
      ["get_wallet", JSON.stringify({ address: WALLET, extra: SCRIPT }), 200],
      ["get_wallet", JSON.stringify({ address: LONG.repeat(7) }), 413],
      [encodeURIComponent(SCRIPT), "{}", 404, "unknown_tool"],
      ["%00", "{}", 404],
      ["%ff", "{}", 404],
      [LONG, "{}", 404],
      ["..%2fmcp", "{}", 404],
    ];
    for (const [name, body, status, error] of cases) {
      const answer = await postTool(app, name, body);
      assertSafe(answer);
      const where = `${name.slice(0, 30)} ${body.slice(0, 30)}`;
      if (status === 200 && answer.status === 422) {
        // Strict schemas may refuse unknown keys; either is documented.
      } else {
        assert.equal(answer.status, status, `${where}: ${answer.body.slice(0, 200)}`);
      }
      const parsed = JSON.parse(answer.body);
      if (status !== 200) {
        assert.equal(typeof parsed.message, "string", where);
        assert.ok(parsed.message.length > 0, where);
        if (error) assert.equal(parsed.error, error, where);
      }
    }
    for (const type of ["text/plain", "multipart/form-data; boundary=x", SCRIPT]) {
      const answer = await postTool(app, "get_protocol_overview", "{}", type);
      assertSafe(answer);
    }
    for (const method of ["GET", "PUT", "PATCH", "DELETE"]) {
      const answer = await send(app, "/api/tools/get_wallet", { method });
      assertSafe(answer);
      assert.equal(answer.status, 405, method);
    }
  });
});
