/**
 * Pure mappers from validated wire outputs (see wire.ts) to domain objects (see types.ts).
 * Wallet stream mappers live in `to_domain_wallet.ts`.
 */
import type { z } from "zod";
import * as wire from "./wire.ts";
import { parseRows } from "./_rows.ts";
import type {
  Instrument,
  LeaderboardPage,
  LeaderboardRow,
  MarketStats,
  ProtocolHistory,
  ProtocolSummary,
  QueueSummary,
  RecentTrade,
  RecentTradeList,
  RelayerHealth,
  Trade,
  TradeHistoryPage,
  TradingState,
} from "./types.ts";
import { netPnlWad } from "../math/net_pnl.ts";

type Out<T extends z.ZodType> = z.output<T>;

/**
 * A validated body that still cannot be mapped without losing meaning (a block number past
 * 2^53, history columns of different lengths). The client reports it as a `schema` error.
 */
export class WireShapeError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = "WireShapeError";
  }
}

/** The domain object a tuple of these slots maps to, field by field (checked against `Instrument`). */
type InstrumentOfSlots<T extends readonly (readonly [string, z.ZodType])[]> = {
  [I in keyof T & `${number}` as T[I][0]]: z.output<T[I][1]>;
};
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// Fails to type-check when a slot name or schema stops matching a field of `Instrument`.
const _slotsMatchInstrument: Same<InstrumentOfSlots<typeof wire.INSTRUMENT_SLOTS>, Instrument> =
  true;

/** Maps one 23-field instrument tuple. */
export function toInstrument(tuple: Out<typeof wire.instrumentTuple>): Instrument {
  return Object.fromEntries(
    wire.INSTRUMENT_SLOTS.map(([name], index) => [name, tuple[index]]),
  ) as unknown as Instrument;
}

/** Maps `/state/trading`. */
export function toTradingState(body: Out<typeof wire.tradingState>): TradingState {
  const intake = body.intakeControls;
  return {
    tradingPaused: body.tradingPaused,
    indexedThroughBlock: body.indexedThroughBlock,
    minimumMargin: body.minimumTradeSizeRaw,
    minimumOpenNotional: body.minimumOpenNotionalRaw,
    maximumLeverage: body.maximumLeverage,
    winFeeRate: body.winFeeRate,
    accRewardPerShare: body.accRewardPerShare,
    instruments: body.instruments.map(toInstrument),
    intakeControls: intake
      ? { revision: intake[0], paperStakeMinimum: intake[1], pausedActions: intake[2] }
      : null,
  };
}

/** Maps `/state/leaderboard/accounts`. */
export function toLeaderboardPage(
  body: Out<typeof wire.leaderboardPageEnvelope>,
): LeaderboardPage {
  const accounts = parseRows(
    body.accounts,
    wire.leaderboardRow,
    (row): LeaderboardRow => ({ ...row }),
    ["accounts"],
  );
  return {
    uniqueAccounts: body.summary.uniqueAccounts,
    trackedBalance: body.summary.trackedBalance,
    accounts: accounts.rows,
    rowsSkipped: accounts.skipped,
    totalPages: body.pageInfo.totalPages,
    totalItems: body.pageInfo.totalItems,
  };
}

/** Maps `/query/wallet/trades`. */
export function toTradeHistoryPage(
  body: Out<typeof wire.tradeHistoryEnvelope>,
): TradeHistoryPage {
  const trades = parseRows(body.trades, wire.tradeRow, (t): Trade => ({
    positionId: t.positionId,
    instrumentId: t.instrumentId,
    isLong: t.isLong,
    leverage: t.leverage,
    margin: t.marginRaw,
    entryPrice: t.entryPriceRaw,
    exitPrice: t.exitPriceRaw,
    openedAt: t.openedAt,
    closedAt: t.closedAt,
    liquidated: t.liquidated,
    adjustedPnl: t.adjustedPnlRaw,
    userPaidFee: t.userPaidFeeRaw,
    netPnl: netPnlWad(t.adjustedPnlRaw, t.userPaidFeeRaw),
    paperMinted: t.paperMintedRaw,
    intentId: t.intentId,
    txHash: t.txHash,
  }));
  return {
    wallet: body.wallet,
    trades: trades.rows,
    nextCursor: body.nextCursor,
    rowsSkipped: trades.skipped,
  };
}

