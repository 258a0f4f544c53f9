import assert from "node:assert/strict";
import { SAMPLE_TOOLS } from "../../tests/support/sample_tools.ts";
import { buildMcpCatalog, buildServerCard, buildWellKnownServerCard } from "./server_card.ts";
import { SERVER_CARD_MEDIA_TYPE, SERVER_IDENTITY } from "./server_identity.ts";

const options = { siteUrl: "https://explorer.example", tools: SAMPLE_TOOLS };

// The experimental-ext-server-card schema is not published on npm, so its rules are restated
// here: required $schema, name, version, description; no other top-level keys; remotes need a
// transport type and an http(s) URL.
const CARD_KEYS = new Set([
  "$schema",
  "_meta",
  "description",
  "icons",
  "name",
  "remotes",
  "repository",
  "title",
  "version",
  "websiteUrl",
]);

Deno.test("the SEP-2127 card has exactly the fields its schema allows, all valid", () => {
  const card = buildServerCard(options);
  for (const key of Object.keys(card)) assert.ok(CARD_KEYS.has(key), `unexpected key ${key}`);
  assert.match(
    String(card.$schema),
    /^https:\/\/static\.modelcontextprotocol\.io\/schemas\/v1\/server-card\.schema\.json$/,
  );
  assert.match(String(card.name), /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
  assert.ok(String(card.description).length >= 1 && String(card.description).length <= 100);
  assert.ok(String(card.title).length <= 100);
  assert.equal(card.version, SERVER_IDENTITY.version);
  const remotes = card.remotes as Record<string, unknown>[];
  assert.equal(remotes.length, 1);
  assert.equal(remotes[0].type, "streamable-http");
  assert.equal(remotes[0].url, "https://explorer.example/mcp");
  assert.deepEqual(remotes[0].supportedProtocolVersions, SERVER_IDENTITY.protocolVersions);
});

Deno.test("the well-known card lists the tools in order with their schemas", () => {
  const card = buildWellKnownServerCard(options);
  const tools = card.tools as Record<string, unknown>[];
  assert.deepEqual(tools.map((tool) => tool.name), SAMPLE_TOOLS.map((tool) => tool.name));
  assert.equal((tools[1].inputSchema as Record<string, unknown>).type, "object");
  assert.deepEqual(tools[1].annotations, SAMPLE_TOOLS[1].annotations);
  assert.deepEqual(card.serverInfo, {
    name: SERVER_IDENTITY.name,
    title: SERVER_IDENTITY.title,
    version: SERVER_IDENTITY.version,
  });
  assert.deepEqual(card.transport, {
    type: "streamable-http",
    url: "https://explorer.example/mcp",
  });
  assert.deepEqual(card.capabilities, {
    tools: { listChanged: false },
    resources: { listChanged: false },
    extensions: { "io.modelcontextprotocol/ui": {} },
  });
  assert.equal(card.$schema, undefined);
});

Deno.test("the MCP catalog points at the draft card with a host-anchored identifier", () => {
  const catalog = buildMcpCatalog({ ...options, siteUrl: "https://explorer.example:8443" });
  assert.equal(catalog.specVersion, "draft");
  assert.deepEqual(catalog.entries, [{
    identifier: "urn:air:explorer.example:papertrade-explorer",
    displayName: SERVER_IDENTITY.title,
    type: SERVER_CARD_MEDIA_TYPE,
    url: "https://explorer.example:8443/mcp/server-card",
  }]);
});
