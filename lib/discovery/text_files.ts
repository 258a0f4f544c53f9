/** robots.txt, sitemap.xml and security.txt, every URL built from the one site URL. */
import { docsPath } from "../docs/pages.ts";
import type { DocsPage } from "../docs/pages.ts";
import { siteLink } from "../site_link.ts";
import { escapeXml } from "../xml.ts";

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

/** The explorer's own pages listed in the sitemap, beside the docs. */
const SITEMAP_APP_PATHS = [
  "/",
  "/leaderboard",
  "/markets",
  "/at-risk",
  "/liquidations",
  "/liquidations.atom",
] as const;

/**
 * sitemap.xml: the home page, leaderboard, markets, the at-risk board, the liquidations page and
 * feed, and every docs page.
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
