/** The docs pages, in reading order. The sidebar, llms.txt and the sitemap all read this list. */

/** One docs page: a markdown file in `docs/` served at `/docs/<slug>`. */
export interface DocsPage {
  /** URL segment; `index` is the overview, served at `/docs/`. */
  slug: string;
  /** Sidebar and `<title>` text. */
  title: string;
  /** One line for llms.txt, search results and the meta description. */
  summary: string;
  group: "Start" | "Use" | "Build" | "Run" | "About";
}

export const DOCS_PAGES: readonly DocsPage[] = [
  {
    slug: "index",
    title: "Overview",
    summary: "What the explorer looks up and the three ways to use it.",
    group: "Start",
  },
  {
    slug: "quickstart",
    title: "Quickstart",
    summary: "First lookups in the browser, from an AI assistant, with curl and locally.",
    group: "Start",
  },
  {
    slug: "concepts",
    title: "Concepts",
    summary: "Intents, settlement, session keys, bust price, marks, units and PAPER.",
    group: "Start",
  },
  {
    slug: "figures",
    title: "Figures",
    summary: "Every figure once: what it is, its unit, its computation and its name on each face.",
    group: "Start",
  },
  {
    slug: "mcp",
    title: "MCP server",
    summary: "The MCP endpoint, its protocol behaviour and the reference of every tool.",
    group: "Use",
  },
  {
    slug: "connect-your-ai",
    title: "Connect your AI",
    summary: "Settings for Claude, ChatGPT, Codex, Gemini, Cursor, VS Code and other clients.",
    group: "Use",
  },
  {
    slug: "following",
    title: "Following wallets",
    summary: "The at-risk board, the watchlist and its notifications, and the Atom feeds.",
    group: "Use",
  },
  {
    slug: "reference",
    title: "Reference",
    summary: "HTTP endpoints, REST mirror statuses and the deno tasks.",
    group: "Build",
  },
  {
    slug: "agent-discovery",
    title: "Agent discovery",
    summary: "OpenAPI, server and agent cards, API catalog, llms.txt, robots and sitemap.",
    group: "Build",
  },
  {
    slug: "data-sources",
    title: "Data sources",
    summary: "Each upstream endpoint the explorer reads and which shapes are modelled.",
    group: "Build",
  },
  {
    slug: "self-hosting",
    title: "Self-hosting",
    summary: "Run it locally with Deno, configure it, deploy it to Deno Deploy.",
    group: "Run",
  },
  {
    slug: "security-and-limits",
    title: "Security and limits",
    summary: "Read-only by design, untrusted strings, rate limits and bounds.",
    group: "Run",
  },
  {
    slug: "faq",
    title: "FAQ",
    summary: "Short answers to common questions.",
    group: "About",
  },
  {
    slug: "changelog",
    title: "Changelog",
    summary: "What changed in each release.",
    group: "About",
  },
];

/** The path of a page's HTML form: `/docs/` for the overview, `/docs/<slug>` otherwise. */
export function docsPath(page: DocsPage): string {
  return page.slug === "index" ? "/docs/" : `/docs/${page.slug}`;
}

/** The path of a page's raw markdown twin. */
export function docsMarkdownPath(page: DocsPage): string {
  return `/docs/${page.slug}.md`;
}

export function findDocsPage(slug: string): DocsPage | undefined {
  return DOCS_PAGES.find((page) => page.slug === slug);
}
