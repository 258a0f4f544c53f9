/**
 * Domain types of the Papertrade API, as the rest of the explorer sees them.
 *
 * Units: money (USD and PAPER) is an 18-decimal `bigint` ("wad"); prices are raw `bigint` at the
 * instrument's `priceScale`; addresses and hashes are lower-case; timestamps are unix ms numbers
 * unless a field says otherwise. Nothing here mirrors the wire layout (tuples, key spellings).
 */

import type { Address, Hash } from "./hex_types.ts";
import type { WithModelledGaps } from "./query_types.ts";

export type { Address, Hash } from "./hex_types.ts";

/** One market, from the 23-field instrument tuple of `/state/trading`. */
export interface Instrument {
  /** Instrument id (0 = BTC, 1 = ETH). */
  id: number;
  symbol: string;
  /** Hyperliquid perp index whose BBO the exchange reads. */
  assetIndex: number;
  /** Raw price = quote price × priceScale. */
  priceScale: bigint;
  active: boolean;
  paused: boolean;
  terminal: boolean;
  retired: boolean;
  closeOnly: boolean;
  /** Frozen BBO (raw prices) of a paused or retired market, else null. */
  frozenBid: bigint | null;
  frozenAsk: bigint | null;
  /** When the market was paused (ms), else null. */
  pausedAt: number | null;
  rateMultiplier: bigint;
  positionMultiplier: bigint;
  maxLeverage: number;
  /** Largest notional of one position (wad USD). */
  maxPositionNotional: bigint;
  /** Bust buffer as a wad fraction. */
  bustBuffer: bigint;
  /** Base rate of the impact haircut as a wad fraction. */
  baseRate: bigint;
  /** Reference notional of the impact haircut (wad USD). */
  referenceNotional: bigint;
  /** Open interest per side in base-asset units × 1e18. */
  longOi: bigint;
  shortOi: bigint;
  /** Open-interest caps per side, same unit; 2^128 − 1 means uncapped. */
  longCap: bigint;
  shortCap: bigint;
}

/** Relayer intake switches. */
export interface IntakeControls {
  revision: number;
  /** Minimum PAPER stake (wad). */
  paperStakeMinimum: bigint;
  /** Intent actions the relayer currently refuses. */
  pausedActions: string[];
}

/** Venue-wide state from `/state/trading`. */
export interface TradingState extends WithModelledGaps {
  tradingPaused: boolean;
  indexedThroughBlock: number;
  /** Minimum margin of a new position (wad USD; wire `minimumTradeSizeRaw`). */
  minimumMargin: bigint;
  /** Minimum notional (margin × leverage) of a new position (wad USD). */
  minimumOpenNotional: bigint;
  maximumLeverage: number;
  /** Fee on adjusted gains as a wad fraction; null when the modelled key was not found. */
  winFeeRate: bigint | null;
  /** PaperStaking accumulator, scaled 1e27; null when the modelled key was not found. */
  accRewardPerShare: bigint | null;
  instruments: Instrument[];
  /** Null when the upstream sends none: every action is accepted. */
  intakeControls: IntakeControls | null;
}

/** An open position of a wallet. */
export interface OpenPosition {
  positionId: string;
  instrumentId: number;
  isLong: boolean;
  /** Funded from the queued balance. */
  useDebt: boolean;
  entryPrice: bigint;
  margin: bigint;
  leverage: number;
  bustPrice: bigint;
  openedAt: number;
  /** Intent that opened it, or null (older positions carry none). */
  intentId: Hash | null;
}

/** A position the stream reports as closed or liquidated. */
export interface ClosedPosition {
  positionId: string;
  instrumentId: number;
  isLong: boolean;
  margin: bigint;
  leverage: number;
  liquidated: boolean;
  /** Signed PnL after impact haircut and fees (wad USD). */
  netPnl: bigint;
  /** PAPER minted for the loss (wad). */
  paperMinted: bigint;
}

/** Intent actions the relayer accepts, as the wallet stream names them (the one list). */
export const OPERATION_ACTIONS = [
  "openPosition",
  "closePositions",
  "withdrawToCore",
  "registerSessionKey",
  "PaperStake",
  "PaperUnstake",
  "PaperClaim",
  "PaperDistribute",
] as const;

/** Intent actions the relayer accepts. */
export type OperationAction = typeof OPERATION_ACTIONS[number];

/** Decoded parameters of an operation; which keys are set depends on the action. */
export interface OperationParams {
  instrumentId?: number;
  isLong?: boolean;
  useDebt?: boolean;
  /** Margin of an open (wad USD). */
  margin?: bigint;
  leverage?: number;
  positionIds?: string[];
  /** Amount of any other action: USDC 6 dp for a withdrawal, PAPER wad for stake/unstake. */
  amount?: bigint;
  sessionKey?: Address;
  /** Session key expiry as signed (unix s). */
  expiry?: number;
}

