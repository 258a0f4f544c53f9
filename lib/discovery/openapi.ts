/**
 * OpenAPI 3.1 of `/mcp` (every answer to every method: tests/openapi_mcp_test.ts sends each) and
 * the REST mirror, one operation per tool of the list the server runs.
 */
import { type DiscoveryOptions, SERVER_IDENTITY } from "./server_identity.ts";
import { siteLink } from "../site_link.ts";
import { exampleArguments, type JsonSchema, type ToolInfo, toolJsonSchemas } from "../tool_info.ts";

const ERROR_RESPONSES: Record<string, string> = {
  "400": "The body is not valid JSON or not a JSON object.",
  "404": "No tool has this name.",
  "405": "Only POST (and OPTIONS for CORS preflight) is allowed.",
  "413": "The body is larger than 64 KiB.",
  "415": "The Content-Type is not application/json.",
  "422": "The arguments are invalid, or the tool reported an error about them (such as a " +
    "wallet the exchange has never seen).",
  "429": "Too many tool calls from this client; retry after the number of seconds in Retry-After.",
  "502": "An upstream source (Papertrade API or HyperEVM RPC) answered with an error or a " +
    "shape we do not understand.",
  "503": "An upstream source is rate limiting us or unavailable; Retry-After is set when it " +
    "said how long to wait.",
  "504": "An upstream source did not answer in time (or the tool's 25 s deadline passed).",
};

const RETRY_AFTER_STATUSES = new Set(["429", "503"]);

/** Statuses `POST /mcp` answers with a JSON-RPC error envelope (an `id` of null, as a rule). */
const MCP_ERROR_RESPONSES: Record<string, string> = {
  "400": "Not valid JSON (-32700), not a JSON-RPC message or an invalid batch (-32600), or a " +
    "protocol revision problem: headers that disagree with the body (-32020), an unsupported " +
    "revision (-32022; -32000 for an unsupported MCP-Protocol-Version header without `_meta`) " +
    "or a 2026-07-28 request without its `_meta` (-32602).",
  "404": "Under 2026-07-28: a method this server does not serve, initialize and ping included " +
    "(-32601). Earlier revisions answer an unknown method in a 200.",
  "413": "The body is larger than 64 KiB (-32600).",
  "415": "The Content-Type is not application/json (-32000).",
  "429": "Too many tool calls from this client (-32000); Retry-After says when to retry and " +
    "`error.data` carries the limit.",
  "500": "A fault in the server itself (-32603).",
};

export function buildOpenApi(options: DiscoveryOptions): JsonSchema {
  const schemas: Record<string, JsonSchema> = {
    Error: {
      type: "object",
      description: "Error body of the REST mirror.",
      properties: {
        error: {
          type: "string",
          description: "What went wrong, as a stable code (`invalid_json`, `rate_limited`, " +
            "`upstream_timeout`, ...).",
        },
        message: { type: "string", description: "The same in words, saying what to do next." },
      },
      required: ["error", "message"],
    },
    JsonRpcError: {
      type: "object",
      description: "A JSON-RPC 2.0 error response (MCP).",
      properties: {
        jsonrpc: { const: "2.0" },
        id: { type: ["string", "integer", "null"] },
        error: {
          type: "object",
          properties: {
            code: { type: "integer", description: "JSON-RPC error code." },
            message: { type: "string" },
            data: { description: "Details, such as the rate limit's numbers." },
          },
          required: ["code", "message"],
        },
      },
      required: ["jsonrpc", "id", "error"],
    },
    McpHttpError: {
      type: "object",
      description: "Error body of a /mcp request that carries no JSON-RPC message.",
      properties: { error: { type: "string", description: "What went wrong, in words." } },
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
      title: `${SERVER_IDENTITY.title} API`,
      version: SERVER_IDENTITY.version,
      summary: SERVER_IDENTITY.description,
      description: "Unofficial and read-only. Every tool is available over MCP at /mcp and as a " +
        "plain HTTP operation at POST /api/tools/{name}; both run the same code.",
      license: { name: "Apache License 2.0", identifier: "Apache-2.0" },
    },
    servers: [{ url: options.siteUrl.replace(/\/+$/, "") || "/" }],
    // Every operation is public: no key, no login, no cookie.
    security: [],
    externalDocs: { url: siteLink(options.siteUrl, "/docs/reference"), description: "Reference" },
    tags: [
      { name: "tools", description: "The read-only tools, one operation each." },
      { name: "mcp", description: "The Model Context Protocol endpoint." },
    ],
    paths,
    components: {
      schemas,
      responses: {
        ...errorResponses(ERROR_RESPONSES, "Status", "Error"),
        ...errorResponses(MCP_ERROR_RESPONSES, "Mcp", "JsonRpcError"),
        McpMethodNotAllowed: {
          description: "This method is not served: the server is stateless (no session to end " +
            "with DELETE) and read-only.",
          headers: {
            Allow: { schema: { type: "string" }, description: "GET, HEAD, POST, OPTIONS" },
          },
          content: {
            "application/json": { schema: { $ref: "#/components/schemas/McpHttpError" } },
          },
        },
      },
    },
  };
}

