/**
 * Every island by name. The server's `<Island>` and the browser entries both read these maps, so
 * a name the server writes is always one the browser can hydrate.
 */
import { LiveAccount } from "../islands/LiveAccount.tsx";
import { LivePositions } from "../islands/LivePositions.tsx";
import { WalletRiskBand } from "../islands/WalletRiskBand.tsx";
import { StarWallet } from "../islands/StarWallet.tsx";
import { Watchlist } from "../islands/Watchlist.tsx";

/** Island components of the main bundle (`client/main.ts`), by the name in `data-island`. */
export const ISLANDS = { LiveAccount, LivePositions, WalletRiskBand, StarWallet };

/**
 * Every island the server may render: the main bundle's and the watchlist page's, which has a
 * bundle of its own (`client/watchlist_main.ts`) so the wallet page does not download it.
 */
export function allIslands() {
  return { ...ISLANDS, Watchlist };
}

export type IslandName = keyof ReturnType<typeof allIslands>;
