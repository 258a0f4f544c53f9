/**
 * A bounded in-memory cache of upstream reads with single flight, stale-while-revalidate and
 * stale-if-error. Keys are whole reads (method and parameters); each read passes its
 * {@link ReadLifetime}. Time comes from an injected clock, so tests move time instead of sleeping.
 */
import { noteStaleRead } from "./freshness.ts";
import type { ReadLifetime } from "../read_lifetime.ts";

export type { ReadLifetime } from "../read_lifetime.ts";

/** A second home for last good answers (Deno KV), read only when memory has none. */
export interface LastGoodStore {
  get(key: string): Promise<{ value: unknown; storedAt: number } | undefined>;
  /** Keeps `value` for `keepMs`; failures are the store's to report, never the caller's. */
  set(key: string, value: unknown, storedAt: number, keepMs: number): Promise<void>;
}

/**
 * The clock (of the `as_of` labels), the bounds (least recently used first past `maxEntries` or
 * `maxBytes` by {@link estimateBytes}), a store of last good answers for a fresh process in an
 * outage (written at most every `persistEveryMs` per key), and which failures a stale copy answers.
 */
export interface ReadCacheOptions {
  now?: () => number;
  maxEntries?: number;
  maxBytes?: number;
  lastGood?: LastGoodStore;
  persistEveryMs?: number;
  /**
   * After a failed read, the last good answer is served without asking the upstream again for
   * this long (default 2 s), so an outage does not turn every view into a slow failing request.
   */
  retryAfterErrorMs?: number;
  isOutage?: (error: unknown) => boolean;
}

export type ReadCache = ReturnType<typeof createReadCache>;

interface Entry {
  value: unknown;
  storedAt: number;
  bytes: number;
  persistedAt: number;
  failedAt: number;
}

export function createReadCache(options: ReadCacheOptions = {}) {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 2_000;
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  const persistEveryMs = options.persistEveryMs ?? 30_000;
  const retryAfterErrorMs = options.retryAfterErrorMs ?? 2_000;
  const isOutage = options.isOutage ?? (() => true);
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<unknown>>();
  const counters = { loads: 0, hits: 0, staleServed: 0 };
  let bytes = 0;

  function forget(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  }

  function keep(key: string, kept: Omit<Entry, "bytes">): Entry {
    forget(key);
    const entry = { ...kept, bytes: estimateBytes(kept.value) + key.length * 2 };
    // An answer bigger than a quarter of the budget would evict everything else: not kept.
    if (entry.bytes > maxBytes / 4) return entry;
    entries.set(key, entry);
    bytes += entry.bytes;
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      forget(oldest);
    }
    return entry;
  }

  function load<T>(key: string, lifetime: ReadLifetime, run: () => Promise<T>): Promise<T> {
    const running = inFlight.get(key);
    if (running) return running as Promise<T>;
    counters.loads++;
    const loading = (async () => {
      try {
        const value = deepFreeze(await run());
        const storedAt = now();
        const previous = entries.get(key);
        const persistedAt = previous?.persistedAt ?? Number.NEGATIVE_INFINITY;
        const persist = options.lastGood !== undefined && storedAt - persistedAt >= persistEveryMs;
        keep(key, {
          value,
          storedAt,
          persistedAt: persist ? storedAt : persistedAt,
          failedAt: Number.NEGATIVE_INFINITY,
        });
        if (persist) void options.lastGood!.set(key, value, storedAt, lifetime.lastGoodMs);
        return value;
      } catch (error) {
        const entry = entries.get(key);
        if (entry) entry.failedAt = now();
        throw error;
      } finally {
        inFlight.delete(key);
      }
    })();
    inFlight.set(key, loading);
    return loading;
  }

  async function lastGood(key: string, lifetime: ReadLifetime): Promise<Entry | undefined> {
    let entry = entries.get(key);
    if (!entry && options.lastGood) {
      const stored = await options.lastGood.get(key).catch(() => undefined);
      if (stored) {
        entry = keep(key, {
          value: deepFreeze(stored.value),
          storedAt: stored.storedAt,
          persistedAt: stored.storedAt,
          failedAt: now(),
        });
      }
    }
    if (!entry || now() - entry.storedAt > lifetime.lastGoodMs) return undefined;
    return entry;
  }

  function serveStale<T>(key: string, entry: Entry): T {
    counters.staleServed++;
    noteStaleRead({ key, asOf: entry.storedAt, ageMs: now() - entry.storedAt });
    return entry.value as T;
  }

  return {
    /**
     * The answer for `key`: kept, shared with a read in flight, or loaded. `signal` only stops
     * this caller waiting: the load itself is shared and runs on.
     */
    async getOrLoad<T>(
      key: string,
      lifetime: ReadLifetime,
      run: () => Promise<T>,
      signal?: AbortSignal,
    ): Promise<T> {
      const entry = entries.get(key);
      if (entry) {
        const age = now() - entry.storedAt;
        // A read since this copy was stored has failed (or it came back from KV because one
        // did): the upstream is down, so every reader gets it labelled, not only the first.
        const failing = entry.failedAt >= entry.storedAt;
        if (age < lifetime.freshMs + lifetime.revalidateMs) {
          entries.delete(key); // most recently used last
          entries.set(key, entry);
          // Past fresh: served now; one background read brings the next answer. Its failure
          // is kept on the entry (failedAt), which labels the copy stale from then on.
          if (age >= lifetime.freshMs) load(key, lifetime, run).catch(() => {});
          if (failing) return serveStale(key, entry);
          counters.hits++;
          return entry.value as T;
        }
        if (now() - entry.failedAt < retryAfterErrorMs && age <= lifetime.lastGoodMs) {
          return serveStale(key, entry);
        }
      }
      try {
        return await untilAborted(load(key, lifetime, run), signal);
      } catch (error) {
        if (signal?.aborted || !isOutage(error)) throw error;
        const kept = await lastGood(key, lifetime);
        if (!kept) throw error;
        return serveStale(key, kept);
      }
    },
    /**
     * Counters for tests and benchmarks: reads that went to the upstream (`loads`), were answered
     * from memory while fresh or revalidating (`hits`), or with a last good copy after a failure.
     */
    stats: () => ({ entries: entries.size, bytes, ...counters }),
  };
}

/** `promise`, or a rejection with the signal's reason as soon as it aborts. */
function untilAborted<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) {
    // The read goes on for the cache (and other readers); its failure is theirs to handle, and
    // left unheard here it would be an unhandled rejection, which ends a Deno process.
    promise.catch(() => {});
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

// Kept answers are shared by every reader: freezing them turns an accidental in-place edit
// by one reader into an error instead of a silent change for all the others.
function deepFreeze<T>(value: T): T {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
  return value;
}

/** Bytes of `value` as UTF-16 JSON (bigints as digits): a stable estimate of its memory size. */
export function estimateBytes(value: unknown): number {
  const json = JSON.stringify(
    value,
    (_key, item) =>
      typeof item === "bigint"
        ? item.toString()
        : item instanceof Map || item instanceof Set
        ? [...item]
        : item,
  );
  return (json?.length ?? 0) * 2;
}
