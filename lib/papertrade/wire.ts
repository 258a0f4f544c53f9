/**
 * Wire shapes of the Papertrade API, as zod schemas.
 *
 * Only `lib/papertrade/` (and the replay upstream in `fixtures/`, which must produce exactly
 * these shapes) may know them. Which endpoint answers with which schema, and which parts are
 * modelled, is stated once in `endpoints.ts`; here each modelled spot is marked `modelled: [id]`
 * with the item's id, and each modelled key is read per field ({@link modelled}: missing or
 * malformed, that one figure is null and named as a gap).
 * Each schema's input type is the JSON on the wire; its output type has `bigint` money and raw
 * prices.
 */
import { z } from "zod";
import {
  LEADERBOARD_SORT_KEYS,
  LEADERBOARD_WINDOWS,
  PROTOCOL_HISTORY_COLUMNS,
} from "./query_types.ts";

export { address, bytes32, intString, uintString } from "./_wire_scalars.ts";
export * from "./wire_wallet.ts";
import { address, bytes32, count, intString, ms, uintString } from "./_wire_scalars.ts";
import { modelled } from "./_modelled.ts";

// ---------------------------------------------------------------------------------------------
// tradingState
// ---------------------------------------------------------------------------------------------

/**
 * The 23 slots of the instrument tuple, in the published order: the domain field each slot fills
 * and its wire schema. The tuple schema and the domain mapper both read this one list.
 */
export const INSTRUMENT_SLOTS = [
  ["id", count], // 0
  ["symbol", z.string()], // 1
  ["assetIndex", count], // 2
  ["priceScale", uintString], // 3
  ["active", z.boolean()], // 4
  ["paused", z.boolean()], // 5
  ["terminal", z.boolean()], // 6
  ["retired", z.boolean()], // 7
  ["closeOnly", z.boolean()], // 8
  ["frozenBid", uintString.nullable()], // 9
  ["frozenAsk", uintString.nullable()], // 10
  ["pausedAt", ms.nullable()], // 11
  ["rateMultiplier", uintString], // 12
  ["positionMultiplier", uintString], // 13
  ["maxLeverage", count], // 14
  ["maxPositionNotional", uintString], // 15
  ["bustBuffer", uintString], // 16
  ["baseRate", uintString], // 17
  ["referenceNotional", uintString], // 18
  ["longOi", uintString], // 19
  ["shortOi", uintString], // 20
  ["longCap", uintString], // 21
  ["shortCap", uintString], // 22
] as const;

type SlotSchemas<T> = {
  -readonly [I in keyof T]: T[I] extends readonly [string, infer S] ? S : never;
};

/** The 23-field instrument tuple, in the published order. */
export const instrumentTuple = z.tuple(
  INSTRUMENT_SLOTS.map(([, schema]) => schema) as unknown as SlotSchemas<typeof INSTRUMENT_SLOTS>,
);

/** The trading state (endpoint `tradingState`). */
export const tradingState = z.object({
  schemaVersion: z.literal(1),
  tradingPaused: z.boolean(),
  indexedThroughBlock: count,
  minimumTradeSizeRaw: uintString,
  minimumOpenNotionalRaw: uintString,
  // 0 or absent means no lower bound (papertrade-facts.md 12.5).
  minimumLeverage: count.optional(),
  maximumLeverage: count,
  // modelled: [tradingState.winFeeRate] the key is unknown; the on-chain winFeeRate() wad.
  winFeeRate: modelled(uintString),
  // modelled: [tradingState.accRewardPerShare] the key is unknown; PaperStaking's (1e27).
  accRewardPerShare: modelled(uintString),
  instruments: z.array(instrumentTuple),
  // [revision, paperStakeMinimum, pausedActions]; absent means every action is accepted.
  intakeControls: z.tuple([count, uintString, z.array(z.string())]).optional(),
});

// ---------------------------------------------------------------------------------------------
// leaderboard
// ---------------------------------------------------------------------------------------------

