/**
 * Rate limiting of tool calls per client: at most 60 in any 60 s by default, counted with an
 * exact sliding log (see `limit_store.ts`). The limiter counts whatever cost the caller says
 * (one per tools/call, so a batch of five costs five) and is all-or-nothing: a request whose
 * cost does not fit is refused whole and consumes nothing, so a refused batch never half-runs.
 * A store that cannot count (KV locked or down) refuses the call as unavailable (503), never
 * lets it through.
 */
import { MemoryStore } from "./memory_store.ts";
import { msUntilFits, type RateLimitStore } from "./limit_store.ts";
import { describeErrorOnOneLine, oncePerInterval } from "./log_line.ts";

export type { RateLimitStore, StoreConsumeRequest, StoreConsumeResult } from "./limit_store.ts";

export interface RateLimitDecision {
  allowed: boolean;
  /** True when the store could not count the call: refused as unavailable (503), not limited. */
  unavailable?: true;
  limit: number;
  windowMs: number;
  /** Calls that would be allowed right after this decision. */
  remaining: number;
  /** When refused, whole seconds (at least 1) until this cost fits (`Retry-After`); else 0. */
  retryAfterSeconds: number;
  cost: number;
}

export interface RateLimiter {
  readonly limit: number;
  readonly windowMs: number;
  /** Spends `cost` calls (default 1) of `key`'s budget, or refuses without spending. */
  consume(key: string, cost?: number): Promise<RateLimitDecision>;
}

/** Options of {@link createRateLimiter}: 60 calls per 60 s in a new MemoryStore by default. */
export interface RateLimiterOptions {
  limit?: number;
  windowMs?: number;
  store?: RateLimitStore;
  now?: () => number;
  /** Where store failures are told, at most once a minute. Default console.error. */
  log?: (line: string) => void;
}

export function createRateLimiter(options: RateLimiterOptions = {}): RateLimiter {
  const limit = options.limit ?? 60;
  const windowMs = options.windowMs ?? 60_000;
  const store = options.store ?? new MemoryStore();
  const now = options.now ?? Date.now;
  const logStoreFailure = oncePerInterval(60_000, options.log ?? console.error, now);
  return {
    limit,
    windowMs,
    async consume(key: string, cost = 1): Promise<RateLimitDecision> {
      const request = { now: now(), windowMs, limit, cost };
      const decision = { limit, windowMs, cost };
      try {
        const { allowed, log } = await store.consume(key, request);
        const waitMs = allowed ? 0 : msUntilFits(log, request);
        const retryAfterSeconds = allowed ? 0 : Math.max(1, Math.ceil(waitMs / 1000));
        return { ...decision, allowed, remaining: limit - log.length, retryAfterSeconds };
      } catch (error) {
        logStoreFailure(
          `[rate-limit] the store could not count a tool call, so it was refused with 503: ${
            describeErrorOnOneLine(error)
          }`,
        );
        // Retry after one second.
        return {
          ...decision,
          allowed: false,
          unavailable: true,
          remaining: 0,
          retryAfterSeconds: 1,
        };
      }
    },
  };
}

/** The HTTP status of a refusal: 503 when the store failed, else 429. */
export function refusalStatus(decision: RateLimitDecision): 429 | 503 {
  return decision.unavailable ? 503 : 429;
}

/** A sentence saying what was limited and when to retry, for 429 and 503 bodies. */
export function describeRateLimit(decision: RateLimitDecision): string {
  const retry = `Retry after ${decision.retryAfterSeconds} s.`;
  if (decision.unavailable) {
    return `The rate limiter could not count this request, so it was refused rather than run ` +
      `unchecked. ${retry}`;
  }
  const seconds = Math.round(decision.windowMs / 1000);
  const asked = decision.cost === 1 ? "1 tool call" : `${decision.cost} tool calls`;
  return `Rate limit exceeded: at most ${decision.limit} tool calls per client in any ${seconds} s ` +
    `(each call in a batch counts). This request needed ${asked}; ${decision.remaining} left ` +
    `right now. ${retry}`;
}
