/**
 * The protocol overview: value locked, fees, PAPER, every market at its live mark with open
 * interest against its cap, and the latest trades. Shared by the home page and the
 * get_protocol_overview tool; the five upstream reads run in parallel.
 */
import type { PapertradeClient, RecentTrade } from "./papertrade/mod.ts";
import {
  capUsage,
  isOpenable,
  isUncappedCap,
  type MarketStatus,
  marketStatus,
  openInterestUsdWad,
} from "./math/mod.ts";
import { type Mark, marksByInstrument } from "./marks.ts";

/** One market in the overview. USD values are wad; prices raw at `priceScale`. */
export interface MarketOverview {
  instrumentId: number;
  symbol: string;
  priceScale: bigint;
  mark: Mark | null;
  status: MarketStatus;
  openable: boolean;
  maxLeverage: number;
  bustBuffer: bigint;
  maxPositionNotional: bigint;
  /** Open interest valued at the mark; null without a mark. */
  longOiUsd: bigint | null;
  shortOiUsd: bigint | null;
  /** Caps valued at the mark; null when uncapped or without a mark. */
  longCapUsd: bigint | null;
  shortCapUsd: bigint | null;
  /** Share of each side's cap in use, percent wad; null when uncapped. */
  longCapUsedPercent: bigint | null;
  shortCapUsedPercent: bigint | null;
  volume24h: bigint | null;
}

/** The whole overview. */
export interface ProtocolOverview {
  /** Time of the protocol summary (ms) and its block. */
  asOf: number;
  block: number;
  tradingPaused: boolean;
  tvl: bigint;
  lp: bigint;
  margin: bigint;
  lifetimeVolume: bigint;
  openPositions: number;
  feesLifetime: bigint;
  feesPending: bigint;
  paperSupply: bigint;
  paperStaked: bigint;
  stakingRewardsPending: bigint;
  queueOwed: bigint;
  queueCount: number;
  minimumMargin: bigint;
  minimumOpenNotional: bigint;
  winFeeRate: bigint;
  markets: MarketOverview[];
  recentTrades: RecentTrade[];
}

/** Options of {@link fetchProtocolOverview}. */
export interface FetchProtocolOverviewOptions {
  /** How many latest trades to include (0 skips the feed). */
  recentTrades?: number;
  signal?: AbortSignal;
}

/** Reads and assembles the protocol overview. Upstream errors propagate unchanged. */
export async function fetchProtocolOverview(
  papertrade: PapertradeClient,
  options: FetchProtocolOverviewOptions = {},
): Promise<ProtocolOverview> {
  const { signal } = options;
  const recent = options.recentTrades ?? 10;
  const [trading, prices, summary, stats, trades] = await Promise.all([
    papertrade.fetchTradingState({ signal }),
    papertrade.fetchLatestPrices({ signal }),
    papertrade.fetchProtocolSummary({ signal }),
    papertrade.fetchMarketStats({ signal }),
    recent > 0 ? papertrade.fetchRecentTrades({ limit: recent, signal }) : Promise.resolve([]),
  ]);
  const marks = marksByInstrument(trading.instruments, prices);
  const volumes = new Map(stats.markets.map((m) => [m.instrumentId, m.volume24h]));
  const markets = trading.instruments.map((instrument): MarketOverview => {
    const mark = marks.get(instrument.id) ?? null;
    const usd = (base: bigint) =>
      mark
        ? openInterestUsdWad({
          oiBaseWad: base,
          markRaw: mark.markRaw,
          priceScale: mark.priceScale,
        })
        : null;
    const capUsd = (cap: bigint) => (isUncappedCap(cap) || cap === 0n ? null : usd(cap));
    return {
      instrumentId: instrument.id,
      symbol: instrument.symbol,
      priceScale: instrument.priceScale,
      mark,
      status: marketStatus(instrument, trading.tradingPaused),
      openable: isOpenable(instrument, trading.tradingPaused),
      maxLeverage: instrument.maxLeverage,
      bustBuffer: instrument.bustBuffer,
      maxPositionNotional: instrument.maxPositionNotional,
      longOiUsd: usd(instrument.longOi),
      shortOiUsd: usd(instrument.shortOi),
      longCapUsd: capUsd(instrument.longCap),
      shortCapUsd: capUsd(instrument.shortCap),
      longCapUsedPercent: capUsage({
        oiBaseWad: instrument.longOi,
        capBaseWad: instrument.longCap,
      }),
      shortCapUsedPercent: capUsage({
        oiBaseWad: instrument.shortOi,
        capBaseWad: instrument.shortCap,
      }),
      volume24h: volumes.get(instrument.id) ?? null,
    };
  });
  return {
    asOf: summary.source.at,
    block: summary.source.block,
    tradingPaused: trading.tradingPaused,
    tvl: summary.balances.tvl,
    lp: summary.balances.lp,
    margin: summary.balances.margin,
    lifetimeVolume: summary.activity.volume,
    openPositions: summary.activity.openPositions,
    feesLifetime: summary.fees.lifetime,
    feesPending: summary.fees.pending,
    paperSupply: summary.paper.supply,
    paperStaked: summary.paper.staked,
    stakingRewardsPending: summary.pendingRewards,
    queueOwed: summary.queue.total,
    queueCount: summary.queue.count,
    minimumMargin: trading.minimumMargin,
    minimumOpenNotional: trading.minimumOpenNotional,
    winFeeRate: trading.winFeeRate,
    markets,
    recentTrades: trades.slice(0, recent),
  };
}
