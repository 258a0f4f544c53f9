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
