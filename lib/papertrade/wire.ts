/**
 * The Papertrade API's answers as zod schemas that take the wire JSON in and give domain values
 * out: each schema's input type is the JSON on the wire, its output type (`z.output`) is the
 * domain type the rest of the explorer reads. Money (USD and PAPER) is an 18-decimal `bigint`
 * ("wad"); prices are raw `bigint` at the instrument's `priceScale`; addresses and hashes are
 * lower-case; times are unix ms. A domain name is chosen so the tools' JSON name follows from it
 * (`deposited`, wad USD → `deposited_usd`); the wire's own spellings stay on the wire side.
 *
 * Only `lib/papertrade/` (and the replay upstream in `fixtures/`, which must produce exactly
 * these shapes) may know them. Which endpoint answers with which schema, and which parts are
 * modelled, is stated once in `endpoints.ts`; here each modelled spot is marked `modelled: [id]`
 * with the item's id, and each modelled key is read per field (see `_modelled.ts`). The facts
 * the known shapes rest on are listed in docs/data-sources.md, "Facts the code relies on".
 */
import { z } from "zod";
import {
  address,
  bytes32,
  count,
  decimalId,
  intString,
  ms,
  uintNumber,
  uintString,
} from "./_wire_scalars.ts";
import { droppedIn, mapped, modelled, namedTuple, rowsOf } from "./_modelled.ts";
import { netPnlWad } from "../math/net_pnl.ts";

export * from "./wire_wallet.ts";

// ---------------------------------------------------------------------------------------------
// tradingState
// ---------------------------------------------------------------------------------------------

/** The 23 slots of the instrument tuple, in the published order: the domain field each fills. */
const INSTRUMENT_SLOTS = [
  ["id", count], // 0: 0 = BTC, 1 = ETH
  ["symbol", z.string()], // 1
  ["assetIndex", count], // 2: the Hyperliquid perp index whose BBO the exchange reads
  ["priceScale", uintString], // 3: raw price = quote price × priceScale
  ["active", z.boolean()], // 4
  ["paused", z.boolean()], // 5
  ["terminal", z.boolean()], // 6
  ["retired", z.boolean()], // 7
  ["closeOnly", z.boolean()], // 8
  ["frozenBid", uintString.nullable()], // 9: the frozen BBO of a paused or retired market
  ["frozenAsk", uintString.nullable()], // 10
  ["pausedAt", ms.nullable()], // 11
  ["rateMultiplier", uintString], // 12
  ["positionMultiplier", uintString], // 13
  ["maxLeverage", count], // 14
  ["maxPositionNotional", uintString], // 15: wad USD, the largest notional of one position
  ["bustBuffer", uintString], // 16: a wad fraction
  ["baseRate", uintString], // 17: the impact haircut's base rate, a wad fraction
  ["referenceNotional", uintString], // 18: the impact haircut's reference notional, wad USD
  ["longOi", uintString], // 19: open interest per side, base-asset units × 1e18
  ["shortOi", uintString], // 20
  ["longCap", uintString], // 21: open-interest caps, same unit; 2^128 − 1 means uncapped
  ["shortCap", uintString], // 22
] as const;

/** The 23-field instrument tuple, read into named fields. */
export const instrumentTuple = namedTuple(INSTRUMENT_SLOTS);
/** One market, from the 23-field instrument tuple of `/state/trading`. */
export type Instrument = z.output<typeof instrumentTuple>;

