/**
 * Domain types of the Papertrade query endpoints: leaderboard, trade history, protocol stats
 * and relayer health. Same units as `types.ts`.
 */
import type { Address, Hash } from "./hex_types.ts";

/**
 * A modelled key the answer lacked (missing or malformed): the one figure it feeds is null.
 * Shaped like the unavailable parts of pages and tools, which list it as it is.
 */
export interface ModelledGap {
  /** The part of the product the endpoint feeds ("markets"). */
  part: string;
  /** The endpoint's path. */
  endpoint: string;
  /** The field in the endpoint table's notation (`accounts.*.totalVolume`). */
  field: string;
  /** Always "modelled key not found". */
  reason: string;
}

/** A domain value that may have been read with modelled keys missing. */
export interface WithModelledGaps {
  /** The modelled keys the answer lacked; absent when it had them all. */
  modelledGaps?: readonly ModelledGap[];
}

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

/**
 * One ranked wallet (wad USD unless noted). Every field but the address and the name is a
 * modelled key, so each is null when the answer lacked it.
 */
export interface LeaderboardRow {
  address: Address;
  /** Self-chosen display name: untrusted text. */
  leaderboardName: string | null;
  /** True 1-based rank within the window and sort. */
  rank: number | null;
  totalWindowedPnl: bigint | null;
  realizedPnl: bigint | null;
  currentUnrealizedPnl: bigint | null;
  currentBalance: bigint | null;
  currentQueued: bigint | null;
  currentOpenNotional: bigint | null;
  totalVolume: bigint | null;
  /** PAPER held plus staked (wad). */
  paperTotal: bigint | null;
  currentOpenPositionCount: number | null;
}

/** One page of the leaderboard. */
export interface LeaderboardPage extends WithModelledGaps {
  uniqueAccounts: number;
  /** Sum of tracked balances (wad USD). */
  trackedBalance: bigint;
  accounts: LeaderboardRow[];
  totalPages: number;
  /** Rows over every page (modelled; null when absent). */
  totalItems: number | null;
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
  /** What the trade made: adjustedPnl − userPaidFee (wad USD; `netPnlWad`), computed once here. */
  netPnl: bigint;
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

/** The figures of `/query/protocol/summary` the explorer shows (wad USD unless noted). */
export interface ProtocolSummary {
  source: { block: number; at: number };
  balances: {
    tvl: bigint;
    margin: bigint;
    lp: bigint;
    /** Owed to queued winners (the payout queue's total). */
    queue: bigint;
  };
  activity: { openPositions: number; volume: bigint };
  fees: { lifetime: bigint; pending: bigint };
  paper: {
    /** PAPER (wad). */
    supply: bigint;
    staked: bigint;
  };
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

/** The payout queue summary, as far as it is shown: how many wallets wait. */
export interface QueueSummary {
  source: { block: number; at: number };
  count: number;
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
  /** Null when the modelled side word was not one we know. */
  isLong: boolean | null;
  leverage: number;
  notionalUsd: number;
  intentId: Hash | null;
  positionId: string;
  /** Null when the modelled word was not one we know. */
  kind: "open" | "close" | "liquidation" | null;
  /** Entry quote price (display float); a close row may not carry it. */
  entry: number | null;
  exit: number | null;
  pnlUsd: number | null;
}

/** The latest venue-wide trades, newest first, and how many malformed rows were left out. */
export interface RecentTradeList extends Array<RecentTrade>, WithModelledGaps {
  rowsSkipped: number;
}

/** Protocol history bucket sizes. */
export type HistoryInterval = "1m" | "1h" | "1d";

/** Names of the protocol history columns, in the upstream's order (the one list). */
export const PROTOCOL_HISTORY_COLUMNS = [
  "tvl",
  "stakingRewards",
  "volume",
  "volumeBtc",
  "volumeEth",
  "traderPnl",
  "users",
  "liquidation",
  "trades",
  "paperSupply",
  "paperStaked",
  "paperRevenue",
] as const;

/** Name of one protocol history column. */
export type ProtocolHistoryColumn = typeof PROTOCOL_HISTORY_COLUMNS[number];

/**
 * One point of the protocol history: the value at the close of the interval labelled `at` (the
 * last point is the open interval, at its current value). Dollar figures are display floats;
 * null where the upstream sent no value.
 */
export interface ProtocolHistoryPoint {
  at: number;
  valueLockedUsd: number | null;
  volumeBtcUsd: number | null;
  volumeEthUsd: number | null;
  /** Wallets that have traded, cumulative. */
  traders: number | null;
  trades: number | null;
  /** Liquidated notional, cumulative. */
  liquidationsUsd: number | null;
  traderPnlUsd: number | null;
  paperSupply: number | null;
  paperStaked: number | null;
}

/** Protocol history at one bucket size, oldest point first, with the current totals. */
export interface ProtocolHistory {
  intervalMs: number;
  asOfMs: number;
  points: ProtocolHistoryPoint[];
  totals: {
    /** Wad USD. */
    valueLocked: bigint;
    volume: bigint;
    liquidations: bigint;
    stakingRewards: bigint;
    stakerFees24h: bigint;
    traders: number;
    trades: number;
  };
}

/** Relayer readiness. */
export interface RelayerHealth {
  ok: boolean;
  ready: boolean;
}
