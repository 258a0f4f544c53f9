/**
 * The feeds feature's public face: a wallet's Atom feed (with its band changes) and the
 * liquidations feed.
 */
export { liquidationsFeed, walletFeed } from "./feeds.ts";
