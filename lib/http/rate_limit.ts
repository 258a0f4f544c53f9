/**
 * Rate limiting of tool calls per client (60 a minute by default) with GCRA (see
 * `limit_store.ts`): a sliding window without edges. The limiter counts whatever cost the
 * caller says (one per tools/call, so a batch of five costs five) and is all-or-nothing: a
 * request whose cost does not fit is refused whole and consumes nothing, so a refused batch
 * never half-runs.
 */
import { MemoryStore } from "./memory_store.ts";
import type { RateLimitStore } from "./limit_store.ts";

export type { RateLimitStore, StoreConsumeRequest, StoreConsumeResult } from "./limit_store.ts";

/** The outcome of one limiter check. */
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  windowMs: number;
  /** Calls that would be allowed right after this decision. */
  remaining: number;
  /**
   * Whole seconds (at least 1) until this request's cost would fit when refused, or until the
   * budget is full again when allowed; rounded up, so retrying then succeeds. For `Retry-After`.
   */
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
  const emissionMs = windowMs / limit;
  return {
    limit,
    windowMs,
    async consume(key: string, cost = 1): Promise<RateLimitDecision> {
      const time = now();
      try {
        const result = await store.consume(key, { now: time, windowMs, emissionMs, cost });
        const used = Math.max(0, result.tat - time);
        const remaining = Math.max(0, Math.floor((windowMs - used) / emissionMs + 1e-9));
        // Refused: wait until the TAT has come down far enough for `cost` more to fit.
        const waitMs = result.allowed ? used : used + cost * emissionMs - windowMs;
        const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000 - 1e-9));
        return { limit, windowMs, cost, allowed: result.allowed, remaining, retryAfterSeconds };
      } catch (error) {
        options.onStoreError?.(error);
        return { limit, windowMs, cost, allowed: true, remaining: limit, retryAfterSeconds: 1 };
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
    `right now. Retry after ${decision.retryAfterSeconds} s.`;
}
