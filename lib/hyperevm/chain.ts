/** HyperEVM's block clock: the facts a block is estimated from a time with. */

/**
 * The newest fact block/time pair, where settlement searches start: the recorded protocol
 * summary's `source.block` 48,068,869 at `source.at` 2026-10-09 09:17:40 UTC
 * (docs/data-sources.md, "Facts the code relies on").
 */
export const BLOCK_TIME_ANCHOR = { block: 48_068_869n, timestamp: 1_791_537_460n } as const;

/**
 * HyperEVM's block rate, blocks per second: at least 1.146 between two fact pairs, and it varies
 * (docs/data-sources.md). Only a first guess; searches correct it with block times they read.
 */
export const BLOCKS_PER_SECOND = 1.15;

/**
 * Trading opened at 14:00 UTC on 2026-10-10 (papertrade-facts.md §1), unix seconds: no position
 * was opened, so none was liquidated, before it.
 */
export const TRADING_START_S = 1_791_640_800n;

/**
 * A block at or before trading's first, where trade scans start: the anchor plus one block a
 * second, as HyperEVM makes more than one a second (papertrade-facts.md §12.5).
 */
export const FIRST_TRADE_BLOCK_BOUND = BLOCK_TIME_ANCHOR.block +
  (TRADING_START_S - BLOCK_TIME_ANCHOR.timestamp);
