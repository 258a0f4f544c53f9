/**
 * Server side of the island hydrator: renders an island inside an element naming it, with its
 * props as JSON for `client/hydrate.ts` in its own `data-props`, or, for islands showing parts of
 * one view, in the page's one props blob ({@link IslandBlob}).
 */
import type { ComponentProps, ComponentType } from "preact";
import { assetUrl } from "../lib/delivery/static_assets.ts";
import { allIslands, type IslandName } from "./island_registry.ts";

const ALL_ISLANDS = allIslands();

/** URL of the island bundle; pages that render an `<Island>` pass it to `Layout.islandScript`. */
export const ISLAND_SCRIPT_URL = assetUrl("/static/build/islands.js");
/** URL of the watchlist page's own bundle (its one island, `Watchlist`). */
export const WATCHLIST_SCRIPT_URL = assetUrl("/static/build/watchlist.js");

/**
 * Props as JSON for a `data-` attribute. Preact escapes the attribute; `<`, `>`, `&` and JS line
 * separators are also escaped in the JSON, so it stays inert anywhere (attribute, script, log).
 */
export function serializeIslandProps(props: unknown): string {
  return JSON.stringify(props).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/** A registered island, server-rendered for hydration; `shared` props are the page's blob. */
export function Island<N extends IslandName>(
  props: { name: N; props: ComponentProps<(typeof ALL_ISLANDS)[N]>; shared?: boolean },
) {
  // deno-lint-ignore no-explicit-any
  const Component = ALL_ISLANDS[props.name] as ComponentType<any>;
  const own = props.shared ? undefined : serializeIslandProps(props.props);
  return (
    <div data-island={props.name} data-props={own}>
      <Component {...props.props} />
    </div>
  );
}

/** The props every `shared` island of the page hydrates with, embedded once. */
export function IslandBlob(props: { props: unknown }) {
  return <div hidden data-island-props={serializeIslandProps(props.props)} />;
}
