import type { ThemeChoice } from "../lib/page_context.ts";
import { SiteHeader, themeAttributes } from "./SiteHeader.tsx";
import type { ComponentChildren } from "preact";
import type { DocsHeading } from "../lib/docs/markdown.ts";
import type { DocsPage } from "../lib/docs/pages.ts";
import { DocsNav } from "./DocsNav.tsx";
import { SearchInput } from "./SearchForm.tsx";
import { DISCLAIMER, DocumentHead } from "./DocumentHead.tsx";

/**
 * Every docs page's shell: no inline script or style, and every control works without the
 * enhancement script (the menu is a `<details>`, search a form to `/docs/search`). `current` is the
 * page's slug, `query` the search box's value; "On this page" lists the h2 and h3 `headings`.
 */
export function DocsLayout(props: {
  /** Page title, without the site name. */
  title: string;
  description: string;
  pages: readonly DocsPage[];
  current?: string;
  canonicalUrl?: string;
  /** Path of the raw markdown twin, advertised as an alternate. */
  markdownPath?: string;
  headings?: DocsHeading[];
  query?: string;
  /** The visitor's theme (the page context's, read from the request by the docs routes). */
  theme: ThemeChoice;
  children: ComponentChildren;
}) {
  const toc = (props.headings ?? []).filter((heading) => [2, 3].includes(heading.level));
  return (
    <html lang="en" {...themeAttributes(props.theme)}>
      <DocumentHead
        title={`${props.title} · Papertrade Explorer docs`}
        description={props.description}
        stylesheet="/static/docs.css"
      >
        {props.canonicalUrl && <link rel="canonical" href={props.canonicalUrl} />}
        {props.markdownPath && (
          <link rel="alternate" type="text/markdown" href={props.markdownPath} />
        )}
      </DocumentHead>
      <body class="docs">
        <a class="skip-link" href="#content">Skip to content</a>
        <SiteHeader current="docs" />
        <div class="docs-shell">
          <aside class="docs-sidebar">
            <form class="docs-search" role="search" action="/docs/search" method="get">
              <label class="sr-only" for="docs-search-input">Search the docs</label>
              <SearchInput
                id="docs-search-input"
                value={props.query}
                placeholder="Search docs ( / )"
                autocomplete="off"
                data-docs-filter
              />
              <button type="submit">Search</button>
            </form>
            <details class="docs-menu" data-docs-menu>
              <summary>Docs menu</summary>
              <nav aria-label="Docs (menu)">
                <DocsNav pages={props.pages} current={props.current} />
              </nav>
            </details>
            <nav class="docs-nav" aria-label="Docs">
              <DocsNav pages={props.pages} current={props.current} />
            </nav>
            <p class="docs-filter-empty" data-filter-empty hidden>
              No page title matches. Press Enter to search the full text.
            </p>
          </aside>
          <main id="content" class="docs-main">
            {props.children}
          </main>
          {toc.length > 0 && (
            <nav class="docs-toc" aria-label="On this page">
              <p class="docs-nav-heading">On this page</p>
              <ul>
                {toc.map((heading) => (
                  <li
                    key={heading.id}
                    class={`toc-level-${heading.level}`}
                    data-filter-text={heading.text.toLowerCase()}
                  >
                    <a href={`#${heading.id}`}>{heading.text}</a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </div>
        <footer class="docs-footer">
          <p>
            {DISCLAIMER}
          </p>
        </footer>
      </body>
    </html>
  );
}
