import { type DocsPage, docsPath } from "../lib/docs/pages.ts";

type DocsNavProps = { pages: readonly DocsPage[]; current?: string };

/**
 * The docs pages grouped as in the sidebar, `current` (a slug) marked; the filter matches
 * `data-filter-text`.
 */
export function DocsNav({ pages, current }: DocsNavProps) {
  const groups = [...new Set(pages.map((page) => page.group))];
  return (
    <div class="docs-nav-groups">
      {groups.map((group) => (
        <div class="docs-nav-group" key={group}>
          <p class="docs-nav-heading">{group}</p>
          <ul>
            {pages.filter((page) => page.group === group).map((page) => (
              <li
                key={page.slug}
                data-filter-text={`${page.title} ${page.summary}`.toLowerCase()}
              >
                <a
                  href={docsPath(page)}
                  aria-current={page.slug === current ? "page" : undefined}
                >
                  {page.title}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** Links to the previous and next page in reading order. */
export function DocsPager({ pages, current }: Required<DocsNavProps>) {
  const index = pages.findIndex((page) => page.slug === current);
  const previous = index > 0 ? pages[index - 1] : undefined;
  const next = index >= 0 && index < pages.length - 1 ? pages[index + 1] : undefined;
  return (
    <nav class="docs-pager" aria-label="Previous and next page">
      {previous
        ? (
          <a class="docs-pager-prev" href={docsPath(previous)} rel="prev">
            <span>Previous</span> {previous.title}
          </a>
        )
        : <span />}
      {next && (
        <a class="docs-pager-next" href={docsPath(next)} rel="next">
          <span>Next</span> {next.title}
        </a>
      )}
    </nav>
  );
}
