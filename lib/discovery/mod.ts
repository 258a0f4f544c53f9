/** Discovery files generated from the tool list and the site URL. */
export { A2A_PROTOCOL_VERSION, buildAgentCard } from "./agent_card.ts";
export {
  API_CATALOG_CONTENT_TYPE,
  buildApiCatalog,
  discoveryLinkHeader,
  OPENAPI_MEDIA_TYPE,
} from "./api_catalog.ts";
export { buildLlmsFullTxt, buildLlmsTxt } from "./llms_txt.ts";
export { buildOpenApi } from "./openapi.ts";
export {
  buildMcpCatalog,
  buildServerCard,
  buildWellKnownServerCard,
  SERVER_CARD_MEDIA_TYPE,
  SERVER_CARD_PATH,
  SERVER_CARD_SCHEMA,
} from "./server_card.ts";
export {
  type DiscoveryOptions,
  SERVER_IDENTITY,
  type ServerIdentity,
  siteLink,
} from "./server_identity.ts";
export { serverJsonMismatches } from "./server_json.ts";
export * from "./text_files.ts";
export { exampleArguments, firstSentence, type ToolInfo, toolJsonSchemas } from "./tool_info.ts";
