/** Browser entry of the watchlist page's own bundle (`static/build/watchlist.js`). */
import { hydrateIslands } from "./hydrate.ts";
import { Watchlist } from "../islands/Watchlist.tsx";

hydrateIslands(document, { Watchlist });
