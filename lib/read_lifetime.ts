/**
 * What a cached read declares about itself: the adapters' tables (`lib/papertrade/endpoints.ts`,
 * `lib/hyperevm/`) hold one per read and the read cache (`lib/cache/read_cache.ts`) follows it.
 * It sits at lib/'s root so that the adapters need not import the cache that wraps them.
 */
/**
 * How long one read is kept, and why (each Papertrade read's row in the endpoint table holds
 * its own; the README's lifetimes table is checked against them).
 */
export interface ReadLifetime {
  /** Answered from memory without asking the upstream. */
  freshMs: number;
  /**
   * After that, the kept answer is still served at once while one fresh read goes out in the
   * background (stale-while-revalidate).
   */
  revalidateMs: number;
  /**
   * When the upstream fails, the last good answer is served (labelled stale, with its time) for
   * this long after it was read (stale-if-error); also how long the copy in Deno KV lives.
   */
  lastGoodMs: number;
  /** Why these numbers fit the data. */
  reason: string;
}
