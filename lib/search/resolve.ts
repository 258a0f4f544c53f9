/**
 * Resolving a classified query against the upstreams: the wallet's summary, the decoded
 * transaction or the intent's whereabouts, a position's owner, or the matching leaderboard
 * names. Shared by the search tool and the site's search bar.
 */
import type { Address, Hex } from "viem";
import { decodeTransaction, type HyperEvmClient, type Settlement } from "../hyperevm/mod.ts";
import {
  type LeaderboardRow,
  PapertradeApiError,
  type PapertradeClient,
  type RecentTrade,
} from "../papertrade/mod.ts";
import { type IntentLookup, lookupIntent } from "../intents/mod.ts";
import { fetchWalletSummary, type WalletSummary } from "../wallet/mod.ts";
import { classifyQuery } from "./classify.ts";

/** How many of the latest trades are searched for a position's owner. */
export const POSITION_FEED_LIMIT = 100;

/** What a query resolved to. */
export type SearchResolution =
  /** `summary` is null when the exchange has never seen the wallet. */
  | { kind: "wallet"; value: Address; summary: WalletSummary | null }
  | { kind: "transaction"; value: Hex; transaction: Settlement }
  | { kind: "intent"; value: Hex; lookup: IntentLookup }
  /** `owner` is null when the position is not in the recent trades feed. */
  | { kind: "position"; value: string; owner: Address | null; trade: RecentTrade | null }
  /** `total` counts every match; `matches` is the first page, ranked over all time. */
  | { kind: "name"; value: string; matches: LeaderboardRow[]; total: number }
  | { kind: "unknown"; value: string; reason: string };

/** Upstream clients and clock the resolution uses. */
export interface SearchSources {
  papertrade: PapertradeClient;
  hyperevm: HyperEvmClient;
  now: () => number;
}

/** Classifies `query` and resolves it with a small, fixed number of upstream reads. */
export async function resolveSearch(
  sources: SearchSources,
  query: string,
  options: { signal?: AbortSignal } = {},
): Promise<SearchResolution> {
  const { signal } = options;
  const { papertrade } = sources;
  const found = classifyQuery(query);
  switch (found.kind) {
    case "address":
      return {
        ...found,
        kind: "wallet",
        summary: await walletOrNull(sources, found.value, signal),
      };
    case "hash": {
      // Only the chain can tell a transaction hash from an intent id.
      const decoded = await decodeTransaction(sources.hyperevm, found.value);
      if (decoded.found) return { kind: "transaction", value: found.value, transaction: decoded };
      const lookup = await lookupIntent(sources, found.value, { signal });
      return { kind: "intent", value: found.value, lookup };
    }
    case "position": {
      const trades = await papertrade.fetchRecentTrades({ limit: POSITION_FEED_LIMIT, signal });
      const trade = trades.find((item) => item.positionId === found.value) ?? null;
      return { kind: "position", value: found.value, owner: trade?.wallet ?? null, trade };
    }
    case "name": {
      const page = await papertrade.fetchLeaderboard({ window: "all", query: found.value, signal });
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

async function walletOrNull(
  sources: SearchSources,
  address: Address,
  signal?: AbortSignal,
): Promise<WalletSummary | null> {
  try {
    return await fetchWalletSummary(sources.papertrade, address, { now: sources.now, signal });
  } catch (error) {
    if (error instanceof PapertradeApiError && error.status === 404) return null;
    throw error;
  }
}
