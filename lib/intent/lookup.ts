/**
 * Where one intent is: in the live trades feed, pending at the relayer (when the signing wallet
 * is known), or settled on HyperEVM within the recent scan window; three checks run in parallel.
 * The chain check is the slow one: the log scan (after a head read when the head cache is cold),
 * then the transaction, receipt and block together: two RPC round trips warm, three cold.
 */
import type { Hex } from "viem";
import { decodeTransaction, findIntentSettlement, type HyperEvmClient } from "../hyperevm/mod.ts";
import {
  type EndedIntent,
  type Operation,
  PapertradeApiError,
  type PapertradeClient,
  type RecentTrade,
} from "../papertrade/mod.ts";
import { Parts, type UnavailablePart } from "../parts.ts";
import { readPendingIntents } from "./pending.ts";

/** How many of the latest trades the feed check reads. */
const FEED_CHECK_LIMIT = 100;

/** The first that applies, in this order; `not_found` covers anything older than the scan. */
export type IntentState = "feed" | "settled" | "ended" | "pending" | "not_found";

export interface IntentLookup {
  intentId: Hex;
  state: IntentState;
  feed: RecentTrade | null;
  /**
   * The relayer operation; null when not pending (settled, or ended as the stream reported)
   * or when no wallet was given.
   */
  pending: Operation | null;
  /** How the wallet's stream reported it ended; null unless the state is `ended`. */
  ended: EndedIntent | null;
  /** Whether the relayer queue was checked (it needs the wallet). */
  pendingChecked: boolean;
  /** The transaction is null if the node no longer returns it; the intent, if it decodes. */
  settlement: Awaited<ReturnType<typeof findSettlement>>["settlement"];
  /** Inclusive block range the settlement scan covered; null when the scan failed. */
  scanned: { fromBlock: bigint; toBlock: bigint } | null;
  unavailable: UnavailablePart[];
}

/**
 * Looks an intent id up in the feed, the wallet's pending operations and recent blocks. A check
 * that fails is named in `unavailable` and the others still answer; only when every check
 * failed does the first failure propagate.
 */
export async function lookupIntent(
  sources: { papertrade: PapertradeClient; hyperevm: HyperEvmClient },
  intentId: string,
  /** `wallet`, the one that signed it, enables the relayer queue check. */
  options: { wallet?: string; signal?: AbortSignal } = {},
): Promise<IntentLookup> {
  const id = intentId.toLowerCase() as Hex;
  const { signal, wallet } = options;
  const settled = await Promise.allSettled([
    findInFeed(sources.papertrade, id, signal),
    wallet === undefined
      ? Promise.resolve(null)
      : findPending(sources.papertrade, wallet, id, signal),
    findSettlement(sources.hyperevm, id),
  ]);
  const parts = new Parts();
  const feed = parts.settled(settled[0]);
  const queue = parts.settled(settled[1], "pending intents");
  const scan = parts.settled(settled[2], "settlement");
  for (const part of queue?.unavailable ?? []) parts.add(part);
  // Without a wallet the relayer queue is not checked, so it cannot count as an answer.
  const checks = wallet === undefined ? [settled[0], settled[2]] : settled;
  const failures = checks.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
  if (failures.length === checks.length) throw failures[0];
  // One state: what settled is not pending, even when the relayer's list still names it.
  const state: IntentState = feed
    ? "feed"
    : scan?.settlement
    ? "settled"
    : queue?.ended
    ? "ended"
    : queue?.pending
    ? "pending"
    : "not_found";
  return {
    intentId: id,
    state,
    feed,
    pending: state === "pending" ? queue!.pending : null,
    ended: state === "ended" ? queue!.ended : null,
    pendingChecked: wallet !== undefined,
    settlement: scan?.settlement ?? null,
    scanned: scan?.scanned ?? null,
    unavailable: parts.unavailable,
  };
}

async function findInFeed(
  papertrade: PapertradeClient,
  id: Hex,
  signal?: AbortSignal,
): Promise<RecentTrade | null> {
  const { trades } = await papertrade.read("recentTrades", {}, { signal });
  return trades.slice(0, FEED_CHECK_LIMIT).find((trade) => trade.intentId === id) ?? null;
}

/** The intent among the wallet's pending operations or, if not there, its reported outcomes. */
async function findPending(
  papertrade: PapertradeClient,
  wallet: string,
  id: Hex,
  signal?: AbortSignal,
) {
  try {
    const found = await readPendingIntents(papertrade, wallet, { signal });
    const pending = found.operations.find((item) => item.intentId === id) ?? null;
    const ended = pending ? null : found.outcomes.find((item) => item.intentId === id) ?? null;
    return { pending, ended, unavailable: found.unavailable };
  } catch (error) {
    // A wallet the exchange has never seen has nothing queued; the other checks still answer.
    if (error instanceof PapertradeApiError && error.status === 404) return null;
    throw error;
  }
}

async function findSettlement(hyperevm: HyperEvmClient, id: Hex) {
  const found = await findIntentSettlement(hyperevm, id);
  const scanned = { fromBlock: found.scannedFrom, toBlock: found.scannedTo };
  if (found.match === null) return { settlement: null, scanned };
  const match = found.match;
  // The log names the block, so its header (for the time) is read with the transaction and
  // receipt in one round trip.
  const decoded = await decodeTransaction(hyperevm, match.txHash, {
    blockNumber: match.blockNumber,
    onlyIndex: match.event.index,
  });
  const transaction = decoded.found ? decoded : null;
  const intent = transaction?.intents.find((item) => item.index === match.event.index) ??
    transaction?.intents.find((item) => item.intentId === id) ?? null;
  return { settlement: { match, transaction, intent }, scanned };
}
