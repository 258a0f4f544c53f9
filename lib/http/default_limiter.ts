/**
 * The limiter the app uses unless told otherwise: 60 tool calls per client in any 60 s,
 * counted in Deno KV wherever there is one (on Deno Deploy, where isolates come and go and each
 * would otherwise grant its own 60, and wherever `KV_PATH` names a local file, so processes
 * sharing it and restarts share one budget) and in memory otherwise (one process, and no stray
 * database file on a laptop or in tests).
 */
import { KvStore } from "./kv_store.ts";
import { kvConfigured, openSharedKv } from "../kv.ts";
import { MemoryStore } from "./memory_store.ts";
import {
  createRateLimiter,
  type RateLimiter,
  type RateLimiterOptions,
  type RateLimitStore,
  type StoreConsumeRequest,
  type StoreConsumeResult,
} from "./rate_limit.ts";

/** Options of {@link createDefaultLimiter}; the defaults read the real environment. */
export interface DefaultLimiterOptions extends Omit<RateLimiterOptions, "store" | "log"> {
  /** Environment to read `RATE_LIMIT_STORE`, `KV_PATH` and `DENO_DEPLOYMENT_ID` from. */
  env?: { get(name: string): string | undefined };
  /** Opens the KV database; default the process's shared one (`lib/kv.ts`). */
  openKv?: () => Promise<Deno.Kv>;
  /** Told when KV cannot be opened and memory is used instead. Default console.error. */
  onKvError?: (error: unknown) => void;
}

/**
 * Which store the environment asks for: `RATE_LIMIT_STORE=kv|memory`, else KV when there is
 * a database (Deno Deploy, or `KV_PATH`), else memory.
 */
export function defaultStoreKind(
  env: { get(name: string): string | undefined } = Deno.env,
): "kv" | "memory" {
  const explicit = env.get("RATE_LIMIT_STORE")?.trim().toLowerCase();
  if (explicit === "kv" || explicit === "memory") return explicit;
  return kvConfigured(env) ? "kv" : "memory";
}

/**
 * One limiter to share between `/mcp` and `/api/tools/*`, so the budget is per client across
 * both faces. Synchronous on purpose (the app is built synchronously): the KV database is
 * opened on the first tool call.
 */
export function createDefaultLimiter(options: DefaultLimiterOptions = {}): RateLimiter {
  const env = options.env ?? Deno.env;
  const store = defaultStoreKind(env) === "kv"
    ? lazyKvStore(options.openKv ?? (() => openSharedKv()), options.onKvError)
    : new MemoryStore();
  const { limit, windowMs, now } = options;
  return createRateLimiter({ limit, windowMs, now, store });
}

/** A KvStore opened on first use; if KV will not open, counting falls back to memory. */
function lazyKvStore(
  openKv: () => Promise<Deno.Kv>,
  onKvError: (error: unknown) => void = (error) =>
    console.error("[rate-limit] Deno KV unavailable, counting in memory:", error),
): RateLimitStore {
  let opened: Promise<RateLimitStore> | undefined;
  return {
    consume(key: string, request: StoreConsumeRequest): Promise<StoreConsumeResult> {
      opened ??= openKv().then(
        (kv): RateLimitStore => new KvStore(kv),
        (error) => {
          onKvError(error);
          return new MemoryStore();
        },
      );
      return opened.then((store) => store.consume(key, request));
    },
  };
}
