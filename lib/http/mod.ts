/**
 * HTTP limits and plumbing shared by the machine endpoints (/mcp and /api/tools/*): CORS,
 * the 64 KiB body cap, client keys and per-call rate limiting with pluggable stores.
 */
export {
  applyCorsHeaders,
  CORS_ALLOW_HEADERS,
  CORS_EXPOSE_HEADERS,
  preflightResponse,
  withCors,
} from "./cors.ts";
export { type LimitedBody, MAX_BODY_BYTES, readLimitedBody } from "./body.ts";
export { clientKeyFromRequest } from "./client_key.ts";
export {
  createRateLimiter,
  describeRateLimit,
  type RateLimitDecision,
  type RateLimiter,
  type RateLimiterOptions,
  type RateLimitStore,
  type StoreConsumeRequest,
  type StoreConsumeResult,
} from "./rate_limit.ts";
export { MemoryStore } from "./memory_store.ts";
export { KvStore } from "./kv_store.ts";
