import assert from "node:assert/strict";
import { Hono } from "hono";
import { docsSecurityHeaders, HSTS, securityHeaders } from "./security_headers.ts";

function appWith(hsts: boolean): Hono {
  const app = new Hono();
  app.use("*", securityHeaders({ hsts }));
  app.use("/docs/*", docsSecurityHeaders());
  app.get("/page", (c) => c.text("page"));
  app.get("/docs/page", (c) => c.text("docs"));
  return app;
}

Deno.test("pages get the site CSP, nosniff and the referrer policy, and nothing else of Hono's", async () => {
  const response = await appWith(false).request("/page");
  assert.equal(
    response.headers.get("content-security-policy"),
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
      "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; " +
      "frame-ancestors 'self' https://papertrade-os.pages.dev https://*.pages.dev",
  );
  assert.equal(response.headers.get("x-content-type-options"), "nosniff");
  assert.equal(response.headers.get("referrer-policy"), "strict-origin-when-cross-origin");
  for (
    const absent of [
      "strict-transport-security",
      "x-frame-options",
      "cross-origin-resource-policy",
      "cross-origin-opener-policy",
      "origin-agent-cluster",
      "x-xss-protection",
    ]
  ) {
    assert.equal(response.headers.get(absent), null, absent);
  }
});

Deno.test("HSTS is sent only when asked for", async () => {
  const response = await appWith(true).request("/page");
  assert.equal(response.headers.get("strict-transport-security"), HSTS);
  const docs = await appWith(true).request("/docs/page");
  assert.equal(docs.headers.get("strict-transport-security"), HSTS);
});

Deno.test("the docs' own policy wins over the site's: never framed", async () => {
  const response = await appWith(false).request("/docs/page");
  const policy = response.headers.get("content-security-policy") ?? "";
  assert.match(policy, /frame-ancestors 'none'$/);
  assert.match(policy, /^default-src 'self'; script-src 'self'/);
  assert.equal(response.headers.get("x-frame-options"), "DENY");
  assert.equal(response.headers.get("x-content-type-options"), "nosniff");
});
