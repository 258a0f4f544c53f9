/** robots.txt, sitemap.xml and security.txt, every URL built from the one site URL. */
import { docsPath } from "../docs/pages.ts";
import type { DocsPage } from "../docs/pages.ts";
import { siteLink } from "./server_identity.ts";

/** Crawlers named explicitly in robots.txt: they are welcome, and it says so. */
export const NAMED_CRAWLERS = [
  "GPTBot",
  "ClaudeBot",
  "Claude-User",
  "OAI-SearchBot",
  "Google-Extended",
  "PerplexityBot",
] as const;

/**
 * How the content may be used (contentsignals.org): search and answering questions from the
 * live pages yes, training no, since the numbers are live and a stale copy would mislead.
 */
export const CONTENT_SIGNAL = "search=yes, ai-input=yes, ai-train=no";

/** robots.txt: everyone may crawl the pages; the POST-only endpoints are left out. */
export function buildRobotsTxt(siteUrl: string): string {
  const group = (agent: string) =>
    [
      `User-agent: ${agent}`,
      `Content-Signal: ${CONTENT_SIGNAL}`,
      "Allow: /",
      "Disallow: /api/",
    ].join("\n");
  return [
    "# Papertrade Explorer: unofficial, read-only. Crawling rules and content signals.",
    "",
    group("*"),
    "",
    ...NAMED_CRAWLERS.flatMap((agent) => [group(agent), ""]),
    `Sitemap: ${siteLink(siteUrl, "/sitemap.xml")}`,
    "",
  ].join("\n");
}

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

const UNSAYABLE =
  // deno-lint-ignore no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufffe\uffff]/g;

/**
 * Text safe inside an XML element or attribute: markup characters escaped; the controls XML 1.0
 * cannot carry, and the bidi overrides that make a name read as something else, removed
 * (upstream names may hold both).
 */
export function escapeXml(text: string): string {
  return text.replace(UNSAYABLE, "").replace(/[&<>"']/g, (char) => XML_ESCAPES[char]);
}

/** The explorer's own pages listed in the sitemap, beside the docs. */
const SITEMAP_APP_PATHS = [
  "/",
  "/leaderboard",
  "/markets",
  "/at-risk",
  "/liquidations.atom",
] as const;

/**
 * sitemap.xml: the home page, leaderboard, markets, the at-risk board, the liquidations feed and
 * every docs page.
 */
export function buildSitemapXml(siteUrl: string, pages: readonly DocsPage[]): string {
  const paths = [...SITEMAP_APP_PATHS, ...pages.map(docsPath)];
  const entries = paths.map((path) =>
    `  <url><loc>${escapeXml(siteLink(siteUrl, path))}</loc></url>`
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    "</urlset>",
    "",
  ].join("\n");
}

const DAY_MS = 86_400_000;

/**
 * security.txt (RFC 9116). `Expires` is 365 days after the start of the current UTC day: close
 * to a year ahead as the RFC suggests, and stable within a day so caches and ETags hold.
 */
export function buildSecurityTxt(siteUrl: string, now: number): string {
  const expires = new Date(Math.floor(now / DAY_MS) * DAY_MS + 365 * DAY_MS);
  return [
    `Contact: ${siteLink(siteUrl, "/docs/security-and-limits#reporting-a-vulnerability")}`,
    `Expires: ${expires.toISOString().replace(/\.\d{3}Z$/, "Z")}`,
    `Canonical: ${siteLink(siteUrl, "/.well-known/security.txt")}`,
    `Policy: ${siteLink(siteUrl, "/docs/security-and-limits")}`,
    "Preferred-Languages: en",
    "",
  ].join("\n");
}
