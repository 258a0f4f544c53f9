/**
 * HTTP limits and plumbing: CORS, server-sent events, the 64 KiB body cap, client identity (trusted proxies,
 * canonical addresses), per-call rate limiting (an exact sliding log) with pluggable stores, the request
 * deadline, the connection guard and the bounded upstream pool.
 */
export { CORS_ALLOW_HEADERS, CORS_EXPOSE_HEADERS, toolEndpointCors } from "./cors.ts";
export { singleEventResponse, SSE_HEADERS, sseResponse, type SseResponseInit } from "./sse.ts";
export { type LimitedBody, MAX_BODY_BYTES, readLimitedBody } from "./body.ts";
export { clientKeyFromRequest, type ClientKeyOptions, UNKNOWN_CLIENT } from "./client_key.ts";
export { normalizeIpAddress } from "./ip_address.ts";
export { type AddressRange, parseTrustedProxies } from "./trusted_proxies.ts";
export { deadline, type DeadlineOptions } from "./deadline.ts";
export { type GuardedServer, type GuardOptions, serveGuarded } from "./connection_guard.ts";
export { upstreamFetch } from "./upstream_pool.ts";
export {
  createRateLimiter,
  describeRateLimit,
  type RateLimitDecision,
  type RateLimiter,
  type RateLimiterOptions,
  type RateLimitStore,
  refusalStatus,
  type StoreConsumeRequest,
  type StoreConsumeResult,
} from "./rate_limit.ts";
export { msUntilFits, slidingLogStep } from "./limit_store.ts";
export { MemoryStore } from "./memory_store.ts";
export { KvStore } from "./kv_store.ts";
