/**
 * The table of cached Hyperliquid info reads, one row each, as `PAPERTRADE_ENDPOINTS` is for the
 * Papertrade API: the README's lifetimes table is checked against both (`lib/cache/readme_test.ts`).
 * `l2Book` has no row: the live marks keep their own one-second quote (`lib/marks.ts`).
 */
import { CANDLE_SNAPSHOT_READ } from "./candles.ts";

export const HYPERLIQUID_READS = { candleSnapshot: CANDLE_SNAPSHOT_READ } as const;