function schemaBaseName(toolName: string): string {
  return toolName.split(/[^A-Za-z0-9]+/).filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1)).join("");
}

function toolOperation(tool: ToolInfo, base: string, input: JsonSchema): JsonSchema {
  const hasRequired = Array.isArray(input.required) && input.required.length > 0;
  const responses = {
    "200": {
      description: "The tool ran; the body is its structured result.",
      content: { "application/json": { schema: { $ref: `#/components/schemas/${base}Result` } } },
    },
    ...responseRefs(ERROR_RESPONSES, "Status"),
  };
  return {
    operationId: tool.name,
    summary: tool.title,
    description: tool.description,
    tags: ["tools"],
    requestBody: {
      required: hasRequired,
      description: `Arguments of ${tool.name} as a JSON object.`,
      content: {
        "application/json": {
          schema: { $ref: `#/components/schemas/${base}Arguments` },
          example: exampleArguments(tool),
        },
      },
    },
    responses,
    "x-mcp-annotations": { ...tool.annotations },
  };
}

/** The shared responses of `table` (status → description), named `${prefix}${status}`. */
function errorResponses(table: Record<string, string>, prefix: string, schema: string) {
  return Object.fromEntries(
    Object.entries(table).map(([status, description]) => {
      const headers = status === "405"
        ? { Allow: { schema: { type: "string" }, description: "POST, OPTIONS" } }
        : RETRY_AFTER_STATUSES.has(status)
        ? { "Retry-After": { schema: { type: "integer" }, description: "Seconds to wait." } }
        : undefined;
      const content = {
        "application/json": { schema: { $ref: `#/components/schemas/${schema}` } },
      };
      return [`${prefix}${status}`, { description, content, ...headers && { headers } }];
    }),
  );
}

/** References to the responses {@link errorResponses} names, by status. */
function responseRefs(table: Record<string, string>, prefix: string) {
  return Object.fromEntries(
    Object.keys(table).map((
      status,
    ) => [status, { $ref: `#/components/responses/${prefix}${status}` }]),
  );
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
            example: { jsonrpc: "2.0", id: 1, method: "tools/list" },
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
        ...responseRefs(MCP_ERROR_RESPONSES, "Mcp"),
      },
    },
    get: {
      operationId: "mcpDescription",
      summary: "Describe the MCP endpoint",
      tags: ["mcp"],
      responses: describeResponses(true),
    },
    head: {
      operationId: "mcpDescriptionHead",
      summary: "GET's status and headers, without the body",
      tags: ["mcp"],
      responses: describeResponses(false),
    },
    options: {
      operationId: "mcpPreflight",
      summary: "CORS preflight",
      tags: ["mcp"],
      responses: { "204": { description: "The Access-Control-Allow-* headers; no body." } },
    },
    ...Object.fromEntries(["delete", "put", "patch"].map((method) => [method, {
      operationId: `mcp${method[0].toUpperCase()}${method.slice(1)}`,
      summary: `${method.toUpperCase()} is not served`,
      tags: ["mcp"],
      responses: { "405": { $ref: "#/components/responses/McpMethodNotAllowed" } },
    }])),
  };
}

/** GET /mcp's answers; HEAD's are the same without a body. */
function describeResponses(withBody: boolean): JsonSchema {
  const json = (schema: JsonSchema) =>
    withBody ? { content: { "application/json": { schema } } } : {};
  return {
    "200": {
      description: "A JSON description of the server with links to its documentation.",
      ...json({ type: "object" }),
    },
    "405": {
      description: "The client asked for an event stream (Accept: text/event-stream); this " +
        "server opens none.",
      headers: { Allow: { schema: { type: "string" }, description: "POST, OPTIONS" } },
      ...json({ $ref: "#/components/schemas/McpHttpError" }),
    },
  };
}
