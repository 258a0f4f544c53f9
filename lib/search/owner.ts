/**
 * The wallet a bare position id or intent id belongs to, from what the explorer already knows:
 * the ids of every trade history it has read and of the trades the settlement trail found
 * (`lib/known_ids.ts`, no request), then the open positions on the at-risk board (its last
 * refresh, no request once it is read). Null when none knows it: the page then says how to find
 * it. The latest trades are not searched here: the search and the intent look-up read them
 * themselves.
 */
import type { Address, PapertradeClient } from "../papertrade/mod.ts";
import type { MarketSources } from "../marks.ts";
import { AT_RISK_WAIT_MS, ownerOnBoard } from "../at_risk/mod.ts";
import { knownOwner } from "../known_ids.ts";

export async function findOwner(
  sources: MarketSources & { papertrade: PapertradeClient; now: () => number },
  id: { positionId: string } | { intentId: string },
): Promise<Address | null> {
  return knownOwner(sources.papertrade, id) ??
    await ownerOnBoard(sources, id, { waitMs: AT_RISK_WAIT_MS });
}
