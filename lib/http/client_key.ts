/** Who is calling, for per-client rate limits. */

/**
 * The client key of a request: the first hop of `x-forwarded-for` (the original client as
 * reported by the proxy in front of us), else the connection's remote address, else
 * "unknown". The forwarded header is only as trustworthy as the proxy that sets it; on a
 * platform without one a caller can spoof it, which can only spread its own calls over more
 * budgets of the same size, never spend somebody else's.
 */
export function clientKeyFromRequest(request: Request, remoteAddress?: string): string {
  const forwarded = request.headers.get("x-forwarded-for");
  const firstHop = forwarded?.split(",")[0]?.trim();
  if (firstHop) return firstHop;
  if (remoteAddress && remoteAddress.trim() !== "") return remoteAddress.trim();
  return "unknown";
}
