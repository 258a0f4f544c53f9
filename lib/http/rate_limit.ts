/**
 * Fixed-window rate limiting of tool calls per client (60 a minute by default). The limiter
 * counts whatever cost the caller says (one per tools/call, so a batch of five costs five)
 * and is all-or-nothing: a request whose cost does not fit in what is left of the window is
 * refused whole and consumes nothing, so a refused batch never half-runs.
 */
import { MemoryStore } from "./memory_store.ts";

/** What a store answers when asked to add `cost` to a counter. */
export interface StoreConsumeResult {
  /** Whether the cost fitted and was added. */
  allowed: boolean;
  /** The counter after the call (unchanged when refused). */
  count: number;
}

/** One spend request to a store. */
export interface StoreConsumeRequest {
  /** Start of the current fixed window (ms since the epoch). */
  windowStart: number;
  windowMs: number;
  cost: number;
  limit: number;
}

/** Where counters live: per isolate (MemoryStore) or shared (KvStore). */
export interface RateLimitStore {
  /**
   * Adds `cost` to the counter of `key` in the window starting at `windowStart`, unless the
   * result would pass `limit`. Must be atomic: two isolates must not both spend the last call.
   */
  consume(key: string, request: StoreConsumeRequest): Promise<StoreConsumeResult>;
}

/** The outcome of one limiter check. */
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  windowMs: number;
  /** Calls left in the current window after this decision. */
  remaining: number;
  /** Whole seconds until the window resets (at least 1), for `Retry-After`. */
  retryAfterSeconds: number;
  /** The cost that was asked for. */
  cost: number;
}

/** A configured limiter. */
export interface RateLimiter {
  readonly limit: number;
  readonly windowMs: number;
  /** Spends `cost` calls (default 1) of `key`'s budget, or refuses without spending. */
  consume(key: string, cost?: number): Promise<RateLimitDecision>;
}

/** Options of {@link createRateLimiter}. */
export interface RateLimiterOptions {
  /** Calls per window. Default 60. */
  limit?: number;
  /** Window length in ms. Default 60 000. */
  windowMs?: number;
  /** Counter store. Default a new MemoryStore (per isolate). */
  store?: RateLimitStore;
  /** Clock, for tests. */
  now?: () => number;
  /** Told when the store fails; the limiter then lets the call through. */
  onStoreError?: (error: unknown) => void;
}

/** Builds a limiter. A failing store lets calls through: a read-only service should stay up. */
export function createRateLimiter(options: RateLimiterOptions = {}): RateLimiter {
  const limit = options.limit ?? 60;
  const windowMs = options.windowMs ?? 60_000;
  const store = options.store ?? new MemoryStore();
  const now = options.now ?? Date.now;
  return {
    limit,
    windowMs,
    async consume(key: string, cost = 1): Promise<RateLimitDecision> {
      const time = now();
      const windowStart = Math.floor(time / windowMs) * windowMs;
      const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + windowMs - time) / 1000));
      const base = { limit, windowMs, retryAfterSeconds, cost };
      try {
        const result = await store.consume(key, { windowStart, windowMs, cost, limit });
        return { ...base, allowed: result.allowed, remaining: Math.max(0, limit - result.count) };
      } catch (error) {
        options.onStoreError?.(error);
        return { ...base, allowed: true, remaining: limit };
      }
    },
  };
}

/** A sentence saying what was limited and when to retry, for 429 bodies. */
export function describeRateLimit(decision: RateLimitDecision): string {
  const seconds = Math.round(decision.windowMs / 1000);
  const asked = decision.cost === 1 ? "1 tool call" : `${decision.cost} tool calls`;
  return `Rate limit exceeded: at most ${decision.limit} tool calls per client every ${seconds} s ` +
    `(each call in a batch counts). This request needed ${asked}; ${decision.remaining} left ` +
    `in this window. Retry after ${decision.retryAfterSeconds} s.`;
}
