import assert from "node:assert/strict";
import { Hono } from "hono";
import { CORS_ALLOW_HEADERS, CORS_EXPOSE_HEADERS, toolEndpointCors } from "./cors.ts";

function app(): Hono {
  const app = new Hono();
  app.use("/tool", toolEndpointCors(["POST", "OPTIONS"]));
  app.all("/tool", (c) => c.text("hello", 418, { "x-kept": "yes" }));
  return app;
}

const list = (value: string | null) => (value ?? "").split(/,\s*/);

Deno.test("every answer allows any origin and exposes the MCP headers, the rest untouched", async () => {
  const response = await app().request("/tool", {
    method: "POST",
    headers: { origin: "https://elsewhere.test" },
  });
  assert.equal(response.status, 418);
  assert.equal(response.headers.get("access-control-allow-origin"), "*");
  assert.deepEqual(
    list(response.headers.get("access-control-expose-headers")),
    [...CORS_EXPOSE_HEADERS],
  );
  assert.equal(response.headers.get("x-kept"), "yes");
  assert.equal(await response.text(), "hello");
});

Deno.test("a preflight is a 204 allowing the given methods and every MCP request header", async () => {
  const response = await app().request("/tool", {
    method: "OPTIONS",
    headers: {
      origin: "https://elsewhere.test",
      "access-control-request-method": "POST",
      "access-control-request-headers": "x-not-listed",
    },
  });
  assert.equal(response.status, 204);
  assert.equal(response.body, null);
  assert.equal(response.headers.get("access-control-allow-origin"), "*");
  assert.deepEqual(list(response.headers.get("access-control-allow-methods")), ["POST", "OPTIONS"]);
  assert.deepEqual(list(response.headers.get("access-control-allow-headers")), [
    ...CORS_ALLOW_HEADERS,
  ]);
  assert.equal(response.headers.get("access-control-max-age"), "86400");
});