/**
 * An intent the relayer accepted and has not settled yet. The stream's row names no signer,
 * nonce, status or transaction; the queue position comes from the queue-rank read.
 */
export interface Operation {
  intentId: Hash;
  action: OperationAction;
  /** When the relayer accepted it (ms). */
  acceptedAt: number;
  /** Unix seconds from the row's ninth slot, read as the deadline (modelled; null if absent). */
  deadline: number | null;
  params: OperationParams;
  /** Place in the relayer queue (1 = next), or null when the queue rank was not read. */
  queuePosition: number | null;
}

/** How an intent left the pending list. */
export type IntentOutcome = "succeeded" | "failed" | "expired" | "cancelled" | "unknown";

/** An intent the stream reports as ended. */
export interface EndedIntent {
  intentId: Hash;
  outcome: IntentOutcome;
  /** When the stream reported it (ms): the indexer time of the patch that carried it. */
  reportedAt: number;
}

/** Where a wallet's queued intents stand, from `/queue-rank/accounts/{wallet}`. */
export interface QueueRanks extends WithModelledGaps {
  queueRevision: number | null;
  /** Position by intent id (1 = next); null when the modelled key was not found. */
  positions: Map<Hash, number | null>;
}

/** A session key and when it stops being valid (ms). */
export interface SessionKey {
  key: Address;
  expiresAt: number;
}

/** Balances of a wallet (wad USD). */
export interface WalletBalances {
  balance: bigint;
  queued: bigint;
  locked: bigint;
}

/** Reserved and available funds (wad USD). */
export interface WalletFunds {
  reservedBalance: bigint;
  reservedQueued: bigint;
  availableBalance: bigint;
  availableQueued: bigint;
}

/** PAPER held and staked, with the staking reward bookkeeping (wad; modelled keys, so each null if absent). */
export interface WalletPaper {
  balance: bigint | null;
  staked: bigint | null;
  pendingBase: bigint | null;
  rewardDebt: bigint | null;
}

/** Lifetime totals of a wallet (wad USD; realizedPnl is signed). */
export interface WalletLifetime {
  deposited: bigint;
  withdrawn: bigint;
  realizedPnl: bigint;
  feesPaid: bigint;
  tradedNotional: bigint;
}

/** A wallet's account as of a revision: a snapshot, possibly with patches applied. */
export interface WalletAccount extends WithModelledGaps {
  address: Address;
  accountRevision: number;
  walletRevision: number;
  queueRevision: number;
  indexedThroughBlock: number;
  /** Indexer time of the state (ms; the wire sends seconds). */
  indexedThroughTimestamp: number;
  sessionKeys: SessionKey[];
  balances: WalletBalances;
  funds: WalletFunds;
  paper: WalletPaper;
  lifetime: WalletLifetime;
  operations: Operation[];
  /** Newest first. */
  openPositions: OpenPosition[];
  /** Intents ended since the stream opened, newest first (bounded; empty in a snapshot). */
  recentEndedIntents: EndedIntent[];
  /** Positions closed since the stream opened, newest first (bounded; empty in a snapshot). */
  recentClosedPositions: ClosedPosition[];
  /** Malformed operation and position rows the snapshot carried and this account leaves out. */
  rowsSkipped: number;
}

/** A change to a wallet account, valid only on top of `baseAccountRevision`. */
export interface WalletPatch {
  /** Null when the patch does not repeat the address. */
  address: Address | null;
  baseAccountRevision: number;
  accountRevision: number;
  walletRevision?: number;
  queueRevision?: number;
  indexedThroughBlock?: number;
  /** ms, like the account's. */
  indexedThroughTimestamp?: number;
  sessionKeys?: SessionKey[];
  balance?: bigint;
  queued?: bigint;
  locked?: bigint;
  funds?: WalletFunds;
  paper?: WalletPaper;
  lifetime?: WalletLifetime;
  /** Newest first. */
  addedPositions: OpenPosition[];
  /** Ids of positions that left the open list without a close row. */
  removedPositions: string[];
  closedPositions: ClosedPosition[];
  addedOperations: Operation[];
  /** Intent ids that left the pending list. */
  removedOperations: Hash[];
  /** Outcomes of ended intents; `reportedAt` is filled in when the patch is applied. */
  endedIntents: Array<Omit<EndedIntent, "reportedAt">>;
}

export type * from "./query_types.ts";
