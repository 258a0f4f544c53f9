import type { ComponentChildren } from "preact";

/** Props of the page shell. */
export interface LayoutProps {
  title: string;
  description?: string;
  /** Extra head elements (Open Graph meta, preloads). Strings inside are escaped by Preact. */
  head?: ComponentChildren;
  /** Hide the site header and footer (the `?embed=1` view). */
  embed?: boolean;
  children: ComponentChildren;
}

/** The HTML shell every page shares: no inline script, one stylesheet. */
export function Layout(props: LayoutProps) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{props.title}</title>
        {props.description && <meta name="description" content={props.description} />}
        <meta name="color-scheme" content="light dark" />
        <link rel="stylesheet" href="/static/style.css" />
        {props.head}
      </head>
      <body>
        {!props.embed && (
          <header class="site-header">
            <a class="brand" href="/">Papertrade Explorer</a>
            <nav aria-label="Main">
              <a href="/">Overview</a>
            </nav>
          </header>
        )}
        <main id="main">{props.children}</main>
        {!props.embed && (
          <footer class="site-footer">
            <p>
              Unofficial and read-only: not affiliated with Papertrade. High leverage can lose the
              whole margin. Nothing here signs, sends or places anything.
            </p>
          </footer>
        )}
      </body>
    </html>
  );
}
