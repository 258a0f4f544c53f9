/**
 * The generated discovery files (OpenAPI, llms.txt, server and agent cards) as one lazy boundary
 * of `routes/discovery.ts`, loaded with the first of them asked for.
 */
export { buildOpenApi } from "./openapi.ts";
export { buildLlmsFullTxt, buildLlmsTxt } from "./llms_txt.ts";
export { buildMcpCatalog, buildServerCard, buildWellKnownServerCard } from "./server_card.ts";
export { buildAgentCard } from "./agent_card.ts";
