/**
 * The test host of the MCP Apps views, run in the browser: an MCP client (the official SDK, over
 * Streamable HTTP to the explorer's /mcp) and the ext-apps `AppBridge`, as a chat client that
 * renders views would have them. `show` calls a tool, finds the view its `tools/list` entry
 * names, reads it with `resources/read`, loads it into a sandboxed iframe under a CSP built from
 * the resource's `_meta.ui.csp`, and hands it the tool's input and result through the bridge.
 * Tool calls the view makes go through the bridge to the server and are recorded.
 * Bundled for the browser by mcp_views_test.ts.
 */
import {
  AppBridge,
  getToolUiResourceUri,
  PostMessageTransport,
} from "@modelcontextprotocol/ext-apps/app-bridge";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

interface Shown {
  uri: string;
  mimeType: string | undefined;
  csp: Record<string, string[]> | undefined;
  structured: unknown;
  /** The result's `_meta`, as the server sent it and the view was handed it. */
  meta: Record<string, unknown> | undefined;
}

const state = {
  client: null as Client | null,
  bridge: null as AppBridge | null,
  /** Calls the view made through the bridge, with what the server answered. */
  calls: [] as Array<{ name: string; arguments: unknown; structured: unknown }>,
  /** Links the view asked the host to open. */
  links: [] as string[],
};

/** The CSP the host puts on the view: nothing from anywhere but the origins it declared. */
function cspOf(csp: Record<string, string[]> | undefined): string {
  const list = (key: string) => (csp?.[key] ?? []).join(" ");
  return [
    "default-src 'none'",
    `script-src 'unsafe-inline' ${list("resourceDomains")}`,
    `style-src 'unsafe-inline' ${list("resourceDomains")}`,
    `img-src data: ${list("resourceDomains")}`,
    `font-src ${list("resourceDomains") || "'none'"}`,
    `connect-src ${list("connectDomains") || "'none'"}`,
    `frame-src ${list("frameDomains") || "'none'"}`,
    `base-uri ${list("baseUriDomains") || "'none'"}`,
  ].join("; ");
}

async function client(mcpUrl: string): Promise<Client> {
  if (state.client) return state.client;
  const client = new Client({ name: "papertrade-views-test-host", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl)));
  state.client = client;
  return client;
}

async function show(
  mcpUrl: string,
  tool: string,
  args: Record<string, unknown>,
  theme: "light" | "dark",
): Promise<Shown> {
  const mcp = await client(mcpUrl);
  // The bridge is an SDK Protocol, which closes its transport (the type does not say so).
  (state.bridge as unknown as { close(): Promise<void> } | null)?.close().catch(() => {});
  document.getElementById("frame")?.remove();
  state.calls = [];
  state.links = [];
  const { tools } = await mcp.listTools();
  const described = tools.find((item: { name: string }) => item.name === tool);
  const uri = described && getToolUiResourceUri(described);
  if (!uri) throw new Error(`${tool} names no view`);
  const resource = await mcp.readResource({ uri });
  const content = resource.contents[0] as {
    text: string;
    mimeType?: string;
    _meta?: { ui?: { csp?: Record<string, string[]> } };
  };
  const csp = content._meta?.ui?.csp;
  const result = await mcp.callTool({ name: tool, arguments: args }) as CallToolResult;

  const bridge = new AppBridge(mcp, { name: "test host", version: "1.0.0" }, {
    openLinks: {},
    serverTools: {},
  }, {
    hostContext: { theme, platform: "web", displayMode: "inline", locale: "en-US" },
  });
  bridge.onopenlink = (params) => {
    state.links.push(params.url);
    return Promise.resolve({});
  };
  const initialized = new Promise<void>((resolve) => {
    bridge.oninitialized = () => resolve();
  });
  const iframe = document.createElement("iframe");
  iframe.id = "frame";
  iframe.title = `View of ${tool}`;
  iframe.setAttribute("sandbox", "allow-scripts");
  iframe.srcdoc = content.text.replace(
    "<head>",
    `<head><meta http-equiv="Content-Security-Policy" content="${cspOf(csp)}">`,
  );
  document.getElementById("host")!.append(iframe);
  await bridge.connect(new PostMessageTransport(iframe.contentWindow!, iframe.contentWindow!));
  state.bridge = bridge;
  // connect() forwards the view's tool calls to the client itself; this does the same, and
  // records each call and its answer (set after connect, which would replace it).
  bridge.oncalltool = async (params) => {
    const answer = await mcp.callTool(params) as CallToolResult;
    state.calls.push({
      name: params.name,
      arguments: params.arguments,
      structured: answer.structuredContent,
    });
    return answer;
  };
  bridge.onsizechange = ({ height }) => {
    if (height) iframe.style.height = `${Math.ceil(height) + 4}px`;
  };
  await initialized;
  await bridge.sendToolInput({ arguments: args });
  await bridge.sendToolResult(result);
  return {
    uri,
    mimeType: content.mimeType,
    csp,
    structured: result.structuredContent,
    meta: result._meta,
  };
}

/** Tells the view the host's theme changed. */
async function setTheme(theme: "light" | "dark"): Promise<void> {
  await state.bridge?.sendHostContextChange({ theme });
}

Object.assign(globalThis, { viewsHost: { show, setTheme, state } });
