/**
 * MCP Apps views (`io.modelcontextprotocol/ui`): four tools name a `ui://` HTML resource in
 * `_meta.ui.resourceUri`, which a host reads with `resources/read` and shows in a sandboxed iframe
 * beside the answer, handing it the tool's result. Sources in `views/`, built by `deno task build`
 * into `views/build/<name>.html` (script and style inlined), committed; not in `resources/list`
 * (docs/mcp.md).
 */

export const VIEWS_EXTENSION_ID = "io.modelcontextprotocol/ui";

/**
 * Clients that render views, per the extension's README (@modelcontextprotocol/ext-apps 1.7.5);
 * others get the same text and structuredContent, no view.
 */
export const VIEW_CLIENTS: readonly string[] = [
  "Claude (claude.ai and Claude Desktop)",
  "ChatGPT",
  "VS Code (GitHub Copilot)",
  "Goose",
];

export function viewsSentence(): string {
  return `${VIEWS.map((view) => view.tool).join(", ")} also name an MCP Apps view ` +
    `(${VIEWS_EXTENSION_ID}) that ${VIEW_CLIENTS.join(", ")} render beside the answer; ` +
    "other clients get the same text and structured result.";
}

/** The MIME type of an MCP Apps view (RESOURCE_MIME_TYPE of `@modelcontextprotocol/ext-apps`). */
export const VIEW_MIME_TYPE = "text/html;profile=mcp-app";

/** The four views, in the order the docs list them; `name` is the file under `views/`. */
export const VIEWS = [
  {
    name: "positions",
    tool: "get_positions",
    title: "Open positions, live",
    description: "A wallet's open positions with distance to bust, its band and PnL; calls " +
      "get_positions again every 5 s while shown.",
  },
  {
    name: "at_risk",
    tool: "get_positions_at_risk",
    title: "Positions nearest to bust",
    description: "The at-risk board across wallets, with market and band filters.",
  },
  {
    name: "markets",
    tool: "get_protocol_overview",
    title: "Markets and protocol",
    description: "Marks, open interest against caps, the protocol history chart, the " +
      "protocol's totals and latest trades.",
  },
  {
    name: "settlement",
    tool: "decode_transaction",
    title: "Settlement transaction",
    description: "A batch's intents with their signature checks and verdicts, and the " +
      "Exchange's events.",
  },
].map((view) => ({ ...view, uri: `ui://papertrade-explorer/${view.name}.html` }));

/**
 * A view's `_meta.ui`: a CSP with no outside origin (everything is inlined; data arrives only as
 * tool results through the host), and a border from the host.
 */
const VIEW_UI_META = {
  csp: { connectDomains: [], resourceDomains: [], frameDomains: [], baseUriDomains: [] },
  prefersBorder: true,
} as const;

/** The `_meta` of a tool's `tools/list` entry when it has a view; undefined otherwise. */
export function toolUiMeta(toolName: string): Record<string, unknown> | undefined {
  const view = VIEWS.find((item) => item.tool === toolName);
  if (!view) return undefined;
  // `ui/resourceUri` is the flat key of the extension's first drafts, which some hosts still read.
  return { ui: { resourceUri: view.uri }, "ui/resourceUri": view.uri };
}

const html = new Map<string, string>();

/**
 * The `resources/read` contents of the view at `uri` (undefined for other URIs), the explorer's
 * address written in so its links open the right pages.
 */
export function readView(uri: string, siteUrl: string) {
  const view = VIEWS.find((item) => item.uri === uri);
  if (!view) return undefined;
  const text = html.getOrInsertComputed(
    view.name,
    () => Deno.readTextFileSync(new URL(`../views/build/${view.name}.html`, import.meta.url)),
  );
  const site = /^https?:\/\/[^\s"'<>&]+$/.test(siteUrl) ? siteUrl : "";
  const contents = text.replace(
    '<meta name="papertrade-site" content="">',
    `<meta name="papertrade-site" content="${site}">`,
  );
  return {
    contents: [{ uri, mimeType: VIEW_MIME_TYPE, text: contents, _meta: { ui: VIEW_UI_META } }],
  };
}
