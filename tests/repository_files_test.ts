/** The repository's own files: the licence the docs promise and a security policy. */
import assert from "node:assert/strict";
import { buildOpenApi } from "../lib/discovery/openapi.ts";

const root = new URL("../", import.meta.url);

Deno.test("LICENSE is the Apache License 2.0, as the OpenAPI document declares", async () => {
  const license = await Deno.readTextFile(new URL("LICENSE", root));
  assert.match(license, /Apache License\s+Version 2\.0, January 2004/);
  assert.match(license, /TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION/);
  const info = buildOpenApi({ siteUrl: "https://x.example", tools: [] }).info as {
    license: { identifier: string };
  };
  assert.equal(info.license.identifier, "Apache-2.0");
});

Deno.test("SECURITY.md says how to report a problem and what the security model is", async () => {
  const policy = await Deno.readTextFile(new URL("SECURITY.md", root));
  assert.match(policy, /^## Reporting a problem$/m);
  assert.match(policy, /privately/);
  assert.match(policy, /^## Security model$/m);
  for (const topic of [/read-only/i, /no private keys|holds no .*keys/i, /untrusted/i, /limits/i]) {
    assert.match(policy, topic);
  }
});