/** Leaderboard windows. */
export const leaderboardWindow = z.enum(LEADERBOARD_WINDOWS);
/** Leaderboard sort keys. */
export const leaderboardSortKey = z.enum(LEADERBOARD_SORT_KEYS);

// modelled: [leaderboard.rowFields] row fields beyond address and leaderboardName are unknown;
// named after the sort keys, plus the true 1-based rank within the window and sort.
/** One leaderboard row. */
export const leaderboardRow = z.object({
  address,
  leaderboardName: z.string().nullable(),
  rank: modelled(z.number().int().positive()),
  totalWindowedPnl: modelled(intString),
  realizedPnl: modelled(intString),
  currentUnrealizedPnl: modelled(intString),
  currentBalance: modelled(uintString),
  currentQueued: modelled(uintString),
  currentOpenNotional: modelled(uintString),
  totalVolume: modelled(uintString),
  paperTotal: modelled(uintString),
  currentOpenPositionCount: modelled(count),
});

/** One leaderboard page (endpoint `leaderboard`). */
export const leaderboardPage = z.object({
  ok: z.literal(true),
  summary: z.object({ uniqueAccounts: count, trackedBalance: uintString }),
  accounts: z.array(leaderboardRow),
  // modelled: [leaderboard.totalItems] only totalPages is known.
  pageInfo: z.object({ totalPages: count, totalItems: modelled(count) }),
});

/** The leaderboard page with its rows unchecked, so one bad row drops only itself. */
export const leaderboardPageEnvelope = leaderboardPage.extend({ accounts: z.array(z.unknown()) });

// ---------------------------------------------------------------------------------------------
// tradeHistory
// ---------------------------------------------------------------------------------------------

// modelled: [tradeHistory.path] the path and row keys are unknown apart from adjustedPnlRaw,
// userPaidFeeRaw and cursor paging, which the original explorer documents.
/** One closed or liquidated trade. */
export const tradeRow = z.object({
  positionId: z.string().regex(/^[0-9]+$/),
  instrumentId: count,
  isLong: z.boolean(),
  leverage: count,
  marginRaw: uintString,
  entryPriceRaw: uintString,
  exitPriceRaw: uintString,
  openedAt: ms,
  closedAt: ms,
  liquidated: z.boolean(),
  adjustedPnlRaw: intString,
  userPaidFeeRaw: uintString,
  paperMintedRaw: uintString,
  intentId: bytes32.nullable(),
  txHash: bytes32.nullable(),
});

/** One trade-history page (endpoint `tradeHistory`). */
export const tradeHistoryPage = z.object({
  ok: z.literal(true),
  wallet: address,
  trades: z.array(tradeRow),
  nextCursor: z.string().nullable(),
});

/** The trade-history page with its rows unchecked, so one bad row drops only itself. */
export const tradeHistoryEnvelope = tradeHistoryPage.extend({ trades: z.array(z.unknown()) });

// ---------------------------------------------------------------------------------------------
// protocolSummary, marketStats, queueSummary, recentTrades, protocolHistory, relayerHealth
// ---------------------------------------------------------------------------------------------

/**
 * The protocol summary (endpoint `protocolSummary`): every key of the real recorded answer
 * (papertrade-facts.md 12.1). The queue total is `balances.queue`; the summary has no queue
 * count. The meaning of `paper.reserve`, `unallocated` and `excess` is unconfirmed.
 */
export const protocolSummary = z.object({
  ok: z.literal(true),
  source: z.object({ block: uintString, at: ms, genesis: ms }),
  balances: z.object({
    tvl: uintString,
    margin: uintString,
    lp: intString,
    reserve: uintString,
    queue: uintString,
  }),
  activity: z.object({ volume: uintString, open: count }),
  fees: z.object({ pending: uintString, lifetime: uintString }),
  paper: z.object({
    supply: uintString,
    staked: uintString,
    trackedLp: intString,
    accumulator: uintString,
    tailProgress: uintString,
    reserve: intString,
    unallocated: intString,
    pendingRewards: uintString,
    cliff: uintString,
    cap: uintString,
    excess: intString,
    rate: uintString,
    decay: uintString,
  }),
});

