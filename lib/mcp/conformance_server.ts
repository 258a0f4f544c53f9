/**
 * Serves the MCP handler with the fixture tools on 127.0.0.1, for the official conformance
 * suite and the inspector. Usage: `deno run -A lib/mcp/conformance_server.ts [--port 3333]`.
 * Prints the endpoint URL once listening. Besides our fixtures it serves the suite's
 * `test_simple_text` and `test_error_handling`, so tools/call scenarios exercise our path.
 */
import {
  conformanceErrorTool,
  conformanceSimpleTextTool,
  createFixtureContext,
  FIXTURE_SERVER_INFO,
  FIXTURE_TOOLS,
} from "./_fixture_tools.ts";
import { handleMcpRequest } from "./handler.ts";

function portFromArgs(args: readonly string[]): number {
  const index = args.indexOf("--port");
  const value = index >= 0 ? Number(args[index + 1]) : 0;
  return Number.isInteger(value) && value >= 0 ? value : 0;
}

if (import.meta.main) {
  const server = Deno.serve({
    hostname: "127.0.0.1",
    port: portFromArgs(Deno.args),
    onListen: ({ port }) => console.log(`http://127.0.0.1:${port}/mcp`),
  }, (request) => {
    const { pathname } = new URL(request.url);
    if (pathname !== "/mcp") return new Response("Not found", { status: 404 });
    return handleMcpRequest(request, {
      tools: [...FIXTURE_TOOLS, conformanceSimpleTextTool, conformanceErrorTool],
      createContext: createFixtureContext,
      serverInfo: FIXTURE_SERVER_INFO,
      toolTimeoutMs: 2_000,
    });
  });
  Deno.addSignalListener("SIGTERM", () => server.shutdown());
}
