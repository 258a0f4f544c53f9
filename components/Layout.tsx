import type { ComponentChildren } from "preact";
import { pageContext } from "../lib/page_context.ts";
import { type NavSection, SiteHeader, themeAttributes } from "./SiteHeader.tsx";
import { PAPERTRADE_OS_URL } from "./FeatureGrid.tsx";
import { DISCLAIMER, DocumentHead } from "./DocumentHead.tsx";
import { StaleNotice } from "./StaleNotice.tsx";

/** Props of the page shell. */
interface LayoutProps {
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
      <DocumentHead
        title={props.title}
        description={props.description}
        stylesheet="/static/style.css"
      >
        {props.islandScript && <script type="module" src={props.islandScript}></script>}
        {props.head}
      </DocumentHead>
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
              {DISCLAIMER} <a href="/docs/">Docs</a> · <a href="/docs/mcp">MCP server</a> ·{" "}
              <a href="/openapi.json">OpenAPI</a> ·{" "}
              <a href={PAPERTRADE_OS_URL}>Open in Papertrade OS</a>
            </p>
          </footer>
        )}
      </body>
    </html>
  );
}
