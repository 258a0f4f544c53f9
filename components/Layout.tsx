import type { ComponentChildren } from "preact";
import { pageContext } from "../lib/page_context.ts";
import { type NavSection, SiteHeader, themeAttributes } from "./SiteHeader.tsx";
import { PAPERTRADE_OS_URL } from "./FeatureGrid.tsx";
import { assetUrl } from "../lib/delivery/static_assets.ts";
import { StaleNotice } from "./StaleNotice.tsx";

/** Props of the page shell. */
export interface LayoutProps {
  title: string;
  description?: string;
  /** Extra head elements (Open Graph meta, preloads). Strings inside are escaped by Preact. */
  head?: ComponentChildren;
  /** Hide the site header and footer; defaults to the request's `?embed=1`. */
  embed?: boolean;
  /** Navigation section to mark as current. */
  current?: NavSection;
  /**
   * Module script of the island bundle, only on pages that hydrate an island. Pages without
   * islands ship no framework JavaScript: just the shared, deferred enhancement script.
   */
  islandScript?: string;
  /** Prefill of the header search box. */
  query?: string;
  /** Wallet the page is about (the header search also looks in it). */
  wallet?: string;
  children: ComponentChildren;
}

/** The HTML shell every app page shares: no inline script, one stylesheet. */
export function Layout(props: LayoutProps) {
  const context = pageContext();
  const embed = props.embed ?? context.embed;
  return (
    <html lang="en" {...themeAttributes(context.theme)}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{props.title}</title>
        {props.description && <meta name="description" content={props.description} />}
        <meta name="color-scheme" content="light dark" />
        <link rel="stylesheet" href={assetUrl("/static/style.css")} />
        <link rel="icon" href={assetUrl("/static/favicon.svg")} type="image/svg+xml" />
        <script src={assetUrl("/static/build/enhance.js")} defer></script>
        {props.islandScript && <script type="module" src={props.islandScript}></script>}
        {props.head}
      </head>
      <body class={embed ? "embed" : undefined}>
        <a class="skip-link" href="#main">Skip to content</a>
        {!embed && <SiteHeader current={props.current} query={props.query} wallet={props.wallet} />}
        <main id="main">
          <StaleNotice />
          {props.children}
        </main>
        {!embed && (
          <footer class="site-footer">
            <p>
              Unofficial and read-only: not affiliated with Papertrade. High leverage can lose the
              whole margin. Nothing here signs, sends or places anything. <a href="/docs/">Docs</a>
              {" "}
              · <a href="/docs/mcp">MCP server</a> · <a href="/openapi.json">OpenAPI</a> ·{" "}
              <a href={PAPERTRADE_OS_URL}>Open in Papertrade OS</a>
            </p>
          </footer>
        )}
      </body>
    </html>
  );
}
