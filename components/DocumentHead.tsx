import type { ComponentChildren } from "preact";
import { assetUrl } from "../lib/delivery/static_assets.ts";

/** What every page of the site says in its footer. */
export const DISCLAIMER = "Unofficial and read-only: not affiliated with Papertrade. High " +
  "leverage can lose the whole margin. Nothing here signs, sends or places anything.";

/**
 * The `<head>` of app and docs pages: no inline script or style, one stylesheet and the shared
 * deferred enhancement script first, then `cut` (a streamed page's marker: what precedes it is sent
 * before the page's data is in), then the page's title, description and `children` (canonical and
 * alternate links, an island's module, Open Graph meta).
 */
export function DocumentHead(props: {
  title: string;
  description?: string;
  stylesheet: string;
  cut?: string;
  children?: ComponentChildren;
}) {
  return (
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="color-scheme" content="light dark" />
      <link rel="stylesheet" href={assetUrl(props.stylesheet)} />
      <link rel="icon" href={assetUrl("/static/favicon.svg")} type="image/svg+xml" />
      <script src={assetUrl("/static/build/enhance.js")} defer></script>
      {props.cut}
      <title>{props.title}</title>
      {props.description && <meta name="description" content={props.description} />}
      {props.children}
    </head>
  );
}
