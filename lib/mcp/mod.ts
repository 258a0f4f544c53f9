/**
 * The MCP server (Streamable HTTP, stateless) and the REST tool mirror.
 *
 * Why our own protocol module instead of the SDK's WebStandardStreamableHTTPServerTransport:
 * the seed's contract differs from that transport almost everywhere it is observable. The SDK
 * (1.32, stateless) caps batches at 100 instead of 20, answers `[]` with 202 and a
 * non-JSON-RPC object with -32700, refuses (406) clients whose Accept lacks either JSON or
 * SSE and picks JSON/SSE per server rather than per request, opens an endless SSE stream on
 * GET, has no CORS, reports an unknown tool as an isError result, and knows nothing of the
 * stateless 2026-07-28 revision (per-request `_meta`, server/discover, Mcp-Method/Mcp-Name
 * header checks, 404 for unknown methods). Wrapping it would mean pre-parsing and rewriting
 * most requests and responses anyway. Only tools matter here, so the whole protocol is a few
 * small pure modules (era, methods, handler) that follow the published schemas, tested
 * against the SDK's own Client and the official conformance suite.
 */
export { handleMcpRequest } from "./handler.ts";
export { handleToolRestRequest } from "./rest.ts";
export {
  DEFAULT_MAX_BATCH,
  DEFAULT_TOOL_TIMEOUT_MS,
  type McpHandlerOptions,
  type ServerInfo,
  type ToolEndpointOptions,
} from "./options.ts";
export { SERVER_INSTRUCTIONS } from "./instructions.ts";
export { callTool, type CallToolOptions, type ToolOutcome } from "./call_tool.ts";
export { describeTool, toJsonSchema, type ToolDescriptor } from "./tool_descriptors.ts";
export { SERVER_CAPABILITIES } from "./methods.ts";
export {
  FALLBACK_PROTOCOL_VERSION,
  LEGACY_PROTOCOL_VERSIONS,
  MODERN_PROTOCOL_VERSIONS,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "./versions.ts";
export { ErrorCode } from "./jsonrpc.ts";