/** Maps `/query/protocol/summary`. */
export function toProtocolSummary(body: Out<typeof wire.protocolSummary>): ProtocolSummary {
  const { balances, paper } = body;
  return {
    source: { block: safeNumber(body.source.block, "source.block"), at: body.source.at },
    balances: {
      tvl: balances.tvl,
      margin: balances.margin,
      lp: balances.lp,
      queue: balances.queue,
    },
    activity: { openPositions: body.activity.open, volume: body.activity.volume },
    fees: { ...body.fees },
    paper: { supply: paper.supply, staked: paper.staked },
  };
}

/** Maps `/query/protocol/market-stats`, ordered by instrument id. */
export function toMarketStats(body: Out<typeof wire.marketStats>): MarketStats {
  const markets = Object.entries(body.markets).map(([id, stats]) => ({
    instrumentId: safeNumber(BigInt(id), `markets[${JSON.stringify(id)}]`),
    volume24h: stats.volume_24h,
  }));
  markets.sort((a, b) => a.instrumentId - b.instrumentId);
  return { markets };
}

/** Maps `/query/protocol/queue-summary`. */
export function toQueueSummary(body: Out<typeof wire.queueSummary>): QueueSummary {
  return {
    source: { block: safeNumber(body.source.block, "source.block"), at: body.source.at },
    count: body.count,
  };
}

/** Maps `/query/protocol/trades/recent`, newest first as sent, dropping malformed rows. */
export function toRecentTrades(body: Out<typeof wire.recentTradesEnvelope>): RecentTradeList {
  const parsed = parseRows(body.events, wire.recentTradeRow, toRecentTrade, ["events"]);
  return Object.assign(parsed.rows, { rowsSkipped: parsed.skipped });
}

/** Maps one row of `/query/protocol/trades/recent`. */
export function toRecentTrade(e: Out<typeof wire.recentTradeRow>): RecentTrade {
  return {
    seq: e.seq,
    timestamp: e.ts,
    wallet: e.wallet,
    symbol: e.instrument,
    instrumentId: e.instrumentId,
    terminal: e.instrumentTerminal,
    isLong: e.side === null ? null : e.side === "long",
    leverage: e.leverage,
    notionalUsd: e.notionalUsd,
    intentId: e.intentId,
    positionId: e.positionId,
    kind: e.kind,
    entry: e.entry,
    exit: e.exit ?? null,
    pnlUsd: e.pnlUsd ?? null,
  };
}

/** Maps `/query/protocol/history`; refuses columns of different lengths (points would shift). */
export function toProtocolHistory(body: Out<typeof wire.protocolHistory>): ProtocolHistory {
  const { columns, totals } = body;
  const length = columns.tvl.length;
  for (const [name, values] of Object.entries(columns)) {
    if (values.length !== length) {
      throw new WireShapeError(
        `columns.${name} has ${values.length} points, expected ${length} like columns.tvl`,
      );
    }
  }
  return {
    intervalMs: body.intervalMs,
    asOfMs: body.source.asOfMs,
    points: columns.tvl.map((tvl, i) => ({
      at: body.startMs + i * body.intervalMs,
      valueLockedUsd: tvl,
      volumeBtcUsd: columns.volumeBtc[i],
      volumeEthUsd: columns.volumeEth[i],
      traders: columns.users[i],
      trades: columns.trades[i],
      liquidationsUsd: columns.liquidation[i],
      traderPnlUsd: columns.traderPnl[i],
      paperSupply: columns.paperSupply[i],
      paperStaked: columns.paperStaked[i],
    })),
    totals: {
      valueLocked: totals.tvlRaw,
      volume: totals.volumeRaw,
      liquidations: totals.liquidationRaw,
      stakingRewards: totals.rewardsRaw,
      stakerFees24h: totals.stakerFees24hRaw,
      traders: safeNumber(totals.usersRaw, "totals.usersRaw"),
      trades: safeNumber(totals.tradesRaw, "totals.tradesRaw"),
    },
  };
}

/** Maps `/relayer/health`. */
export function toRelayerHealth(body: Out<typeof wire.relayerHealth>): RelayerHealth {
  return { ok: body.ok, ready: body.ready };
}

/** A bigint that must fit a JS number exactly (block heights, ids). */
export function safeNumber(value: bigint, path: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new WireShapeError(`${path}: ${value} is too large for an exact number`);
  }
  return Number(value);
}
