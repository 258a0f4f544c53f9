/**
 * The markets and overview feature's public face: the protocol overview, the explorer's own mark
 * and open-interest samples, the chart series drawn from them and the shared price poller.
 */
export {
  fromFirstActivity,
  HISTORY_INTERVALS,
  isHistoryInterval,
  marketPriceChart,
  openInterestSeries,
  positionMarkChart,
  protocolCharts,
  SINCE_LAUNCH,
} from "./chart_series.ts";
export { sharedMarkSamples } from "./mark_samples.ts";
export { MARKET_HISTORY_TIERS } from "../kv/series.ts";
export { type PriceHistory, readPriceHistory } from "./price_history.ts";
export { CANDLE_LABEL } from "../hyperliquid/candles.ts";
export { type MarketFeed, type MarketState, sharedMarketFeed } from "./market_feed.ts";
export { feedTradeJson, overviewJson } from "./model.ts";
export {
  HISTORY_META_INTERVAL,
  HISTORY_META_KEY,
  HISTORY_META_POINTS,
  historyMeta,
  historyMetaSchema,
} from "./history_meta.ts";
export { fetchProtocolOverview, type MarketOverview, type ProtocolOverview } from "./overview.ts";
