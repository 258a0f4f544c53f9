/** The watchlist feature's public face: the watched wallets' list, its bound and its read. */
export { parseWatchlist, WATCHLIST_MAX } from "./view.ts";
export { fetchWatchlist } from "./watchlist.ts";
