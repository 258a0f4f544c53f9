/**
 * Finding an old intent through its wallet's trade history: intents older than the chain scan
 * window are not found on HyperEVM by the intent look-up, but every closed trade names the
 * intent and transaction that settled it.
 */
import type { Hex } from "viem";
import type { OpenPosition, PapertradeClient, Trade } from "../papertrade/mod.ts";

/** How many history pages (75 trades each) the search reads at most. */
export const INTENT_HISTORY_MAX_PAGES = 4;

/** Options of {@link findTradeByIntent}. */
export interface FindTradeByIntentOptions {
  signal?: AbortSignal;
  /** Default {@link INTENT_HISTORY_MAX_PAGES}. */
  maxPages?: number;
}

/** Pages through `wallet`'s trade history, newest first, for the trade carrying `intentId`. */
export async function findTradeByIntent(
  papertrade: PapertradeClient,
  wallet: string,
  intentId: Hex,
  options: FindTradeByIntentOptions = {},
): Promise<Trade | null> {
  const maxPages = options.maxPages ?? INTENT_HISTORY_MAX_PAGES;
  const id = intentId.toLowerCase();
  let cursor: string | undefined;
  // Sequential by necessity: each page's cursor comes from the one before.
  for (let page = 0; page < maxPages; page++) {
    const history = await papertrade.fetchTradeHistory({
      wallet,
      cursor,
      signal: options.signal,
    });
    const trade = history.trades.find((item) => item.intentId?.toLowerCase() === id);
    if (trade) return trade;
    if (history.nextCursor === null) return null;
    cursor = history.nextCursor;
  }
  return null;
}

/**
 * The wallet's open position that `intentId` opened, if any: an open position's opening
 * intent is in no closed trade, and may be older than the chain scan.
 */
export async function findOpenPositionByIntent(
  papertrade: PapertradeClient,
  wallet: string,
  intentId: Hex,
  options: { signal?: AbortSignal } = {},
): Promise<OpenPosition | null> {
  const account = await papertrade.fetchWalletSnapshot(wallet, { signal: options.signal });
  const id = intentId.toLowerCase();
  return account.openPositions.find((position) => position.intentId?.toLowerCase() === id) ??
    null;
}
