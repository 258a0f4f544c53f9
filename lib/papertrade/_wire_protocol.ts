/**
 * The venue-wide reads: protocol summary, market stats, payout queue, recent trades, protocol
 * history and the relayer's health. Part of `wire.ts`, which the rest of the explorer imports.
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
import { mapped, modelled, rowsOf } from "./_modelled.ts";

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
    /** PaperStaking's reward accumulator, scaled by 10^27 (papertrade-facts.md §13.3). */
    stakingAccumulator: paper.accumulator,
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
  ({ events }) => ({ trades: events.rows, rowsSkipped: events.dropped }),
);

/** The protocol history columns, in the upstream's order (the one list). */
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

export type ProtocolHistoryColumn = typeof PROTOCOL_HISTORY_COLUMNS[number];

// A third party reads a null point as possible (weak): kept as a gap in the chart.
const column = z.array(z.number().nullable());

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

export const relayerHealth = z.object({ ok: z.boolean(), ready: z.boolean() });

export type ProtocolSummary = z.output<typeof protocolSummary>;
export type MarketStats = z.output<typeof marketStats>;
export type QueueSummary = z.output<typeof queueSummary>;
export type RecentTrade = z.output<typeof recentTradeRow>;
export type ProtocolHistory = z.output<typeof protocolHistory>;
export type HistoryInterval = z.output<typeof historyInterval>;
export type ProtocolHistoryPoint = ProtocolHistory["points"][number];
