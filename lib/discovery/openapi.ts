/**
 * OpenAPI 3.1 description of the HTTP surface: `POST /mcp` and one operation per tool on the
 * REST mirror. Built from the tool list, so it lists exactly the tools the server runs.
 */
import { type DiscoveryOptions, SERVER_IDENTITY, siteLink } from "./server_identity.ts";
import { type JsonSchema, type ToolInfo, toolJsonSchemas } from "./tool_info.ts";

const ERROR_RESPONSES: Record<string, string> = {
  "400": "The body is not valid JSON or not a JSON object.",
  "404": "No tool has this name.",
  "405": "Only POST (and OPTIONS for CORS preflight) is allowed.",
  "413": "The body is larger than 64 KiB.",
  "422": "The tool reported an error: bad arguments, not found upstream, or an upstream fault.",
  "429": "Too many tool calls from this client; retry after the number of seconds in Retry-After.",
};

/** Builds the OpenAPI 3.1 document for the given site and tools. */
export function buildOpenApi(options: DiscoveryOptions<ToolInfo>): JsonSchema {
  const server = options.server ?? SERVER_IDENTITY;
  const schemas: Record<string, JsonSchema> = {
    Error: {
      type: "object",
      description: "Error body of the REST mirror.",
      properties: { error: { type: "string", description: "What went wrong." } },
      required: ["error"],
    },
    JsonRpcMessage: {
      type: "object",
      description: "A JSON-RPC 2.0 request or notification (MCP).",
      properties: {
        jsonrpc: { const: "2.0" },
        id: { type: ["string", "integer"] },
        method: { type: "string" },
        params: { type: "object" },
      },
      required: ["jsonrpc", "method"],
    },
  };
  const paths: Record<string, JsonSchema> = { "/mcp": mcpPath() };
  for (const tool of options.tools) {
    const { input, output } = toolJsonSchemas(tool);
    const base = schemaBaseName(tool.name);
    schemas[`${base}Arguments`] = input;
    schemas[`${base}Result`] = output;
    paths[`/api/tools/${tool.name}`] = { post: toolOperation(tool, base, input) };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: `${server.title} API`,
      version: server.version,
      summary: server.description,
      description: "Unofficial and read-only. Every tool is available over MCP at /mcp and as a " +
        "plain HTTP operation at POST /api/tools/{name}; both run the same code.",
    },
    servers: [{ url: options.siteUrl.replace(/\/+$/, "") }],
    externalDocs: { url: siteLink(options.siteUrl, "/docs/reference"), description: "Reference" },
    tags: [
      { name: "tools", description: "The read-only tools, one operation each." },
      { name: "mcp", description: "The Model Context Protocol endpoint." },
    ],
    paths,
    components: { schemas, responses: errorResponses() },
  };
}

function schemaBaseName(toolName: string): string {
  return toolName.split(/[^A-Za-z0-9]+/).filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1)).join("");
}

function toolOperation(tool: ToolInfo, base: string, input: JsonSchema): JsonSchema {
  const hasRequired = Array.isArray(input.required) && input.required.length > 0;
  const responses: Record<string, unknown> = {
    "200": {
      description: "The tool ran; the body is its structured result.",
      content: { "application/json": { schema: { $ref: `#/components/schemas/${base}Result` } } },
    },
  };
  for (const status of Object.keys(ERROR_RESPONSES)) {
    responses[status] = { $ref: `#/components/responses/Status${status}` };
  }
  return {
    operationId: tool.name,
    summary: tool.title,
    description: tool.description,
    tags: ["tools"],
    requestBody: {
      required: hasRequired,
      description: `Arguments of ${tool.name} as a JSON object.`,
      content: {
        "application/json": { schema: { $ref: `#/components/schemas/${base}Arguments` } },
      },
    },
    responses,
    "x-mcp-annotations": { ...tool.annotations },
  };
}

function errorResponses(): Record<string, JsonSchema> {
  const responses: Record<string, JsonSchema> = {};
  for (const [status, description] of Object.entries(ERROR_RESPONSES)) {
    const response: JsonSchema = {
      description,
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    };
    if (status === "405") {
      response.headers = { Allow: { schema: { type: "string" }, description: "POST, OPTIONS" } };
    }
    if (status === "429") {
      response.headers = {
        "Retry-After": { schema: { type: "integer" }, description: "Seconds to wait." },
      };
    }
    responses[`Status${status}`] = response;
  }
  return responses;
}

function mcpPath(): JsonSchema {
  const message = { $ref: "#/components/schemas/JsonRpcMessage" };
  return {
    post: {
      operationId: "mcp",
      summary: "MCP endpoint (Streamable HTTP, stateless)",
      description: "JSON-RPC 2.0 messages of the Model Context Protocol: one message or a batch " +
        "of up to 20. The answer is JSON, or one SSE `message` event when the client accepts " +
        "only text/event-stream.",
      tags: ["mcp"],
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: { oneOf: [message, { type: "array", items: message, maxItems: 20 }] },
          },
        },
      },
      responses: {
        "200": {
          description: "JSON-RPC response (or batch of responses).",
          content: {
            "application/json": { schema: { type: ["object", "array"] } },
            "text/event-stream": { schema: { type: "string" } },
          },
        },
        "202": { description: "Only notifications were sent; there is nothing to answer." },
        "400": { $ref: "#/components/responses/Status400" },
        "413": { $ref: "#/components/responses/Status413" },
        "429": { $ref: "#/components/responses/Status429" },
      },
    },
    get: {
      operationId: "mcpDescription",
      summary: "Describe the MCP endpoint",
      tags: ["mcp"],
      responses: {
        "200": {
          description: "A JSON description of the server with links to its documentation.",
          content: { "application/json": { schema: { type: "object" } } },
        },
        "405": { description: "The client asked for an event stream; this server opens none." },
      },
    },
  };
}
