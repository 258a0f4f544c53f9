/** The feeds feature: a wallet's Atom feed (with its band changes) and the liquidations feed. */
export { liquidationsFeed, walletFeed } from "./feeds.ts";
