import assert from "node:assert/strict";
import { TOOLS } from "../../tools/registry.ts";
import { describeTool } from "./server.ts";
import { SERVER_IDENTITY } from "../../lib/discovery/server_identity.ts";
import { SUPPORTED_PROTOCOL_VERSIONS } from "../../lib/discovery/protocol_versions.ts";
import { toolJsonSchemas } from "../../lib/tool_info.ts";

Deno.test("MCP tools/list and the docs and discovery faces share one schema object per tool", () => {
  for (const tool of TOOLS) {
    const descriptor = describeTool(tool);
    const schemas = toolJsonSchemas(tool);
    assert.equal(descriptor.inputSchema, schemas.input, tool.name);
    assert.equal(descriptor.outputSchema, schemas.output, tool.name);
    assert.equal(schemas.input.$schema, undefined);
  }
});

Deno.test("the discovery files announce exactly the protocol revisions the MCP route speaks", () => {
  assert.equal(SERVER_IDENTITY.protocolVersions, SUPPORTED_PROTOCOL_VERSIONS);
});
