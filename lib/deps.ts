/** What routes need at run time, built once per process from the configuration. */
import type { AppConfig } from "./config.ts";
import type { PapertradeClient } from "./papertrade/mod.ts";
import type { HyperEvmClient } from "./hyperevm/client.ts";
import type { QuoteSource } from "./marks.ts";
import type { CandleReader } from "./hyperliquid/candles.ts";

export interface AppDeps {
  config: AppConfig;
  papertrade: PapertradeClient;
  hyperevm: HyperEvmClient;
  /** Live quotes for the marks: the BBO precompile, then Hyperliquid's l2Book. */
  quotes: QuoteSource;
  /**
   * Hyperliquid's candles, cached (history older than our own samples); absent, the charts draw the
   * samples alone.
   */
  candles?: CandleReader;
  /** Clock in ms; tests and the replay upstream may pin it. */
  now: () => number;
}