/** 24-hour volumes (endpoint `marketStats`). */
export const marketStats = z.object({
  markets: z.record(z.string().regex(/^[0-9]+$/), z.object({ volume_24h: uintString })),
});

const queueEntry = z.object({ wallet: address, owed: uintString }).nullable();

/** The payout queue summary (endpoint `queueSummary`). */
export const queueSummary = z.object({
  ok: z.literal(true),
  source: z.object({ block: uintString, at: ms }),
  total: uintString,
  count,
  largest: queueEntry,
  front: queueEntry,
});

/**
 * One row of `GET /query/protocol/trades/recent`: the keys of the SDK's recorded answer
 * (papertrade-facts.md 11.2). An open has `entry` and no exit or PnL; a close or liquidation
 * has `exit` and `pnlUsd`, and a close may have `entry: null`.
 */
export const recentTradeRow = z.object({
  seq: z.string().regex(/^[0-9]+$/, "expected a decimal string"),
  ts: ms,
  wallet: address,
  instrument: z.string(),
  instrumentId: count,
  instrumentTerminal: z.boolean(),
  // modelled: [recentTrades.words] the side and kind words were placeholders in the recorded
  // row; long|short and open|close|liquidation are inferred from the SDK's field names.
  side: modelled(z.enum(["long", "short"])),
  leverage: count,
  notionalUsd: z.number(),
  intentId: bytes32.nullable(),
  positionId: z.string().regex(/^[0-9]+$/, "expected a decimal string"),
  kind: modelled(z.enum(["open", "close", "liquidation"])),
  entry: z.number().nullable(),
  exit: z.number().nullable().optional(),
  pnlUsd: z.number().nullable().optional(),
});

/** The recent trades (endpoint `recentTrades`), newest first; floats are display USD. */
export const recentTrades = z.object({
  ok: z.literal(true),
  count,
  events: z.array(recentTradeRow),
});

/** The recent trades with their rows unchecked, so one bad row drops only itself. */
export const recentTradesEnvelope = recentTrades.extend({ events: z.array(z.unknown()) });

// A third party reads a null point as possible (papertrade-facts.md 12.2, weak): kept as a gap.
const column = z.array(z.number().nullable());

/** One number column per history series name, so the wire keys come from the one list. */
function columnShapes<K extends string>(names: readonly K[]): Record<K, typeof column> {
  return Object.fromEntries(names.map((name) => [name, column])) as Record<K, typeof column>;
}

/**
 * Protocol history (endpoint `protocolHistory`), the keys of the real recorded answer
 * (papertrade-facts.md 12.2): parallel columns of dollar floats and counts, and current totals
 * as integer strings (counts included).
 */
export const protocolHistory = z.object({
  startMs: ms,
  intervalMs: z.number().int().positive(),
  columns: z.object(columnShapes(PROTOCOL_HISTORY_COLUMNS)),
  source: z.object({
    asOfMs: ms,
    revision: z.string().regex(/^[0-9]+$/, "expected a decimal string"),
    generation: z.string(),
  }),
  totals: z.object({
    tvlRaw: uintString,
    rewardsRaw: uintString,
    volumeRaw: uintString,
    liquidationRaw: uintString,
    tradesRaw: uintString,
    usersRaw: uintString,
    stakerFees24hRaw: uintString,
  }),
});

/** Relayer readiness (endpoint `relayerHealth`). */
export const relayerHealth = z.object({ ok: z.boolean(), ready: z.boolean() });

/** Wire input type (the JSON) of a schema, for the replay upstream's generator. */
export type Wire<T extends z.ZodType> = z.input<T>;
