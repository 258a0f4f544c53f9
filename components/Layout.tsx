import type { ComponentChildren } from "preact";
import { assetUrl } from "../lib/delivery/static_assets.ts";
import { StaleNotice } from "./StaleNotice.tsx";

/** Props of the page shell. */
export interface LayoutProps {
  title: string;
  description?: string;
  /** Extra head elements (Open Graph meta, preloads). Strings inside are escaped by Preact. */
  head?: ComponentChildren;
  /** Hide the site header and footer (the `?embed=1` view). */
  embed?: boolean;
  /**
   * Module script of the island bundle, only on pages that hydrate an island. Pages without
   * islands ship no framework JavaScript: just the shared, deferred enhancement script.
   */
  islandScript?: string;
  /** Prefill of the header search box. */
  query?: string;
  children: ComponentChildren;
}

/** The HTML shell every app page shares: no inline script, one stylesheet. */
export function Layout(props: LayoutProps) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{props.title}</title>
        {props.description && <meta name="description" content={props.description} />}
        <meta name="color-scheme" content="light dark" />
        <link rel="stylesheet" href={assetUrl("/static/style.css")} />
        <link rel="icon" href={assetUrl("/static/favicon.svg")} type="image/svg+xml" />
        <script src={assetUrl("/static/enhance.js")} defer></script>
        {props.islandScript && <script type="module" src={props.islandScript}></script>}
        {props.head}
      </head>
      <body>
        <a class="skip-link" href="#main">Skip to content</a>
        {!props.embed && (
          <header class="site-header">
            <a class="brand" href="/">Papertrade Explorer</a>
            <nav aria-label="Main">
              <a href="/">Overview</a>
              <a href="/leaderboard">Leaderboard</a>
              <a href="/markets">Markets</a>
              <a href="/docs/">Docs</a>
            </nav>
            <form
              class="header-search"
              action="/search"
              method="get"
              role="search"
              aria-label="Site search"
            >
              <label class="visually-hidden" for="site-search">
                Search wallets, transactions, intents, positions and names
              </label>
              <input
                id="site-search"
                name="q"
                type="search"
                value={props.query ?? ""}
                placeholder="Address, tx hash, intent id, position id or name (press /)"
                autocomplete="off"
                spellcheck={false}
                data-search-input
              />
              <div class="recent" data-recent hidden></div>
            </form>
            <button type="button" class="theme-toggle" data-theme-toggle hidden>Theme</button>
          </header>
        )}
        <main id="main">
          <StaleNotice />
          {props.children}
        </main>
        {!props.embed && (
          <footer class="site-footer">
            <p>
              Unofficial and read-only: not affiliated with Papertrade. High leverage can lose the
              whole margin. Nothing here signs, sends or places anything. <a href="/docs/">Docs</a>
              {" "}
              · <a href="/docs/mcp">MCP server</a> · <a href="/openapi.json">OpenAPI</a>
            </p>
          </footer>
        )}
      </body>
    </html>
  );
}
