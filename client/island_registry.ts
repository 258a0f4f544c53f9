/**
 * Every island by name. The server's `<Island>` and the browser entry both read this map, so a
 * name the server writes is always one the browser can hydrate.
 *
 * @module
 */
import { LiveAccount } from "../islands/LiveAccount.tsx";
import { LivePositions } from "../islands/LivePositions.tsx";
import { WalletRiskBand } from "../islands/WalletRiskBand.tsx";

/** Island components by the name written into `data-island`. */
export const ISLANDS = { LiveAccount, LivePositions, WalletRiskBand };

/** Name of a registered island. */
export type IslandName = keyof typeof ISLANDS;
