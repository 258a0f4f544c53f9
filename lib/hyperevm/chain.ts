/** HyperEVM's block clock: the facts a block is estimated from a time with. */

/**
 * The newest block/time pair that is a fact: the block the recorded protocol summary names
 * (`source.block` 48,068,869 at `source.at` 2026-10-09 09:17:40 UTC;
 * docs/data-sources.md, "Facts the code relies on").
 * Settlement searches estimate a block from a time starting here.
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
 * A block at or before trading's first: the anchor's block plus one block a second since the
 * anchor. HyperEVM makes more than one block a second (papertrade-facts.md §12.5), so the block
 * of the opening second is at least this one. Scans for trades' events start no earlier.
 */
export const FIRST_TRADE_BLOCK_BOUND = BLOCK_TIME_ANCHOR.block +
  (TRADING_START_S - BLOCK_TIME_ANCHOR.timestamp);