/** Venue-wide state (endpoint `tradingState`). */
export const tradingState = mapped(
  z.object({
    schemaVersion: z.literal(1),
    tradingPaused: z.boolean(),
    indexedThroughBlock: count,
    minimumTradeSizeRaw: uintString,
    minimumOpenNotionalRaw: uintString,
    // 0 or absent means no lower bound.
    minimumLeverage: count.optional(),
    maximumLeverage: count,
    // modelled: [tradingState.winFeeRate] the key is unknown; the on-chain winFeeRate(), the
    // fee on adjusted gains as a wad fraction (null when not found).
    winFeeRate: modelled(uintString),
    // modelled: [tradingState.accRewardPerShare] the key is unknown; PaperStaking's
    // accumulator, scaled 1e27 (null when not found).
    accRewardPerShare: modelled(uintString),
    instruments: z.array(instrumentTuple),
    // Relayer intake switches; absent means every action is accepted.
    intakeControls: namedTuple([
      ["revision", count],
      ["paperStakeMinimum", uintString], // PAPER (wad)
      ["pausedActions", z.array(z.string())], // intent actions the relayer currently refuses
    ]).optional(),
  }),
  (
    { schemaVersion: _, minimumTradeSizeRaw, minimumOpenNotionalRaw, intakeControls, ...state },
  ) => ({
    ...state,
    /** Minimum margin of a new position (wad USD). */
    minimumMargin: minimumTradeSizeRaw,
    /** Minimum notional (margin × leverage) of a new position (wad USD). */
    minimumOpenNotional: minimumOpenNotionalRaw,
    /** The relayer's intake switches; null when the upstream sends none. */
    intakeControls: intakeControls ?? null,
  }),
);

// ---------------------------------------------------------------------------------------------
// leaderboard
// ---------------------------------------------------------------------------------------------

/** Leaderboard time windows, shortest first. */
export const LEADERBOARD_WINDOWS = ["24h", "7d", "30d", "all"] as const;
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
/** Leaderboard windows. */
export const leaderboardWindow = z.enum(LEADERBOARD_WINDOWS);
/** Leaderboard sort keys. */
export const leaderboardSortKey = z.enum(LEADERBOARD_SORT_KEYS);

