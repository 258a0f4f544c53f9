import assert from "node:assert/strict";
import { SAMPLE_TOOLS } from "../../tests/support/sample_tools.ts";
import { buildApiCatalog, discoveryLinkHeader, OPENAPI_MEDIA_TYPE } from "./api_catalog.ts";

Deno.test("the catalog is a linkset whose entries have an anchor and link arrays", () => {
  const catalog = buildApiCatalog({ siteUrl: "https://explorer.example", tools: SAMPLE_TOOLS });
  const linkset = catalog.linkset as Record<string, unknown>[];
  for (const entry of linkset) {
    assert.match(String(entry.anchor), /^https:\/\/explorer\.example\//);
    for (const [relation, targets] of Object.entries(entry)) {
      if (relation === "anchor") continue;
      assert.ok(Array.isArray(targets) && targets.length > 0, relation);
      for (const target of targets) assert.match(target.href, /^https:\/\/explorer\.example\//);
    }
  }
  assert.deepEqual(linkset[1]["service-desc"], [
    { href: "https://explorer.example/openapi.json", type: OPENAPI_MEDIA_TYPE },
  ]);
});

Deno.test("the home page Link header names the OpenAPI file, the catalog and the MCP endpoint", () => {
  const header = discoveryLinkHeader("https://explorer.example");
  assert.match(header, /<https:\/\/explorer\.example\/openapi\.json>; rel="service-desc"/);
  assert.match(
    header,
    /<https:\/\/explorer\.example\/\.well-known\/api-catalog>; rel="api-catalog"/,
  );
  assert.match(header, /<https:\/\/explorer\.example\/mcp>; rel="mcp"/);
});
