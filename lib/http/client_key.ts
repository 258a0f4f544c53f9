/**
 * Who is calling, for per-client rate limits.
 *
 * The connection's remote address is the client unless that address is a proxy listed in
 * `TRUSTED_PROXIES`; only then is `X-Forwarded-For` read, from the right (the hop our proxy
 * appended) leftwards, skipping further trusted proxies, and the first untrusted hop is the
 * client. A header sent by anyone else is ignored, so it can neither buy a fresh budget nor
 * spend another client's.
 *
 * On Deno Deploy the handler's `info.remoteAddr` is what the platform guarantees: "the remote
 * address of the connection" (Deno API reference, `Deno.ServeHandlerInfo.remoteAddr`,
 * https://docs.deno.com/api/deno/~/Deno.ServeHandlerInfo.remoteAddr), and Deploy's edge
 * connects to the isolate on the client's behalf and reports the client there. So no
 * forwarding header is trusted by default; a deployment that puts its own CDN or proxy in
 * front lists that proxy's ranges in `TRUSTED_PROXIES`.
 */
import { addressBytes, isIpv6, normalizeIpAddress } from "./ip_address.ts";
import { type AddressRange, inRanges } from "./trusted_proxies.ts";

/** The key used when nothing identifies the caller (in-process calls without connection info). */
const UNKNOWN_CLIENT = "unknown";

/**
 * The client key of a request: a canonical IPv4 address, an IPv6 /64 prefix (one subscriber
 * usually holds a whole /64, so counting single addresses would hand out 2^64 budgets), or
 * "unknown". Keys are at most 45 characters whatever the request carries.
 */
export function clientKeyFromRequest(
  request: Request,
  remoteAddress?: string,
  options: { trustedProxies?: readonly AddressRange[] } = {},
): string {
  const remote = remoteAddress === undefined ? undefined : normalizeIpAddress(remoteAddress);
  if (!remote) return UNKNOWN_CLIENT;
  const trusted = options.trustedProxies ?? [];
  if (trusted.length === 0 || !inRanges(remote, trusted)) return keyOf(remote);
  const hops = (request.headers.get("x-forwarded-for") ?? "").split(",");
  // Walk right to left: every hop left of a trusted proxy was written by that proxy.
  for (let index = hops.length - 1; index >= 0 && index >= hops.length - 32; index--) {
    const hop = normalizeIpAddress(hops[index]);
    if (!hop) break; // a garbled hop ends the chain we can vouch for
    if (!inRanges(hop, trusted)) return keyOf(hop);
  }
  return keyOf(remote);
}

function keyOf(address: string): string {
  if (!isIpv6(address)) return address;
  const bytes = addressBytes(address);
  const groups = [0, 2, 4, 6].map((at) => ((bytes[at] << 8) | bytes[at + 1]).toString(16));
  return `${groups.join(":")}::/64`;
}
