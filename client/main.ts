/**
 * Browser entry of the island bundle (`static/build/islands.js`, built by `deno task build`):
 * hydrates the page's islands. Module scripts run after the document is parsed, so every
 * island is already in the DOM.
 */
import { hydrateIslands } from "./hydrate.ts";
import { ISLANDS } from "./island_registry.ts";

hydrateIslands(document, ISLANDS);