// modelled: [leaderboard.rowFields] row fields beyond address and leaderboardName are unknown;
// named after the sort keys, plus the true 1-based rank within the window and sort. Each is null
// when the answer lacked it. Money is wad USD, paperTotal is PAPER held plus staked (wad).
/** One ranked wallet. */
export const leaderboardRow = z.object({
  address,
  /** Self-chosen display name: untrusted text. */
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

/** One leaderboard page (endpoint `leaderboard`); a malformed row is dropped and counted. */
export const leaderboardPage = mapped(
  z.object({
    ok: z.literal(true),
    summary: z.object({ uniqueAccounts: count, trackedBalance: uintString }),
    accounts: rowsOf(leaderboardRow),
    // modelled: [leaderboard.totalItems] only totalPages is known.
    pageInfo: z.object({ totalPages: count, totalItems: modelled(count) }),
  }),
  (body) => ({
    uniqueAccounts: body.summary.uniqueAccounts,
    /** Sum of tracked balances (wad USD). */
    trackedBalance: body.summary.trackedBalance,
    accounts: body.accounts,
    totalPages: body.pageInfo.totalPages,
    /** Rows over every page (modelled; null when absent). */
    totalItems: body.pageInfo.totalItems,
    rowsSkipped: droppedIn(body.accounts),
  }),
);

// ---------------------------------------------------------------------------------------------
// tradeHistory
// ---------------------------------------------------------------------------------------------

// modelled: [tradeHistory.path] the path and row keys are unknown apart from adjustedPnlRaw,
// userPaidFeeRaw and cursor paging, which the original explorer documents.
/** One closed or liquidated trade of a wallet. */
export const tradeRow = z.object({
  positionId: decimalId,
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
}).transform((
  { marginRaw, entryPriceRaw, exitPriceRaw, adjustedPnlRaw, userPaidFeeRaw, paperMintedRaw, ...t },
) => ({
  ...t,
  margin: marginRaw,
  entryPrice: entryPriceRaw,
  exitPrice: exitPriceRaw,
  /** Signed PnL after the impact haircut, before fees (wad USD). */
  adjustedPnl: adjustedPnlRaw,
  /** Fees the trader paid on this trade (wad USD). */
  userPaidFee: userPaidFeeRaw,
  /** What the trade made: adjustedPnl − userPaidFee (wad USD), computed once, here. */
  netPnl: netPnlWad(adjustedPnlRaw, userPaidFeeRaw),
  /** PAPER minted for the loss (wad). */
  paperMinted: paperMintedRaw,
}));

/** One trade-history page, newest first (endpoint `tradeHistory`). */
export const tradeHistoryPage = mapped(
  z.object({
    ok: z.literal(true),
    wallet: address,
    trades: rowsOf(tradeRow),
    nextCursor: z.string().nullable(),
  }),
  ({ wallet, trades, nextCursor }) => ({
    wallet,
    trades,
    /** Pass back to get the next page; null on the last page. */
    nextCursor,
    rowsSkipped: droppedIn(trades),
  }),
);

// ---------------------------------------------------------------------------------------------
// protocolSummary, marketStats, queueSummary, recentTrades, protocolHistory, relayerHealth
// ---------------------------------------------------------------------------------------------

/**
 * The protocol summary (endpoint `protocolSummary`): every key of the real recorded answer, read
 * into the totals the overview shows. The queue total is `balances.queue`; the summary has no
 * queue count. The meaning of `paper.reserve`, `unallocated` and `excess` is unconfirmed.
 */
export const protocolSummary = mapped(
  z.object({
    ok: z.literal(true),
    source: z.object({ block: uintNumber, at: ms, genesis: ms }),
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
  }),
  ({ source, balances, activity, fees, paper }) => ({
    /** The summary's time (ms) and block. */
    asOf: source.at,
    block: source.block,
    /** Wad USD. */
    tvl: balances.tvl,
    lp: balances.lp,
    margin: balances.margin,
    lifetimeVolume: activity.volume,
    openPositions: activity.open,
    feesLifetime: fees.lifetime,
    feesPending: fees.pending,
    /** PAPER (wad). */
    paperSupply: paper.supply,
    paperStaked: paper.staked,
    /** What queued winners are owed: the payout queue's total. */
    queueOwed: balances.queue,
  }),
);

/** 24-hour notional per market (endpoint `marketStats`), ordered by instrument id. */
export const marketStats = z.object({
  // Up to 15 digits, so an id stays an exact number.
  markets: z.record(z.string().regex(/^[0-9]{1,15}$/), z.object({ volume_24h: uintString })),
}).transform((body) => ({
  markets: Object.entries(body.markets)
    .map(([id, stats]) => ({ instrumentId: Number(id), volume24h: stats.volume_24h }))
    .sort((a, b) => a.instrumentId - b.instrumentId),
}));

const queueEntry = z.object({ wallet: address, owed: uintString }).nullable();

/** The payout queue summary (endpoint `queueSummary`): how many wallets wait is what is shown. */
export const queueSummary = z.object({
  ok: z.literal(true),
  source: z.object({ block: uintNumber, at: ms }),
  total: uintString,
  count,
  largest: queueEntry,
  front: queueEntry,
}).transform(({ source, count }) => ({ source, count }));

/**
 * One row of the recent trades, in the keys of the SDK's recorded answer. An open has `entry`
 * and no exit or PnL; a close or liquidation has `exit` and `pnlUsd`, and a close may have
 * `entry: null`. USD amounts and prices are the upstream's display floats.
 */
const recentTradeRow = mapped(
  z.object({
    // Feed order (inferred: block × 10^6 + index).
    seq: decimalId,
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
    positionId: decimalId,
    kind: modelled(z.enum(["open", "close", "liquidation"])),
    entry: z.number().nullable(),
    exit: z.number().nullable().optional(),
    pnlUsd: z.number().nullable().optional(),
  }),
  ({ ts, instrument, instrumentTerminal, side, exit, pnlUsd, ...e }) => ({
    ...e,
    timestamp: ts,
    symbol: instrument,
    terminal: instrumentTerminal,
    /** Null when the modelled side word was not one we know (so is `kind`). */
    isLong: side === null ? null : side === "long",
    /** Entry quote price (display float); a close row may not carry it, nor an open the exit. */
    exit: exit ?? null,
    pnlUsd: pnlUsd ?? null,
  }),
);

/** The latest venue-wide trades, newest first (endpoint `recentTrades`). */
export const recentTrades = mapped(
  z.object({ ok: z.literal(true), count, events: rowsOf(recentTradeRow) }),
  ({ events }) => ({ trades: events, rowsSkipped: droppedIn(events) }),
);

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

// A third party reads a null point as possible (weak): kept as a gap in the chart.
const column = z.array(z.number().nullable());

/** Protocol history bucket sizes. */
export const historyInterval = z.enum(["1m", "1h", "1d"]);

/**
 * Protocol history (endpoint `protocolHistory`), the keys of the real recorded answer: parallel
 * columns of dollar floats and counts, read as points (each the value at the close of the
 * interval labelled `at`; the last is the open interval at its current value), and the current
 * totals as integer strings (counts included). Columns of different lengths are refused: the
 * points would shift.
 */
export const protocolHistory = z.object({
  startMs: ms,
  intervalMs: z.number().int().positive(),
  columns: z.object(
    Object.fromEntries(PROTOCOL_HISTORY_COLUMNS.map((name) => [name, column])) as Record<
      ProtocolHistoryColumn,
      typeof column
    >,
  ).superRefine((columns, ctx) => {
    for (const [name, values] of Object.entries(columns)) {
      if (values.length === columns.tvl.length) continue;
      const message =
        `has ${values.length} points, expected ${columns.tvl.length} like columns.tvl`;
      ctx.addIssue({ code: "custom", path: [name], message });
    }
  }),
  source: z.object({ asOfMs: ms, revision: decimalId, generation: z.string() }),
  totals: z.object({
    tvlRaw: uintString,
    rewardsRaw: uintString,
    volumeRaw: uintString,
    liquidationRaw: uintString,
    tradesRaw: uintNumber,
    usersRaw: uintNumber,
    stakerFees24hRaw: uintString,
  }),
}).transform(({ startMs, intervalMs, columns, source, totals }) => ({
  intervalMs,
  asOfMs: source.asOfMs,
  /** Oldest first; dollar figures are display floats, null where the upstream sent none. */
  points: columns.tvl.map((tvl, i) => ({
    at: startMs + i * intervalMs,
    valueLockedUsd: tvl,
    volumeBtcUsd: columns.volumeBtc[i],
    volumeEthUsd: columns.volumeEth[i],
    /** Wallets that have traded, cumulative. */
    traders: columns.users[i],
    trades: columns.trades[i],
    /** Liquidated notional, cumulative. */
    liquidationsUsd: columns.liquidation[i],
    traderPnlUsd: columns.traderPnl[i],
    paperSupply: columns.paperSupply[i],
    paperStaked: columns.paperStaked[i],
  })),
  /** Wad USD, apart from the counts. */
  totals: {
    valueLocked: totals.tvlRaw,
    volume: totals.volumeRaw,
    liquidations: totals.liquidationRaw,
    stakingRewards: totals.rewardsRaw,
    stakerFees24h: totals.stakerFees24hRaw,
    traders: totals.usersRaw,
    trades: totals.tradesRaw,
  },
}));

/** Relayer readiness (endpoint `relayerHealth`). */
export const relayerHealth = z.object({ ok: z.boolean(), ready: z.boolean() });

/** Wire input type (the JSON) of a schema, for the replay upstream's generator and the tests. */
export type Wire<T extends z.ZodType> = z.input<T>;

/** Venue-wide state from `/state/trading`. */
export type TradingState = z.output<typeof tradingState>;
/** Leaderboard time windows. */
export type LeaderboardWindow = typeof LEADERBOARD_WINDOWS[number];
/** Leaderboard sort keys. */
export type LeaderboardSortKey = typeof LEADERBOARD_SORT_KEYS[number];
/** One ranked wallet. */
export type LeaderboardRow = z.output<typeof leaderboardRow>;
/** One page of the leaderboard. */
export type LeaderboardPage = z.output<typeof leaderboardPage>;
/** A closed or liquidated trade of a wallet. */
export type Trade = z.output<typeof tradeRow>;
/** One page of a wallet's trade history, newest first. */
export type TradeHistoryPage = z.output<typeof tradeHistoryPage>;
/** The figures of `/query/protocol/summary` the explorer shows. */
export type ProtocolSummary = z.output<typeof protocolSummary>;
/** `/query/protocol/market-stats`, ordered by instrument id. */
export type MarketStats = z.output<typeof marketStats>;
/** The payout queue summary, as far as it is shown. */
export type QueueSummary = z.output<typeof queueSummary>;
/** One venue-wide trade event. */
export type RecentTrade = z.output<typeof recentTradeRow>;
/** Protocol history at one bucket size, with the current totals. */
export type ProtocolHistory = z.output<typeof protocolHistory>;
/** A bucket size of the protocol history. */
export type HistoryInterval = z.output<typeof historyInterval>;
/** One bucket of the protocol history. */
export type ProtocolHistoryPoint = ProtocolHistory["points"][number];
