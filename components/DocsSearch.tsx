import { type DocsPage, docsPath } from "../lib/docs/pages.ts";
import type { DocsSearchHit } from "../lib/docs/search.ts";

/** Results of the server-side docs search; every string is escaped by Preact. */
export function DocsSearchResults(
  { query, hits, pages }: { query: string; hits: DocsSearchHit[]; pages: readonly DocsPage[] },
) {
  if (!query.trim()) {
    return (
      <article class="docs-article">
        <h1>Search the docs</h1>
        <p>Type a word or two in the search box. Every page:</p>
        <PageList pages={pages} />
      </article>
    );
  }
  return (
    <article class="docs-article">
      <h1>Search results</h1>
      <p>
        {hits.length === 0
          ? "No page contains all of these words: "
          : `${hits.length} ${hits.length === 1 ? "page" : "pages"} for `}
        <q>{query}</q>
      </p>
      {hits.length > 0
        ? (
          <ol class="docs-results">
            {hits.map((hit) => (
              <li key={hit.page.slug}>
                <a href={docsPath(hit.page)}>{hit.page.title}</a>
                {hit.headings.length > 0 && (
                  <span class="docs-result-sections">
                    {" · "}
                    {hit.headings.slice(0, 4).map((heading, index) => (
                      <span key={heading.id}>
                        {index > 0 && ", "}
                        <a href={`${docsPath(hit.page)}#${heading.id}`}>{heading.text}</a>
                      </span>
                    ))}
                  </span>
                )}
                <p>{hit.snippet}</p>
              </li>
            ))}
          </ol>
        )
        : <PageList pages={pages} />}
    </article>
  );
}

/** Body of the 404 page: says so and lists every page. */
export function DocsNotFound({ pages }: { pages: readonly DocsPage[] }) {
  return (
    <article class="docs-article">
      <h1>Page not found</h1>
      <p>There is no docs page at this address. These are the pages:</p>
      <PageList pages={pages} />
    </article>
  );
}

function PageList({ pages }: { pages: readonly DocsPage[] }) {
  return (
    <ul class="docs-page-list">
      {pages.map((page) => (
        <li key={page.slug}>
          <a href={docsPath(page)}>{page.title}</a>: {page.summary}
        </li>
      ))}
    </ul>
  );
}
