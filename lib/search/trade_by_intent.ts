/**
 * Finding an old intent through its wallet's trade history, and the transaction that settled a
 * closed trade: intents older than the chain scan window are not found on HyperEVM by the intent
 * look-up, but every closed trade names the intent that closed it, and its settling transaction
 * is the row's or, when the row names none, found from the Exchange's events.
 */
import type { Address, Hex } from "viem";
import { findTradeSettlement, type HyperEvmClient } from "../hyperevm/mod.ts";
import type { OpenPosition, PapertradeClient, Trade } from "../papertrade/mod.ts";
import { Parts, type UnavailablePart } from "../parts.ts";
import { findClosedTrade } from "../wallet/positions.ts";

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
  const account = await papertrade.read("walletStream", { wallet }, { signal: options.signal });
  const id = intentId.toLowerCase();
  return account.openPositions.find((position) => position.intentId?.toLowerCase() === id) ??
    null;
}

/**
 * The transaction that settled `wallet`'s closed `trade`: the history row's, else the one whose
 * Exchange event (PositionsClosed, or Liquidated for a liquidation) the settlement trail finds;
 * null when neither names one. The one function every page reads a settling transaction from.
 */
export async function settlingTransaction(
  hyperevm: HyperEvmClient,
  wallet: string,
  trade: Trade,
): Promise<Hex | null> {
  if (trade.txHash) return trade.txHash;
  const found = await findTradeSettlement(hyperevm, {
    wallet: wallet as Address,
    positionId: trade.positionId,
    liquidated: trade.liquidated,
    closedAt: trade.closedAt,
  });
  return found?.txHash ?? null;
}

/** What a wallet's records say about an intent the chain scan did not find. */
export interface IntentInHistory {
  /** The closed trade the intent closed, and the transaction that settled it (if found). */
  trade: { trade: Trade; txHash: Hex | null } | null;
  /** The wallet's open position the intent opened. */
  opened: OpenPosition | null;
  /** The settlement trail's reads that failed. */
  unavailable: UnavailablePart[];
}

/**
 * Looks for `intentId` in `wallet`'s trade history (and, with `openPositions`, its open
 * positions), and finds the transaction that settled the trade it closed. A history or snapshot
 * read that fails counts as not found; a failed trail read is named in `unavailable`.
 */
export async function findIntentInHistory(
  sources: { papertrade: PapertradeClient; hyperevm: HyperEvmClient },
  wallet: string,
  intentId: Hex,
  options: { signal?: AbortSignal; openPositions?: boolean } = {},
): Promise<IntentInHistory> {
  const { signal } = options;
  const [trade, opened] = await Promise.all([
    findClosedTrade(sources.papertrade, wallet, { intentId }, { signal }).catch(() => null),
    options.openPositions === false
      ? null
      : findOpenPositionByIntent(sources.papertrade, wallet, intentId, { signal }).catch(() =>
        null
      ),
  ]);
  const parts = new Parts();
  const txHash = trade
    ? await parts.read(settlingTransaction(sources.hyperevm, wallet, trade), "settling transaction")
    : null;
  return { trade: trade && { trade, txHash }, opened, unavailable: parts.unavailable };
}
