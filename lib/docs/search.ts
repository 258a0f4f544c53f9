/** Server-side docs search, the fallback for `/docs/search?q=` when the filter script is absent. */
import type { DocsHeading } from "./markdown.ts";
import type { DocsPage } from "./pages.ts";
import type { DocsSite } from "./site.ts";

export interface DocsSearchHit {
  page: DocsPage;
  /** Headings whose text contains every query word. */
  headings: DocsHeading[];
  /** Text around the first match, at most about 200 characters. */
  snippet: string;
  score: number;
}

/** Longest query considered; longer input is cut, so a huge query costs nothing extra. */
const MAX_QUERY_LENGTH = 100;

export function queryWords(query: string): string[] {
  return query.slice(0, MAX_QUERY_LENGTH).toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
}

/**
 * Pages containing every word of the query, best first: a match in the title counts most, then
 * in a heading, then in the summary, then in the text.
 */
export async function searchDocs(site: DocsSite, query: string): Promise<DocsSearchHit[]> {
  const words = queryWords(query);
  if (words.length === 0) return [];
  const rendered = await Promise.all(site.pages.map((page) => site.render(page)));
  const hits: DocsSearchHit[] = [];
  for (const { page, headings, text } of rendered) {
    const haystack = `${page.title} ${page.summary} ${text}`.toLowerCase();
    if (!words.every((word) => haystack.includes(word))) continue;
    const matchesAll = (value: string) => words.every((word) => value.toLowerCase().includes(word));
    const matchingHeadings = headings.filter((heading) => matchesAll(heading.text));
    const score = (matchesAll(page.title) ? 100 : 0) + matchingHeadings.length * 10 +
      (matchesAll(page.summary) ? 5 : 0) + 1;
    hits.push({ page, headings: matchingHeadings, snippet: snippetAround(text, words[0]), score });
  }
  return hits.sort((a, b) => b.score - a.score);
}

function snippetAround(text: string, word: string): string {
  const at = text.toLowerCase().indexOf(word);
  if (at < 0) return text.slice(0, 200);
  const start = Math.max(0, at - 80);
  const end = Math.min(text.length, at + word.length + 120);
  return `${start > 0 ? "…" : ""}${text.slice(start, end)}${end < text.length ? "…" : ""}`;
}
