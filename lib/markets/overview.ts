/**
 * The protocol overview: value locked, fees, PAPER, the payout queue, whether the relayer takes
 * intents, every market at its live mark with open interest against its cap, and the latest
 * trades. Shared by the home page, the markets pages and the get_protocol_overview tool; the
 * upstream reads run in parallel, and each one that fails leaves only its own part out.
 */
import type {
  MarketStats,
  ProtocolSummary,
  QueueSummary,
  RecentTrade,
  TradingState,
} from "../papertrade/mod.ts";
import { Parts, type UnavailablePart } from "../parts.ts";
import {
  capUsage,
  isOpenable,
  isUncappedCap,
  type MarketStatus,
  marketStatus,
  openInterestUsdWad,
} from "../math/mod.ts";
import { fetchLiveMarks, type Mark, type MarketSources } from "../marks.ts";
import { readWinFee } from "../position/mod.ts";

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

/** The whole overview; each part is null or empty when its read failed (see `unavailable`). */
export interface ProtocolOverview {
  totals: ProtocolSummary | null;
  /** The venue's rules; null when the trading state could not be read (no `markets` then). */
  rules: TradingState | null;
  /** The Exchange's win fee (a wad fraction); also null when not asked for (`winFee`). */
  winFeeRate: bigint | null;
  /** Wallets waiting in the payout queue. */
  queueWallets: number | null;
  /** Whether the relayer accepts intents now (healthy and ready); null when unknown. */
  relayerAccepting: boolean | null;
  /** Marks are null without a live quote, volumes null without market stats. */
  markets: MarketOverview[];
  recentTrades: RecentTrade[];
  unavailable: UnavailablePart[];
  /** Malformed feed rows left out. */
  rowsSkipped: number;
}

/**
 * Reads and assembles the protocol overview from parallel reads (the marks follow the trading
 * state). A read that fails leaves its part out and is named in `unavailable`; only when
 * nothing usable arrived (or `requireMarkets`, the markets pages', and they are missing) does its
 * error propagate. `recentTrades`: how many latest trades (0 skips the feed); `winFee`: read the
 * Exchange's win fee too (a market's page shows it).
 */
export async function fetchProtocolOverview(
  sources: MarketSources,
  options: {
    recentTrades?: number;
    requireMarkets?: boolean;
    winFee?: boolean;
    signal?: AbortSignal;
  } = {},
): Promise<ProtocolOverview> {
  const { papertrade, quotes } = sources;
  const { signal } = options;
  const recent = options.recentTrades ?? 10;
  const tradingRead = papertrade.read("tradingState", {}, { signal });
  const parts = new Parts();
  const feeRead = options.winFee ? readWinFee(sources, parts) : Promise.resolve(null);
  const settled = await Promise.allSettled([
    tradingRead,
    tradingRead.then((t) => fetchLiveMarks(quotes, t.instruments, { signal })),
    papertrade.read("protocolSummary", {}, { signal }),
    papertrade.read("marketStats", {}, { signal }),
    recent > 0 ? papertrade.read("recentTrades", {}, { signal }) : Promise.resolve(null),
    papertrade.read("queueSummary", {}, { signal }),
    papertrade.read("relayerHealth", {}, { signal }),
  ]);
  const winFeeRate = await feeRead;
  const trading = parts.settled(settled[0]);
  // Without the trading state there is nothing to mark, and its failure is named once.
  const marks = trading && parts.settled(settled[1], "live marks");
  const summary = parts.settled(settled[2]);
  const stats = parts.settled(settled[3]);
  const trades = parts.settled(settled[4]);
  const queue: QueueSummary | null = parts.settled(settled[5]);
  const health = parts.settled(settled[6]);
  // Marks, volumes, the queue count and the relayer mean little without markets or totals.
  const nothingUsable = !trading && !summary && !(recent > 0 && trades);
  if (nothingUsable || (options.requireMarkets && !trading)) {
    throw settled.find((r): r is PromiseRejectedResult => r.status === "rejected")!.reason;
  }
  return {
    totals: summary,
    rules: trading,
    winFeeRate,
    queueWallets: queue && queue.count,
    relayerAccepting: health && health.ok && health.ready,
    markets: trading ? marketsOf(trading, marks ?? new Map(), stats) : [],
    recentTrades: trades ? trades.trades.slice(0, recent) : [],
    unavailable: parts.unavailable,
    rowsSkipped: trades?.rowsSkipped ?? 0,
  };
}

/** Each instrument of the trading state at its mark (market stats give the 24 h volumes). */
export function marketsOf(
  trading: TradingState,
  marks: ReadonlyMap<number, Mark>,
  stats: MarketStats | null,
): MarketOverview[] {
  const volumes = new Map((stats?.markets ?? []).map((m) => [m.instrumentId, m.volume24h]));
  return trading.instruments.map((instrument): MarketOverview => {
    const mark = marks.get(instrument.id) ?? null;
    const usd = (oiBaseWad: bigint) =>
      mark && openInterestUsdWad({ oiBaseWad, markRaw: mark.markRaw, priceScale: mark.priceScale });
    const capUsd = (cap: bigint) => (isUncappedCap(cap) || cap === 0n ? null : usd(cap));
    const { symbol, priceScale, maxLeverage, bustBuffer, maxPositionNotional } = instrument;
    const { longOi, shortOi, longCap, shortCap } = instrument;
    return {
      instrumentId: instrument.id,
      symbol,
      priceScale,
      mark,
      status: marketStatus(instrument, trading.tradingPaused),
      openable: isOpenable(instrument, trading.tradingPaused),
      maxLeverage,
      bustBuffer,
      maxPositionNotional,
      longOiUsd: usd(longOi),
      shortOiUsd: usd(shortOi),
      longCapUsd: capUsd(longCap),
      shortCapUsd: capUsd(shortCap),
      longCapUsedPercent: capUsage({ oiBaseWad: longOi, capBaseWad: longCap }),
      shortCapUsedPercent: capUsage({ oiBaseWad: shortOi, capBaseWad: shortCap }),
      volume24h: stats ? volumes.get(instrument.id) ?? null : null,
    };
  });
}
