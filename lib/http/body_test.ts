import assert from "node:assert/strict";
import { Hono } from "hono";
import { limitBody, MALFORMED_BODY_MESSAGE, MAX_BODY_BYTES, readBody } from "./body.ts";

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

function streamingRequest(chunks: Uint8Array[]): Request {
  // A stream body has no Content-Length, like a chunked upload.
  return new Request("http://localhost/", { method: "POST", body: streamOf(chunks) });
}

/** A face behind the limit: 413 "too large", 400 "malformed", else 200 with the body it read. */
function face(maxBytes?: number): Hono {
  const app = new Hono();
  app.use(limitBody({
    tooLarge: (c) => c.text("too large", 413),
    malformed: (c) => c.text(MALFORMED_BODY_MESSAGE, 400),
  }, maxBytes));
  app.post("/", async (c) => {
    const text = await readBody(c.req.raw);
    return text === undefined ? c.text(MALFORMED_BODY_MESSAGE, 400) : c.text(text);
  });
  return app;
}

async function answer(request: Request, maxBytes?: number): Promise<[number, string]> {
  const response = await face(maxBytes).request(request);
  return [response.status, await response.text()];
}

Deno.test("a body within the cap is read as UTF-8 text", async () => {
  const request = new Request("http://localhost/", { method: "POST", body: '{"name":"é"}' });
  assert.deepEqual(await answer(request), [200, '{"name":"é"}']);
});

Deno.test("a body of exactly 64 KiB is accepted and one byte more is refused", async () => {
  const exact = new Uint8Array(MAX_BODY_BYTES).fill(0x61);
  const [status, text] = await answer(streamingRequest([exact]));
  assert.equal(status, 200);
  assert.equal(text.length, MAX_BODY_BYTES);
  const refused = await answer(streamingRequest([exact, new Uint8Array([0x61])]));
  assert.deepEqual(refused, [413, "too large"]);
});

Deno.test("a declared Content-Length over the cap is refused before reading", async () => {
  let pulled = false;
  const body = new ReadableStream<Uint8Array>({
    pull() {
      pulled = true;
    },
  });
  const request = new Request("http://localhost/", {
    method: "POST",
    body,
    headers: { "content-length": String(MAX_BODY_BYTES + 1) },
  });
  assert.deepEqual(await answer(request), [413, "too large"]);
  assert.equal(pulled, false);
});

Deno.test("a body without Content-Length is counted while streaming and cut off past the cap", async () => {
  const chunk = new Uint8Array(16 * 1024).fill(0x62);
  const request = streamingRequest([chunk, chunk, chunk, chunk, chunk]);
  assert.equal(request.headers.get("content-length"), null);
  assert.deepEqual(await answer(request), [413, "too large"]);
});

Deno.test("a smaller custom cap is honoured and a missing body reads as empty text", async () => {
  const request = new Request("http://localhost/", { method: "POST", body: "12345" });
  assert.deepEqual(await answer(request, 4), [413, "too large"]);
  const empty = new Request("http://localhost/", { method: "POST" });
  assert.deepEqual(await answer(empty), [200, ""]);
});

function brokenRequest(): Request {
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.enqueue(new TextEncoder().encode('{"a":'));
      controller.error(new Error("invalid HTTP/1 request: Invalid"));
    },
  });
  return new Request("http://localhost/", { method: "POST", body });
}

Deno.test("a body that fails while streaming is malformed, said in one log line per interval", async () => {
  const lines: unknown[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => lines.push(args.join(" "));
  try {
    assert.deepEqual(await answer(brokenRequest()), [400, MALFORMED_BODY_MESSAGE]);
    for (let index = 0; index < 20; index++) await answer(brokenRequest());
  } finally {
    console.error = original;
  }
  assert.equal(lines.length, 1);
  assert.match(String(lines[0]), /could not be read \(invalid HTTP\/1 request: Invalid\)/);
});
