/**
 * Finding an old intent through its wallet's trade history, and the transaction that settled a
 * closed trade: intents older than the chain scan window are not found on HyperEVM by the intent
 * look-up, but every closed trade names the intent that closed it, and its settling transaction
 * is the row's or, when the row names none, found from the Exchange's events.
 */
import type { Address, Hex } from "viem";
import { findTradeSettlements, type HyperEvmClient } from "../hyperevm/mod.ts";
import type { OpenPosition, PapertradeClient, Trade } from "../papertrade/mod.ts";
import { Parts, type UnavailablePart } from "../parts.ts";
import { findClosedTrade } from "./positions.ts";
import { learnOwner } from "../known_ids.ts";

/** The wallet's open position `intentId` opened (in no closed trade; maybe older than the scan). */
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
 * null when neither names one. Read for a page of trades with {@link withSettlingTransactions};
 * both search the trail the same way, and share what it found.
 */
export async function settlingTransaction(
  hyperevm: HyperEvmClient,
  wallet: string,
  trade: Trade,
): Promise<Hex | null> {
  if (trade.txHash) return trade.txHash;
  const [found] = await findTradeSettlements(hyperevm, [toSettle(wallet, trade)]);
  return found?.txHash ?? null;
}

function toSettle(wallet: string, trade: Trade) {
  return {
    wallet: wallet as Address,
    positionId: trade.positionId,
    liquidated: trade.liquidated,
    closedAt: trade.closedAt,
  };
}

/**
 * How long a page, tool, export or feed waits for the settlement trail of its trades. The trail
 * goes on past it (what it finds is kept for the next read), and the answer names the part.
 */
export const TRAIL_WAIT_MS = 8_000;

export const SETTLING_PART = "settling transactions";

/**
 * `trades` of `wallet` (a page of its history) with their settling transactions: the rows' own,
 * else those the settlement trail finds, searched together (its upstream cost:
 * `lib/hyperevm/settlement_trail.ts`). A trail that fails or misses {@link TRAIL_WAIT_MS} leaves
 * those rows without and is named in `parts`. The wallet's ids are remembered (`known_ids.ts`).
 */
export async function withSettlingTransactions(
  sources: { papertrade: PapertradeClient; hyperevm: HyperEvmClient },
  wallet: string,
  trades: readonly Trade[],
  parts: Parts,
): Promise<Trade[]> {
  learnOwner(sources.papertrade, wallet, trades);
  const open = trades.filter((trade) => !trade.txHash);
  if (open.length === 0) return [...trades];
  const trail = findTradeSettlements(
    sources.hyperevm,
    open.map((trade) => toSettle(wallet, trade)),
  );
  trail.catch(() => {}); // past the wait, nobody is left to tell
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) =>
    timer = setTimeout(() => resolve(null), TRAIL_WAIT_MS)
  );
  let found: Awaited<typeof trail> | null;
  try {
    found = await parts.read(Promise.race([trail, late]), SETTLING_PART);
  } finally {
    clearTimeout(timer);
  }
  if (found === null) {
    if (!parts.unavailable.some((item) => item.part === SETTLING_PART)) {
      parts.add({
        part: SETTLING_PART,
        endpoint: "eth_getLogs",
        reason: "still being found from the Exchange's events; read again in a moment",
      });
    }
    return [...trades];
  }
  const hashes = new Map(open.map((trade, i) => [trade, found![i]?.txHash ?? null]));
  return trades.map((trade) =>
    hashes.has(trade) ? { ...trade, txHash: hashes.get(trade)! } : trade
  );
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
