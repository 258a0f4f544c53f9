import type { ComponentChildren } from "preact";
import { pageContext } from "../lib/page_context.ts";
import { type NavSection, SiteHeader, themeAttributes } from "./SiteHeader.tsx";
import { PAPERTRADE_OS_URL } from "./FeatureGrid.tsx";
import { DISCLAIMER, DocumentHead } from "./DocumentHead.tsx";
import { StaleNotice } from "./StaleNotice.tsx";
import { assetUrl } from "../lib/delivery/static_assets.ts";

/**
 * The HTML shell every app page shares: no inline script, one stylesheet. `query` and `wallet`
 * go to the header search; `embed` (default the request's `?embed=1`) hides header and footer.
 */
export function Layout(props: {
  title: string;
  description?: string;
  /** Extra head elements (Open Graph meta, preloads). Strings inside are escaped by Preact. */
  head?: ComponentChildren;
  embed?: boolean;
  current?: NavSection;
  /**
   * The island bundle's module, only where an island hydrates: other pages ship no framework
   * JavaScript, just the shared deferred enhancement script.
   */
  islandScript?: string;
  /** The page shows ages outside islands: load `client/ages.ts`, which keeps them counting. */
  tickingAges?: boolean;
  query?: string;
  wallet?: string;
  /**
   * False leaves the stale notice out: a streamed page renders it in its first part, once the reads
   * it reports on are in.
   */
  staleNotice?: boolean;
  /** A streamed page's head cut (`StreamMarks` in `lib/render.tsx`; see `DocumentHead`). */
  headCut?: string;
  children: ComponentChildren;
}) {
  const context = pageContext();
  const embed = props.embed ?? context.embed;
  return (
    <html lang="en" {...themeAttributes(context.theme)}>
      <DocumentHead
        title={props.title}
        description={props.description}
        stylesheet="/static/style.css"
        cut={props.headCut}
      >
        {props.islandScript && <script type="module" src={props.islandScript}></script>}
        {props.tickingAges && (
          <script type="module" src={assetUrl("/static/build/ages.js")}></script>
        )}
        {props.head}
      </DocumentHead>
      <body class={embed ? "embed" : undefined}>
        <a class="skip-link" href="#main">Skip to content</a>
        {!embed && <SiteHeader current={props.current} query={props.query} wallet={props.wallet} />}
        <main id="main">
          {props.staleNotice !== false && <StaleNotice />}
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
