import assert from "node:assert/strict";
import { singleEventResponse, sseResponse } from "./sse.ts";

Deno.test("a single event is framed as event and data lines, then the stream ends", async () => {
  const response = singleEventResponse("message", { a: "line\nbreak" });
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("content-type"), "text/event-stream");
  assert.equal(response.headers.get("cache-control"), "no-cache");
  assert.equal(response.headers.get("x-accel-buffering"), "no");
  assert.equal(await response.text(), 'event: message\ndata: {"a":"line\\nbreak"}\n\n');
});

Deno.test("events arrive in the order written and extra headers are added", async () => {
  const response = sseResponse(async (stream) => {
    for (const n of [1, 2, 3]) await stream.writeSSE({ event: "n", data: String(n) });
    await stream.close();
  }, { headers: { "x-extra": "yes" } });
  assert.equal(response.headers.get("x-extra"), "yes");
  assert.equal(
    await response.text(),
    "event: n\ndata: 1\n\nevent: n\ndata: 2\n\nevent: n\ndata: 3\n\n",
  );
});

Deno.test("the abort listeners run when the client cancels the body", async () => {
  let aborted = false;
  const response = sseResponse((stream) => {
    stream.onAbort(() => {
      aborted = true;
    });
    void stream.writeSSE({ event: "hello", data: "null" });
  });
  const reader = response.body!.getReader();
  await reader.read();
  await reader.cancel();
  assert.equal(aborted, true);
});

Deno.test("a writer that throws ends the stream instead of leaving it open", async () => {
  const logged: unknown[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => logged.push(args);
  try {
    const response = sseResponse(() => {
      throw new Error("boom");
    });
    assert.equal(await response.text(), "");
    assert.equal(logged.length, 1);
  } finally {
    console.error = original;
  }
});
