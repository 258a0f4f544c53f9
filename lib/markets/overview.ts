/**
 * The protocol overview: value locked, fees, PAPER, the payout queue, whether the relayer takes
 * intents, every market at its live mark with open interest against its cap, and the latest
 * trades, for the home page, the markets pages and get_protocol_overview. The reads run in
 * parallel; each one that fails leaves only its own part out (named in `unavailable`).
 */
import type { MarketStats, QueueSummary, TradingState } from "../papertrade/mod.ts";
import { Parts } from "../parts.ts";
import {
  capUsage,
  isOpenable,
  isUncappedCap,
  marketStatus,
  openInterestUsdWad,
} from "../math/mod.ts";
import { fetchLiveMarks, type Mark, type MarketSources } from "../marks.ts";
import { readWinFee } from "../position/mod.ts";

/** One market in the overview. USD values are wad; prices raw at `priceScale`. */
export type MarketOverview = ReturnType<typeof marketsOf>[number];

/** The whole overview; each part is null or empty when its read failed (see `unavailable`). */
export type ProtocolOverview = Awaited<ReturnType<typeof fetchProtocolOverview>>;

/**
 * The overview (the marks follow the trading state). A read's error propagates only when nothing
 * usable arrived, or with `requireMarkets` (the markets pages) when the markets are missing.
 * `recentTrades`: how many latest trades (0 skips the feed); `winFee`: read the Exchange's win fee.
 */
export async function fetchProtocolOverview(
  sources: MarketSources,
  options: {
    recentTrades?: number;
    requireMarkets?: boolean;
    winFee?: boolean;
    signal?: AbortSignal;
  } = {},
) {
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
    /** The venue's rules; null without the trading state (no `markets` then). */
    rules: trading,
    /** The Exchange's win fee (a wad fraction); also null when not asked for. */
    winFeeRate,
    /** Wallets waiting in the payout queue. */
    queueWallets: queue && queue.count,
    /** Whether the relayer accepts intents now (healthy and ready); null when unknown. */
    relayerAccepting: health && health.ok && health.ready,
    /** Marks are null without a live quote, volumes null without market stats. */
    markets: trading ? marketsOf(trading, marks ?? new Map(), stats) : [],
    recentTrades: trades ? trades.trades.slice(0, recent) : [],
    unavailable: parts.unavailable,
    /** Malformed feed rows left out. */
    rowsSkipped: trades?.rowsSkipped ?? 0,
  };
}

/** Each instrument of the trading state at its mark (market stats give the 24 h volumes). */
export function marketsOf(
  trading: TradingState,
  marks: ReadonlyMap<number, Mark>,
  stats: MarketStats | null,
) {
  const volumes = new Map((stats?.markets ?? []).map((m) => [m.instrumentId, m.volume24h]));
  return trading.instruments.map((instrument) => {
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
      /** Open interest valued at the mark; null without a mark. */
      longOiUsd: usd(longOi),
      shortOiUsd: usd(shortOi),
      /** Caps valued at the mark; null when uncapped or without a mark. */
      longCapUsd: capUsd(longCap),
      shortCapUsd: capUsd(shortCap),
      /** Share of each side's cap in use, percent wad; null when uncapped. */
      longCapUsedPercent: capUsage({ oiBaseWad: longOi, capBaseWad: longCap }),
      shortCapUsedPercent: capUsage({ oiBaseWad: shortOi, capBaseWad: shortCap }),
      volume24h: stats ? volumes.get(instrument.id) ?? null : null,
    };
  });
}
