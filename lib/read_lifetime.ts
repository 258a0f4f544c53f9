/**
 * How long one cached read is kept, and why: the adapters' tables (`lib/papertrade/endpoints.ts`,
 * `lib/hyperevm/`) hold one per read (the README's lifetimes table is checked against them) and
 * `lib/cache/read_cache.ts` follows it. At lib/'s root so the adapters need not import the cache
 * that wraps them.
 */
export interface ReadLifetime {
  /** Answered from memory without asking the upstream. */
  freshMs: number;
  /** Then served at once while one fresh read goes out (stale-while-revalidate). */
  revalidateMs: number;
  /**
   * While the upstream fails, the last good answer is served (labelled stale) this long after it
   * was read (stale-if-error); also the Deno KV copy's lifetime.
   */
  lastGoodMs: number;
  /** Why these numbers fit the data. */
  reason: string;
}
