/**
 * A short-lived cache of the chain head (latest block number), shared by every request on one
 * client, so back-to-back look-ups skip the `eth_blockNumber` round trip. The cached head may
 * trail the chain by up to the TTL's worth of blocks; readers that need the real head must
 * allow for that (findIntentSettlement runs its newest window to "latest" with slack).
 */

/** How long a head read is reused: 5 s, about 6 HyperEVM blocks at 1.15 or more a second. */
export const HEAD_CACHE_TTL_MS = 5_000;

/** Options of {@link createHeadCache}. */
export interface HeadCacheOptions {
  /** How long a read is reused, in ms (default {@link HEAD_CACHE_TTL_MS}); 0 disables reuse. */
  ttlMs?: number;
  /** Monotonic clock in ms (default `performance.now`); tests pass their own. */
  now?: () => number;
}

/** A cached head block number; see {@link createHeadCache}. */
export interface HeadCache {
  /** How long a read is reused, in ms. */
  readonly ttlMs: number;
  /**
   * The head: the cached value while younger than the TTL, else a new read. Concurrent callers
   * share one in-flight read; a failed read caches nothing and rejects every caller sharing it.
   */
  get(): Promise<bigint>;
  /** Forgets the cached head (and any read in flight), so the next get reads the chain again. */
  clear(): void;
}

/** Return type of {@link createHeadCache}. */
export type CreateHeadCacheReturnType = HeadCache;

/**
 * Caches `read` (normally the client's uncached `eth_blockNumber`) for `ttlMs`.
 *
 * @throws {RangeError} when ttlMs is negative or not finite.
 */
export function createHeadCache(
  read: () => Promise<bigint>,
  options: HeadCacheOptions = {},
): CreateHeadCacheReturnType {
  const ttlMs = options.ttlMs ?? HEAD_CACHE_TTL_MS;
  if (!Number.isFinite(ttlMs) || ttlMs < 0) {
    throw new RangeError(`ttlMs must be a finite number of ms, at least 0, got ${ttlMs}`);
  }
  const now = options.now ?? (() => performance.now());
  let cached: { head: bigint; readAt: number } | null = null;
  let inFlight: Promise<bigint> | null = null;
  // Bumped by clear(): a read started before it must neither fill the cache nor be shared.
  let generation = 0;

  function start(): Promise<bigint> {
    const mine = generation;
    // Age counts from when the read was sent: the answer is at least that fresh, never fresher
    // than the moment the node produced it, so measuring from the start errs on the safe side.
    const readAt = now();
    const pending = read().then(
      (head) => {
        if (generation === mine) {
          cached = { head, readAt };
          inFlight = null;
        }
        return head;
      },
      (error) => {
        if (generation === mine) {
          // A failure must not leave an old head looking usable past its TTL or a rejected
          // promise shared with later callers: the next get reads again.
          cached = null;
          inFlight = null;
        }
        throw error;
      },
    );
    inFlight = pending;
    return pending;
  }

  return {
    ttlMs,
    get() {
      if (cached !== null && now() - cached.readAt < ttlMs) return Promise.resolve(cached.head);
      return inFlight ?? start();
    },
    clear() {
      generation += 1;
      cached = null;
      inFlight = null;
    },
  };
}
