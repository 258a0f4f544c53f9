/**
 * Browser entry of the watchlist page's bundle (`static/build/watchlist.js`, built by
 * `deno task build`): hydrates the Watchlist island only.
 */
import { hydrateIslands } from "./hydrate.ts";
import { Watchlist } from "../islands/Watchlist.tsx";

hydrateIslands(document, { Watchlist });
