/**
 * The docs of one site (one SITE_URL and tool list, so the cache needs no other key): `docs/`
 * sources with the site URL and tool reference filled in, rendered once on first request.
 */
import type { ToolInfo } from "../tool_info.ts";
import { type DocsHeading, renderMarkdown } from "./markdown.ts";
import { DOCS_PAGES, type DocsPage } from "./pages.ts";
import { toolReferenceMarkdown } from "./tool_reference.ts";
import { withDataSourceTables } from "./data_sources.ts";

/** Placeholder in page sources for the canonical site URL. */
export const SITE_URL_PLACEHOLDER = "{{SITE_URL}}";

/** Marker in page sources replaced by the generated tool reference. */
export const TOOLS_MARKER = "<!-- tools -->";

/** A page ready to serve: its final markdown, sanitised HTML, headings and plain text. */
export interface RenderedDocsPage {
  page: DocsPage;
  markdown: string;
  html: string;
  headings: DocsHeading[];
  /** Text without markup, for search. */
  text: string;
}

export interface DocsSiteOptions {
  siteUrl: string;
  tools: readonly ToolInfo[];
  /** Page list; defaults to {@link DOCS_PAGES}. */
  pages?: readonly DocsPage[];
  /** Reads a page's markdown source; defaults to `docs/<slug>.md` beside this repository. */
  readSource?: (slug: string) => Promise<string>;
}

export interface DocsSite {
  siteUrl: string;
  pages: readonly DocsPage[];
  /** The rendered page, from the cache after the first call. */
  render(page: DocsPage): Promise<RenderedDocsPage>;
  /** Caches any other value derived from the docs (whole encoded HTML pages, llms-full.txt). */
  memo<T>(key: string, build: () => Promise<T> | T): Promise<T>;
}

const DOCS_DIR = new URL("../../docs/", import.meta.url);

/** `make()` once per key of `cache`, forgotten if it fails (concurrent callers share it). */
function once<T>(cache: Map<string, Promise<unknown>>, key: string, make: () => Promise<T> | T) {
  let value = cache.get(key) as Promise<T> | undefined;
  if (!value) {
    value = Promise.resolve().then(make);
    cache.set(key, value);
    value.catch(() => cache.delete(key));
  }
  return value;
}

export function createDocsSite(options: DocsSiteOptions): DocsSite {
  const siteUrl = options.siteUrl.replace(/\/+$/, "");
  const readSource = options.readSource ??
    ((slug: string) => Deno.readTextFile(new URL(`${slug}.md`, DOCS_DIR)));
  // Promises are cached so concurrent first requests share one render.
  const pages = new Map<string, Promise<unknown>>();
  const derived = new Map<string, Promise<unknown>>();
  let toolMarkdown: string | undefined;

  async function build(page: DocsPage): Promise<RenderedDocsPage> {
    const source = await readSource(page.slug);
    toolMarkdown ??= toolReferenceMarkdown(options.tools);
    const markdown = withDataSourceTables(
      source.replaceAll(SITE_URL_PLACEHOLDER, siteUrl).replace(TOOLS_MARKER, () => toolMarkdown!),
    );
    const { html, headings } = renderMarkdown(markdown);
    return { page, markdown, html, headings, text: plainText(html) };
  }

  return {
    siteUrl,
    pages: options.pages ?? DOCS_PAGES,
    render: (page) => once(pages, page.slug, () => build(page)),
    memo: (key, make) => once(derived, key, make),
  };
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};

// Block boundaries become spaces; inline tags vanish so "a <code>b</code>." stays "a b.".
const BLOCK_TAG =
  /<\/?(p|h[1-6]|li|ul|ol|tr|td|th|table|thead|tbody|pre|div|section|blockquote|br|hr)\b[^>]*>/gi;

/** Text of sanitised HTML: tags removed, the common entities decoded, whitespace collapsed. */
export function plainText(html: string): string {
  return html.replace(/<button\b[\s\S]*?<\/button>|<a class="anchor"[^>]*>#<\/a>/g, "")
    .replace(BLOCK_TAG, " ").replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity])
    .replace(/\s+/g, " ")
    .trim();
}
