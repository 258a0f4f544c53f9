/**
 * The wallet a bare position id or intent id belongs to, from what the explorer already knows:
 * the ids of every trade history it has read and of the trades the settlement trail found
 * (`lib/known_ids.ts`, no request), the open positions on the at-risk board (its last refresh, no
 * request once it is read), then the latest trades (one cached read). Null when none knows it:
 * the page then says how to find it.
 */
import type { Address, PapertradeClient } from "../papertrade/mod.ts";
import type { MarketSources } from "../marks.ts";
import { AT_RISK_WAIT_MS, ownerOnBoard } from "../at_risk/mod.ts";
import { knownOwner } from "../known_ids.ts";

/** How many of the latest trades are searched for an id's owner. */
export const OWNER_FEED_LIMIT = 100;

/** The known owner of `id`, or null. */
export async function findOwner(
  sources: MarketSources & { papertrade: PapertradeClient; now: () => number },
  id: { positionId: string } | { intentId: string },
  options: { signal?: AbortSignal; feed?: boolean } = {},
): Promise<Address | null> {
  const known = knownOwner(sources.papertrade, id);
  if (known) return known;
  const board = await ownerOnBoard(sources, id, { waitMs: AT_RISK_WAIT_MS });
  if (board) return board;
  if (options.feed === false) return null;
  const feed = await sources.papertrade.read("recentTrades", {}, { signal: options.signal });
  const trade = feed.trades.slice(0, OWNER_FEED_LIMIT).find((row) =>
    "positionId" in id
      ? row.positionId === id.positionId
      : row.intentId?.toLowerCase() === id.intentId.toLowerCase()
  );
  return trade?.wallet ?? null;
}
