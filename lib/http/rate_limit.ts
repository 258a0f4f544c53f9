/**
 * Tool calls per client (keyed by `client_key.ts`), across `/mcp` and `/api/tools/*`: at most 60
 * in any 60 s by default, counted in memory or in Deno KV.
 *
 * An exact sliding log: each key holds its call times of the last window, oldest first (a batch
 * of n calls is n entries). A call of cost n fits when the live entries plus n fit in `limit`,
 * so no window-long span, wherever it starts, holds more than `limit` calls, and the wait of a
 * refused call is exact. A cost that does not fit is refused whole (a batch never half-runs); a
 * store that cannot count (KV locked or down) refuses with 503, never lets the call through.
 */
import { kvConfigured, type KvEnv as Env, openSharedKv } from "../kv.ts";
import { retryLocked } from "../kv/retry.ts";
import { describeErrorOnOneLine, oncePerInterval } from "./log_line.ts";

/** At most `limit` calls fit in any `windowMs` span. */
export interface StoreConsumeRequest {
  now: number;
  windowMs: number;
  limit: number;
  cost: number;
}

/** Whether the cost fitted (and was spent), and the key's call times in the window after it. */
export interface StoreConsumeResult {
  allowed: boolean;
  log: readonly number[];
}

/** Where call logs live: per isolate ({@link MemoryStore}) or shared ({@link KvStore}). */
export interface RateLimitStore {
  /**
   * {@link slidingLogStep}, saved atomically (two isolates never both spend the last call);
   * rejects when the store cannot settle the count.
   */
  consume(key: string, request: StoreConsumeRequest): Promise<StoreConsumeResult>;
}

function slidingLogStep(
  stored: readonly number[] | undefined,
  { now, windowMs, limit, cost }: StoreConsumeRequest,
): StoreConsumeResult {
  const live = (stored ?? []).filter((at) => at > now - windowMs);
  if (live.length + cost > limit) return { allowed: false, log: live };
  return { allowed: true, log: [...live, ...Array<number>(cost).fill(now)] };
}

/** Ms until `cost` more calls fit in a pruned `log`; a whole window for a cost over the limit. */
function msUntilFits(log: readonly number[], request: StoreConsumeRequest): number {
  const mustLeave = log.length + request.cost - request.limit;
  if (mustLeave <= 0) return 0;
  if (request.cost > request.limit) return request.windowMs;
  return log[mustLeave - 1] + request.windowMs - request.now;
}

/**
 * Per-isolate call logs (one task runs at a time, so read-step-write is atomic), bounded by a
 * two-generation LRU: a full `recent` (half the cap) becomes `older`, dropping the old `older`;
 * a key found in `older` moves back. A flood of new keys costs a fixed few Map operations each,
 * and forgetting a key only forgets a budget in use. 50,000 keys (about 100 bytes plus 8 per
 * call each) bound memory at about 30 MB.
 */
export class MemoryStore implements RateLimitStore {
  #recent = new Map<string, readonly number[]>();
  #older = new Map<string, readonly number[]>();
  readonly #generationSize: number;

  constructor(options: { maxKeys?: number } = {}) {
    this.#generationSize = Math.max(1, Math.floor((options.maxKeys ?? 50_000) / 2));
  }

  consume(key: string, request: StoreConsumeRequest): Promise<StoreConsumeResult> {
    const result = slidingLogStep(this.#recent.get(key) ?? this.#older.get(key), request);
    if (result.allowed) this.#remember(key, result.log);
    return Promise.resolve(result);
  }

  #remember(key: string, log: readonly number[]): void {
    this.#older.delete(key);
    // An empty log means a full budget, the same as no entry at all.
    if (log.length === 0) {
      this.#recent.delete(key);
      return;
    }
    if (!this.#recent.has(key) && this.#recent.size >= this.#generationSize) {
      this.#older = this.#recent;
      this.#recent = new Map();
    }
    this.#recent.set(key, log);
  }

  get size(): number {
    return this.#recent.size + this.#older.size;
  }
}

