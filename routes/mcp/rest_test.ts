import assert from "node:assert/strict";
import { createRateLimiter } from "../../lib/http/rate_limit.ts";
import { handleToolRestRequest } from "./rest.ts";
import { restFace } from "./mod.ts";
import { FIXTURE_TOOLS, rateLimitedTool, testOptions } from "../../tests/support/mcp.ts";

function restRequest(name: string, body?: BodyInit, init: RequestInit = {}): Request {
  return new Request(`http://localhost/api/tools/${name}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    ...init,
  });
}

async function rest(
  name: string,
  body?: BodyInit,
  options = testOptions(),
  // deno-lint-ignore no-explicit-any -- tests inspect arbitrary JSON
): Promise<{ response: Response; json: any }> {
  // Through the face, whose `limitBody` caps the body.
  const response = await restFace(() => options).request(restRequest(name, body));
  const text = await response.text();
  return { response, json: text ? JSON.parse(text) : undefined };
}

Deno.test("REST 200: the body is the structured result", async () => {
  const { response, json } = await rest("echo", JSON.stringify({ text: "r", times: 3 }));
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("content-type"), "application/json");
  assert.deepEqual(json, { text: "r r r", length: 5 });
});

Deno.test("REST 400: a body that is not JSON, or not a JSON object, says so", async () => {
  const broken = await rest("echo", "{text:");
  assert.equal(broken.response.status, 400);
  assert.equal(broken.json.error, "invalid_json");
  assert.match(broken.json.message, /not valid JSON/);
  for (const body of ["[1,2]", '"text"', "null", "3"]) {
    const { response, json } = await rest("echo", body);
    assert.equal(response.status, 400, body);
    assert.equal(json.error, "invalid_body");
    assert.match(json.message, /must be a JSON object/);
  }
});

Deno.test("REST: an empty body means no arguments", async () => {
  const { response, json } = await rest("echo", "");
  assert.equal(response.status, 422, "echo needs text, so the empty object fails validation");
  assert.match(json.message, /argument 'text' is required/);
});

Deno.test("REST 404: an unknown tool lists the valid names", async () => {
  const { response, json } = await rest("nope", "{}");
  assert.equal(response.status, 404);
  assert.equal(json.error, "unknown_tool");
  assert.match(json.message, /Valid tools: echo, always_fails, hangs, bad_output, crashes/);
});

Deno.test("REST 405: other methods, with Allow: POST, OPTIONS", async () => {
  for (const method of ["GET", "PUT", "DELETE"]) {
    const response = await handleToolRestRequest(
      new Request("http://localhost/api/tools/echo", { method }),
      "echo",
      testOptions(),
    );
    assert.equal(response.status, 405, method);
    assert.equal(response.headers.get("allow"), "POST, OPTIONS");
    await response.body?.cancel();
  }
});

Deno.test("REST 413: a body over 64 KiB, with or without Content-Length", async () => {
  const big = JSON.stringify({ text: "x".repeat(70_000) });
  const declared = await rest("echo", big);
  assert.equal(declared.response.status, 413);
  assert.equal(declared.json.error, "body_too_large");
  const bytes = new TextEncoder().encode(big);
  const stream = new ReadableStream({
    start(controller) {
      controller.enqueue(bytes.slice(0, 40_000));
      controller.enqueue(bytes.slice(40_000));
      controller.close();
    },
  });
  const streamed = await rest("echo", stream);
  assert.equal(streamed.response.status, 413);
});

Deno.test("REST 422 for invalid arguments; upstream faults are 502/503/504 and a timeout 504", async () => {
  const invalid = await rest("echo", JSON.stringify({ text: 5 }));
  assert.equal(invalid.response.status, 422);
  assert.equal(invalid.json.error, "invalid_arguments");
  assert.match(invalid.json.message, /argument 'text'/);
  const failed = await rest("always_fails", "{}");
  assert.equal(failed.response.status, 502, "an upstream fault is a bad gateway by default");
  assert.deepEqual(failed.json, {
    error: "upstream_error",
    message: "The upstream API answered 503; try again later.",
  });
  const unavailable = await rest(
    "rate_limited",
    "{}",
    testOptions({ tools: [...FIXTURE_TOOLS, rateLimitedTool] }),
  );
  assert.equal(unavailable.response.status, 503);
  assert.equal(unavailable.response.headers.get("retry-after"), "7");
  assert.equal(unavailable.json.error, "upstream_unavailable");
  const slow = await rest("hangs", "{}", testOptions({ toolTimeoutMs: 20 }));
  assert.equal(slow.response.status, 504);
  assert.equal(slow.json.error, "timeout");
});

Deno.test("REST 500: a result off the output schema is a server bug", async () => {
  const options = testOptions();
  const { response, json } = await rest("bad_output", "{}", options);
  assert.equal(response.status, 500);
  assert.equal(json.error, "internal_error");
  assert.equal(options.faults.length, 1);
});

Deno.test("REST 503: a limiter whose store fails refuses the call instead of running it", async () => {
  const store = { consume: () => Promise.reject(new Error("database is locked")) };
  const options = testOptions({
    limiter: createRateLimiter({ store, now: () => 0, log: () => {} }),
    clientKey: "k",
  });
  const { response, json } = await rest("echo", '{"text":"a"}', options);
  assert.equal(response.status, 503);
  assert.equal(response.headers.get("retry-after"), "1");
  assert.equal(json.error, "rate_limit_unavailable");
});

Deno.test("REST 429: past the limit, with Retry-After and a body saying what was limited", async () => {
  const options = testOptions({
    limiter: createRateLimiter({ limit: 2, now: () => 20_000 }),
    clientKey: "k",
  });
  assert.equal((await rest("echo", '{"text":"a"}', options)).response.status, 200);
  assert.equal(
    (await rest("always_fails", "{}", options)).response.status,
    502,
    "errors count too",
  );
  const { response, json } = await rest("echo", '{"text":"a"}', options);
  assert.equal(response.status, 429);
  assert.equal(
    response.headers.get("retry-after"),
    "60",
    "the first call leaves the window in 60 s",
  );
  assert.equal(json.error, "rate_limited");
  assert.equal(json.retry_after_seconds, 60);
  assert.match(json.message, /\b2 tool calls\b.*\b60 s\b/, "the message gives the limit");
});
