import assert from "node:assert/strict";
import {
  AnswerTooLargeError,
  eventBytesWithin,
  fetchOnOrigin,
  readBoundedText,
  RedirectedAwayError,
  RETRY_AFTER_MAX_S,
  UnsupportedEncodingError,
} from "./upstream_answer.ts";
import { parseRetryAfter } from "../papertrade/http.ts";
import { startReplayUpstream } from "../../fixtures/mod.ts";

/** A loopback server answering with `handler`; counts its requests. */
function serve(handler: (request: Request) => Response | Promise<Response>) {
  let requests = 0;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (request) => {
    requests++;
    return handler(request);
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    requests: () => requests,
    close: () => server.shutdown(),
  };
}

Deno.test("a body over its maximum is refused: declared at once, streamed as soon as it passes", async () => {
  const server = serve((request) =>
    new URL(request.url).pathname === "/declared"
      ? new Response(new Uint8Array(50 * 1024 * 1024))
      : new Response(new Blob([new Uint8Array(3 * 1024 * 1024).fill(0x20)]).stream())
  );
  try {
    const declared = await fetch(`${server.url}/declared`);
    await assert.rejects(readBoundedText(declared, 1024 * 1024), (error) => {
      assert.ok(error instanceof AnswerTooLargeError);
      assert.match(error.message, /^answer too large \(over 1 MiB: 52428800 bytes declared\)$/);
      return true;
    });
    const streamed = await fetch(`${server.url}/streamed`);
    await assert.rejects(readBoundedText(streamed, 1024 * 1024), AnswerTooLargeError);
    const fits = await fetch(`${server.url}/streamed`);
    assert.equal((await readBoundedText(fits, 4 * 1024 * 1024)).length, 3 * 1024 * 1024);
  } finally {
    await server.close();
  }
});

Deno.test("a 1 GiB gzip bomb is inflated only to the maximum: the read stops, memory stays flat", async () => {
  const upstream = await startReplayUpstream({ port: 0, faults: { gzipBombBytes: 1024 ** 3 } });
  try {
    const before = Deno.memoryUsage().rss;
    const started = performance.now();
    // Eight reads at once: each stops at its 8 MiB, inflated a slice at a time by us.
    await Promise.all(Array.from({ length: 8 }, async () => {
      const response = await fetchOnOrigin(fetch, `${upstream.apiUrl}/state/trading`);
      assert.equal(response.headers.get("content-encoding"), "gzip");
      await assert.rejects(readBoundedText(response, 8 * 1024 * 1024), AnswerTooLargeError);
    }));
    const grown = (Deno.memoryUsage().rss - before) / 1024 / 1024;
    // Inflating them whole takes seconds and GiBs (Deno's fetch inflated about 100 MiB a read
    // before stopping); a slice at a time, about the maximum each.
    assert.ok(grown < 8 * 8 + 100, `memory grew ${grown.toFixed(0)} MiB`);
    assert.ok(performance.now() - started < 30_000);
  } finally {
    await upstream.close();
  }
});

Deno.test("an answer compressed though not asked to be is inflated here; another encoding is refused", async () => {
  const json = new TextEncoder().encode('{"ok":true}');
  const gzipped = new Uint8Array(
    await new Response(new Blob([json]).stream().pipeThrough(new CompressionStream("gzip")))
      .arrayBuffer(),
  );
  let asked = "";
  const server = serve((request) => {
    asked = request.headers.get("accept-encoding") ?? "";
    const encoding = new URL(request.url).pathname === "/br" ? "br" : "gzip";
    return new Response(gzipped, { headers: { "content-encoding": encoding } });
  });
  try {
    const response = await fetchOnOrigin(fetch, `${server.url}/gzip`);
    assert.equal(asked, "identity");
    assert.equal(await readBoundedText(response, 1024), '{"ok":true}');
    const brotli = await fetchOnOrigin(fetch, `${server.url}/br`);
    await assert.rejects(readBoundedText(brotli, 1024), UnsupportedEncodingError);
  } finally {
    await server.close();
  }
});

Deno.test("redirects are followed on the origin asked, never off it, and the other body is never read", async () => {
  const elsewhere = serve(() => new Response("secret instructions"));
  const server = serve((request) => {
    const path = new URL(request.url).pathname;
    if (path === "/here") return Response.redirect(`${new URL(request.url).origin}/there`, 302);
    if (path === "/there") return new Response("arrived");
    if (path === "/loop") {
      return new Response(null, { status: 307, headers: { location: "/loop" } });
    }
    return Response.redirect(`${elsewhere.url}/x`, 301);
  });
  try {
    const followed = await fetchOnOrigin(fetch, `${server.url}/here`);
    assert.equal(await followed.text(), "arrived");
    await assert.rejects(fetchOnOrigin(fetch, `${server.url}/away`), (error) => {
      assert.ok(error instanceof RedirectedAwayError);
      assert.doesNotMatch(error.message, /secret|127\.0\.0\.1/);
      return true;
    });
    assert.equal(elsewhere.requests(), 0, "the other origin was never asked");
    await assert.rejects(fetchOnOrigin(fetch, `${server.url}/loop`), RedirectedAwayError);
  } finally {
    await server.close();
    await elsewhere.close();
  }
});

Deno.test("an event stream's line or event past its maximum is refused, in one chunk or many", () => {
  const fits = (text: string, chunkBytes: number) => {
    const bytes = new TextEncoder().encode(text);
    const within = eventBytesWithin(16);
    for (let at = 0; at < bytes.length; at += chunkBytes) {
      if (!within(bytes.subarray(at, at + chunkBytes))) return false;
    }
    return true;
  };
  for (const chunkBytes of [1, 5, 1000]) {
    assert.equal(fits("data: short\n\ndata: short\r\n\r\nevent: x\rdata: y\r\r", chunkBytes), true);
    assert.equal(fits(`data: ${"a".repeat(20)}`, chunkBytes), false);
    // Many short lines without a blank one make one event that keeps growing.
    assert.equal(fits("data: a\ndata: b\ndata: c\n", chunkBytes), false);
  }
});

Deno.test("Retry-After is clamped to its stated maximum", () => {
  assert.equal(parseRetryAfter("99999999"), RETRY_AFTER_MAX_S);
  assert.equal(parseRetryAfter("7"), 7);
  assert.equal(parseRetryAfter(new Date(Date.now() + 86_400_000).toUTCString()), RETRY_AFTER_MAX_S);
});
