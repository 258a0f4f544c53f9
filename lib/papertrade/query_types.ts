/**
 * Domain types of the Papertrade query endpoints: leaderboard, trade history, protocol stats
 * and relayer health. Same units as `types.ts`.
 */
import type { Address, Hash } from "./hex_types.ts";

/** Leaderboard time windows, shortest first. */
export const LEADERBOARD_WINDOWS = ["24h", "7d", "30d", "all"] as const;
/** Leaderboard time windows. */
export type LeaderboardWindow = typeof LEADERBOARD_WINDOWS[number];

/** Leaderboard sort keys (each names a row field), in column order. */
export const LEADERBOARD_SORT_KEYS = [
  "totalWindowedPnl",
  "realizedPnl",
  "currentUnrealizedPnl",
  "currentBalance",
  "currentQueued",
  "currentOpenNotional",
  "totalVolume",
  "paperTotal",
  "currentOpenPositionCount",
] as const;
/** Leaderboard sort keys. */
export type LeaderboardSortKey = typeof LEADERBOARD_SORT_KEYS[number];

/** One ranked wallet (wad USD unless noted). */
export interface LeaderboardRow {
  address: Address;
  /** Self-chosen display name: untrusted text. */
  leaderboardName: string | null;
  /** True 1-based rank within the window and sort. */
  rank: number;
  totalWindowedPnl: bigint;
  realizedPnl: bigint;
  currentUnrealizedPnl: bigint;
  currentBalance: bigint;
  currentQueued: bigint;
  currentOpenNotional: bigint;
  totalVolume: bigint;
  /** PAPER held plus staked (wad). */
  paperTotal: bigint;
  currentOpenPositionCount: number;
}

/** One page of the leaderboard. */
export interface LeaderboardPage {
  uniqueAccounts: number;
  /** Sum of tracked balances (wad USD). */
  trackedBalance: bigint;
  accounts: LeaderboardRow[];
  /** 0-based. */
  page: number;
  pageSize: number;
  totalPages: number;
  totalItems: number;
  /** Malformed rows left out of `accounts`. */
  rowsSkipped: number;
}

/** A closed or liquidated trade of a wallet. */
export interface Trade {
  positionId: string;
  instrumentId: number;
  isLong: boolean;
  leverage: number;
  margin: bigint;
  entryPrice: bigint;
  exitPrice: bigint;
  openedAt: number;
  closedAt: number;
  liquidated: boolean;
  /** Signed PnL after the impact haircut, before fees (wad USD). */
  adjustedPnl: bigint;
  /** Fees the trader paid on this trade (wad USD). */
  userPaidFee: bigint;
  /** PAPER minted for the loss (wad). */
  paperMinted: bigint;
  intentId: Hash | null;
  txHash: Hash | null;
}

/** One page of a wallet's trade history, newest first. */
export interface TradeHistoryPage {
  wallet: Address;
  trades: Trade[];
  /** Pass back to get the next page; null on the last page. */
  nextCursor: string | null;
  /** Malformed rows left out of `trades`. */
  rowsSkipped: number;
}

/** Protocol snapshot from `/query/protocol/summary` (wad USD unless noted). */
export interface ProtocolSummary {
  source: { block: number; at: number; genesisAt: number };
  balances: { tvl: bigint; margin: bigint; lp: bigint; reserve: bigint };
  activity: { openPositions: number; volume: bigint };
  fees: { lifetime: bigint; pending: bigint };
  paper: {
    /** PAPER (wad). */
    supply: bigint;
    staked: bigint;
    /** Signed: negative while the LP is under water. */
    trackedLp: bigint;
    /** Staking accumulator, scaled 1e27. */
    accumulator: bigint;
    tailProgress: bigint;
    cliff: bigint;
    cap: bigint;
    rate: bigint;
    decay: bigint;
  };
  pendingRewards: bigint;
  /** Owed to queued winners. */
  queue: { total: bigint; count: number };
}

/** 24-hour notional of one instrument (wad USD). */
export interface MarketVolume {
  instrumentId: number;
  volume24h: bigint;
}

/** `/query/protocol/market-stats`, ordered by instrument id. */
export interface MarketStats {
  markets: MarketVolume[];
}

/** A wallet in the payout queue and what it is owed (wad USD). */
export interface QueueEntry {
  wallet: Address;
  owed: bigint;
}

/** Payout queue summary. */
export interface QueueSummary {
  source: { block: number; at: number };
  total: bigint;
  count: number;
  largest: QueueEntry | null;
  front: QueueEntry | null;
}

/** One venue-wide trade event. USD amounts and prices are display floats from the upstream. */
export interface RecentTrade {
  /** Feed order, a decimal string (inferred: block × 10^6 + index). */
  seq: string;
  timestamp: number;
  wallet: Address;
  symbol: string;
  instrumentId: number;
  terminal: boolean;
  isLong: boolean;
  leverage: number;
  notionalUsd: number;
  intentId: Hash | null;
  positionId: string;
  kind: "open" | "close" | "liquidation";
  /** Entry quote price (display float); a close row may not carry it. */
  entry: number | null;
  exit: number | null;
  pnlUsd: number | null;
}

/** The latest venue-wide trades, newest first, and how many malformed rows were left out. */
export interface RecentTradeList extends Array<RecentTrade> {
  rowsSkipped: number;
}

/** Protocol history bucket sizes. */
export type HistoryInterval = "1m" | "1h" | "1d";

/** Names of the protocol history series, in the upstream's order (the one list). */
export const PROTOCOL_HISTORY_COLUMNS = [
  "tvl",
  "stakingRewards",
  "paperSupply",
  "paperStaked",
  "paperRevenue",
  "volume",
  "volumeBtc",
  "volumeEth",
  "traderPnl",
  "users",
  "trades",
  "liquidation",
] as const;

/** Name of one protocol history series. */
export type ProtocolHistoryColumn = typeof PROTOCOL_HISTORY_COLUMNS[number];

/** Protocol time series: point i is at `startMs + i × intervalMs`; all columns share a length. */
export interface ProtocolHistory {
  startMs: number;
  intervalMs: number;
  asOfMs: number;
  /** Current totals: integer strings become bigint, numbers stay numbers (mixed units). */
  totals: Record<string, bigint | number>;
  /** Plain USD floats and counts, display only. */
  columns: Record<ProtocolHistoryColumn, number[]>;
}

/** Relayer readiness. */
export interface RelayerHealth {
  ok: boolean;
  ready: boolean;
}
