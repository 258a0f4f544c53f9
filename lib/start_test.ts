import assert from "node:assert/strict";
import { configFromEnv } from "./config.ts";
import { settleSiteUrl, SITE_URL_WARNING } from "./start.ts";

function envOf(values: Record<string, string>) {
  return { get: (name: string) => values[name] };
}

Deno.test("a loopback server without SITE_URL links to itself on the real port", () => {
  const warnings: string[] = [];
  const settled = settleSiteUrl(
    configFromEnv(envOf({ PORT: "0" })),
    43_210,
    (l) => warnings.push(l),
  );
  assert.equal(settled.siteUrl, "http://127.0.0.1:43210");
  const v6 = settleSiteUrl(configFromEnv(envOf({ HOST: "::1", PORT: "0" })), 43_211);
  assert.equal(v6.siteUrl, "http://[::1]:43211");
  assert.deepEqual(warnings, []);
});

Deno.test("a public server without SITE_URL warns loudly and links root-relative, never to 127.0.0.1", () => {
  const warnings: string[] = [];
  const config = configFromEnv(envOf({ HOST: "0.0.0.0", PORT: "8000" }));
  const settled = settleSiteUrl(config, 8000, (line) => warnings.push(line));
  assert.equal(settled.siteUrl, "");
  assert.deepEqual(warnings, [SITE_URL_WARNING]);
  assert.match(SITE_URL_WARNING, /^WARNING: SITE_URL is not set/);
});

Deno.test("SITE_URL, when set, is used as given", () => {
  const warnings: string[] = [];
  const config = configFromEnv(envOf({ HOST: "0.0.0.0", SITE_URL: "https://explorer.example" }));
  assert.equal(
    settleSiteUrl(config, 1234, (line) => warnings.push(line)).siteUrl,
    "https://explorer.example",
  );
  assert.deepEqual(warnings, []);
});