/**
 * The same log in Deno KV, shared by every isolate or process on the database: a check-and-set
 * per consume, a conflict or store error retried as `lib/kv/retry.ts` does, then a rejection.
 * An entry expires when its newest call leaves the window, so KV holds only clients spending now.
 */
export class KvStore implements RateLimitStore {
  constructor(private readonly kv: Deno.Kv) {}

  consume(key: string, request: StoreConsumeRequest): Promise<StoreConsumeResult> {
    const kvKey: Deno.KvKey = ["rate_limit", "log", key];
    const attempt = async () => {
      const entry = await this.kv.get<number[]>(kvKey);
      const result = slidingLogStep(entry.value ?? undefined, request);
      if (!result.allowed) return result;
      const committed = await this.kv.atomic()
        .check(entry)
        .set(kvKey, result.log, { expireIn: request.windowMs })
        .commit();
      if (!committed.ok) throw new Error(`the count of ${key} stayed contended`);
      return result;
    };
    return retryLocked(attempt, undefined, () => true);
  }
}

export interface RateLimitDecision {
  allowed: boolean;
  /** The store could not count the call: refused as unavailable (503), not limited. */
  unavailable?: true;
  limit: number;
  windowMs: number;
  /** Calls that would be allowed right after this decision. */
  remaining: number;
  /** When refused, whole seconds (at least 1) until this cost fits (`Retry-After`); else 0. */
  retryAfterSeconds: number;
  cost: number;
}

/** 60 calls per 60 s in a new MemoryStore by default; store failures logged once a minute. */
export interface RateLimiterOptions {
  limit?: number;
  windowMs?: number;
  store?: RateLimitStore;
  now?: () => number;
  log?: (line: string) => void;
}

/**
 * The budget both tool faces spend from, over `options.store`; `consume` spends `cost` calls
 * (default 1) of `key`'s budget or refuses without spending, and refuses (503) whatever the store
 * cannot count.
 */
export function createRateLimiter(options: RateLimiterOptions = {}) {
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
          "[rate-limit] the store could not count a tool call, so it was refused with 503: " +
            describeErrorOnOneLine(error),
        );
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

export type RateLimiter = ReturnType<typeof createRateLimiter>;

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

export interface DefaultLimiterOptions extends Omit<RateLimiterOptions, "store" | "log"> {
  env?: Env;
  openKv?: () => Promise<Deno.Kv>;
  onKvError?: (error: unknown) => void;
}

/**
 * `RATE_LIMIT_STORE=kv|memory`, else KV when there is a database (Deploy's isolates would each
 * grant their own 60; with `KV_PATH` processes and restarts share one budget), else memory.
 */
export function defaultStoreKind(env: Env = Deno.env): "kv" | "memory" {
  const explicit = env.get("RATE_LIMIT_STORE")?.trim().toLowerCase();
  if (explicit === "kv" || explicit === "memory") return explicit;
  return kvConfigured(env) ? "kv" : "memory";
}

/**
 * The limiter both tool faces share. Synchronous (the app is built so): KV opens on the first
 * tool call, and if it will not open, counting falls back to memory.
 */
export function createDefaultLimiter(options: DefaultLimiterOptions = {}): RateLimiter {
  const { limit, windowMs, now } = options;
  if (defaultStoreKind(options.env ?? Deno.env) === "memory") {
    return createRateLimiter({ limit, windowMs, now });
  }
  const openKv = options.openKv ?? (() => openSharedKv());
  const onKvError = options.onKvError ??
    ((error) => console.error("[rate-limit] Deno KV unavailable, counting in memory:", error));
  let opened: Promise<RateLimitStore> | undefined;
  const store: RateLimitStore = {
    consume(key, request) {
      opened ??= openKv().then((kv): RateLimitStore => new KvStore(kv), (error) => {
        onKvError(error);
        return new MemoryStore();
      });
      return opened.then((store) => store.consume(key, request));
    },
  };
  return createRateLimiter({ limit, windowMs, now, store });
}
