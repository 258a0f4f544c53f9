/**
 * Resolving a classified query against the upstreams: the wallet's summary, the decoded
 * transaction or the intent's whereabouts, a position's owner, or the matching leaderboard
 * names. Shared by the search tool and the site's search bar.
 */
import type { Address, Hex } from "viem";
import { decodeTransaction, type HyperEvmClient, type Settlement } from "../hyperevm/mod.ts";
import { type LeaderboardRow, PapertradeApiError, type RecentTrade } from "../papertrade/mod.ts";
import { type IntentLookup, lookupIntent } from "../intent/mod.ts";
import { fetchWalletSummary, type WalletSummary } from "../wallet/mod.ts";
import { findClosedTrade, findOpenPositionByIntent } from "../position/mod.ts";
import { classifyQuery } from "./classify.ts";
import type { MarketSources } from "../marks.ts";
import { AT_RISK_WAIT_MS, ownerOnBoard } from "../at_risk/mod.ts";
import { knownOwner } from "../known_ids.ts";

/** How many of the latest trades are searched for a position id's owner. */
const OWNER_FEED_LIMIT = 100;

export type SearchResolution =
  /** `summary` is null when the exchange has never seen the wallet. */
  | { kind: "wallet"; value: Address; summary: WalletSummary | null }
  | { kind: "transaction"; value: Hex; transaction: Settlement }
  /** `wallet` is set when the intent was found through that known wallet (queue or history). */
  | { kind: "intent"; value: Hex; lookup: IntentLookup; wallet?: Address }
  /** `owner`: null if neither the latest trades nor {@link findOwner} name it; `trade`: its row. */
  | { kind: "position"; value: string; owner: Address | null; trade: RecentTrade | null }
  /** `total` counts every match; `matches` is the first page, ranked over all time. */
  | { kind: "name"; value: string; matches: LeaderboardRow[]; total: number | null }
  | { kind: "unknown"; value: string; reason: string };

type SearchSources = MarketSources & { hyperevm: HyperEvmClient; now: () => number };

/**
 * Classifies `query` and resolves it with a small, bounded number of upstream reads. `wallet` is
 * the one the searcher is looking at (the page the search was made from): its pending intents,
 * open positions and trade history are searched too (its snapshot and a few history pages).
 */
export async function resolveSearch(
  sources: SearchSources,
  query: string,
  options: { signal?: AbortSignal; wallet?: Address } = {},
): Promise<SearchResolution> {
  const { signal, wallet } = options;
  const { papertrade } = sources;
  const found = classifyQuery(query);
  switch (found.kind) {
    case "address": {
      const read = fetchWalletSummary(papertrade, found.value, { now: sources.now, signal });
      const summary = await read.catch((error) => {
        if (error instanceof PapertradeApiError && error.status === 404) return null;
        throw error;
      });
      return { ...found, kind: "wallet", summary };
    }
    case "hash": {
      // Only the chain can tell a transaction hash from an intent id.
      const decoded = await decodeTransaction(sources.hyperevm, found.value);
      if (decoded.found) return { kind: "transaction", value: found.value, transaction: decoded };
      const lookup = await lookupIntent(sources, found.value, { signal, wallet });
      const intent = { kind: "intent", value: found.value, lookup } as const;
      if (wallet === undefined || lookup.state !== "not_found") {
        return wallet && lookup.state === "pending" ? { ...intent, wallet } : intent;
      }
      const [trade, opened] = await Promise.all([
        findClosedTrade(papertrade, wallet, { intentId: found.value }, { signal }).catch(() =>
          null
        ),
        findOpenPositionByIntent(papertrade, wallet, found.value, { signal }).catch(() => null),
      ]);
      return trade || opened ? { ...intent, wallet } : intent;
    }
    case "position": {
      const [trades, owned] = await Promise.all([
        papertrade.read("recentTrades", {}, { signal })
          .then((feed) => feed.trades.slice(0, OWNER_FEED_LIMIT)),
        wallet === undefined ? false : ownsPosition(sources, wallet, found.value, signal),
      ]);
      if (owned) return { kind: "position", value: found.value, owner: wallet!, trade: null };
      const trade = trades.find((item) => item.positionId === found.value) ?? null;
      const owner = trade?.wallet ?? await findOwner(sources, { positionId: found.value });
      return { kind: "position", value: found.value, owner, trade };
    }
    case "name": {
      const names = { window: "all", query: found.value } as const;
      const page = await papertrade.read("leaderboard", names, { signal });
      if (page.accounts.length === 0) {
        return {
          kind: "unknown",
          value: found.value,
          reason: "no leaderboard name or address contains it",
        };
      }
      return { kind: "name", value: found.value, matches: page.accounts, total: page.totalItems };
    }
    case "unknown":
      return found;
  }
}

/**
 * The wallet a bare position or intent id belongs to, from what the explorer already knows: the
 * ids of the trade histories and settlement trails it has read (`lib/known_ids.ts`, no request),
 * then the open positions on the at-risk board (no request once it is read). Null when none
 * knows it. The latest trades are not searched here: the search and the intent look-up read them.
 */
export async function findOwner(
  sources: MarketSources & { now: () => number },
  id: { positionId: string } | { intentId: string },
): Promise<Address | null> {
  return knownOwner(sources.papertrade, id) ??
    await ownerOnBoard(sources, id, { waitMs: AT_RISK_WAIT_MS });
}

/** Whether `wallet` holds `positionId` open, or closed it within its recent history. */
async function ownsPosition(
  sources: SearchSources,
  wallet: Address,
  positionId: string,
  signal?: AbortSignal,
): Promise<boolean> {
  try {
    const account = await sources.papertrade.read("walletStream", { wallet }, { signal });
    if (account.openPositions.some((position) => position.positionId === positionId)) return true;
    return (await findClosedTrade(sources.papertrade, wallet, { positionId }, { signal })) !== null;
  } catch (error) {
    if (error instanceof PapertradeApiError && error.status === 404) return false;
    throw error;
  }
}
