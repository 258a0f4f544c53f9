/** Docs rendering: page list, markdown pipeline, per-site cache, tool reference and search. */
export { type DocsHeading, escapeHtml, type RenderedMarkdown, renderMarkdown } from "./markdown.ts";
export { DOCS_PAGES, docsMarkdownPath, type DocsPage, docsPath, findDocsPage } from "./pages.ts";
export { type DocsSearchHit, searchDocs } from "./search.ts";
export {
  createDocsSite,
  type DocsSite,
  type DocsSiteOptions,
  plainText,
  type RenderedDocsPage,
  SITE_URL_PLACEHOLDER,
  TOOLS_MARKER,
} from "./site.ts";
export { anchorOf, toolReferenceMarkdown } from "./tool_reference.ts";
