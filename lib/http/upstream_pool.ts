/**
 * One bounded connection pool for every upstream request (Papertrade API and both RPC
 * endpoints): at most a few idle keep-alive connections per host, dropped after 30 s idle,
 * so a burst of upstream calls cannot leave hundreds of sockets (descriptors) open.
 */

/** Idle keep-alive connections kept per upstream host. */
export const POOL_MAX_IDLE_PER_HOST = 8;
/** Idle connections are closed after this long, in ms. */
const POOL_IDLE_TIMEOUT_MS = 30_000;

let shared: Deno.HttpClient | undefined;

/** `fetch` through the shared bounded pool (created on first use). */
export const upstreamFetch: typeof fetch = (input, init) => {
  shared ??= Deno.createHttpClient({
    poolMaxIdlePerHost: POOL_MAX_IDLE_PER_HOST,
    poolIdleTimeout: POOL_IDLE_TIMEOUT_MS,
  });
  return fetch(input, { ...init, client: shared } as RequestInit);
};
