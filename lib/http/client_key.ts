/**
 * Who is calling, for per-client rate limits and stream slots: the connection's remote address,
 * unless it is a proxy listed in `TRUSTED_PROXIES`; only then is `X-Forwarded-For` read, right
 * to left past further trusted proxies, to the first untrusted hop. Anyone else's header is
 * ignored, so it can neither buy a fresh budget nor spend another client's. One address has one
 * key however written: IPv4-mapped IPv6 becomes IPv4, ports and brackets go, IPv4 octets lose
 * leading zeros, IPv6 is lowercased and compressed.
 *
 * On Deno Deploy `info.remoteAddr` is "the remote address of the connection"
 * (https://docs.deno.com/api/deno/~/Deno.ServeHandlerInfo.remoteAddr): Deploy's edge reports
 * the client there. So no forwarding header is trusted by default; a deployment with its own
 * CDN or proxy in front lists its ranges in `TRUSTED_PROXIES`.
 */

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

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** The canonical form of `text` as an IP address, or undefined when it is none. */
export function normalizeIpAddress(text: string): string | undefined {
  let value = text.trim();
  if (value.length === 0 || value.length > 64) return undefined;
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(value);
  if (bracketed) value = bracketed[1];
  else if (/^[\d.]+:\d{1,5}$/.test(value)) value = value.slice(0, value.lastIndexOf(":"));
  value = value.replace(/%.*$/, ""); // zone index (fe80::1%eth0) names an interface, not a host
  // Leading zeros are read as decimal (as inet_pton's strict readers and most proxies write
  // them), never as octal.
  const octets = IPV4.exec(value)?.slice(1).map(Number);
  if (octets) return octets.every((octet) => octet <= 255) ? octets.join(".") : undefined;
  if (!value.includes(":") || !/^[0-9a-fA-F:.]+$/.test(value)) return undefined;
  // The URL parser is the platform's IPv6 parser: it validates and compresses.
  const canonical = URL.parse(`http://[${value}]/`)?.hostname.slice(1, -1);
  if (!canonical) return undefined;
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (mapped) {
    const high = parseInt(mapped[1], 16);
    const low = parseInt(mapped[2], 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join(".");
  }
  return canonical;
}

/** True for an IPv6 address (after normalising). */
function isIpv6(address: string): boolean {
  return address.includes(":");
}

/** The address as 16 or 4 bytes, for prefix comparisons. `address` must be canonical. */
function addressBytes(address: string): Uint8Array {
  if (!isIpv6(address)) return new Uint8Array(address.split(".").map(Number));
  const [head, tail] = address.split("::");
  const parse = (part?: string) => part ? part.split(":").map((g) => parseInt(g, 16)) : [];
  const first = parse(head);
  const last = parse(tail);
  const groups = [...first, ...new Array(8 - first.length - last.length).fill(0), ...last];
  return new Uint8Array(groups.flatMap((group) => [group >> 8, group & 255]));
}

/** A trusted proxy range: an address's bytes and how many leading bits must match. */
export interface AddressRange {
  bytes: Uint8Array;
  prefixLength: number;
}

/** A parsed list, or the first entry that could not be read. */
export type ParsedProxies = { ok: true; ranges: AddressRange[] } | { ok: false; entry: string };

/**
 * `TRUSTED_PROXIES`: a comma-separated list of addresses or CIDR ranges (`10.0.0.0/8,
 * 2001:db8::/32`); `loopback` stands for 127.0.0.0/8 and ::1. Empty (the default) trusts none.
 */
export function parseTrustedProxies(text: string | undefined): ParsedProxies {
  const ranges: AddressRange[] = [];
  for (const raw of (text ?? "").split(",")) {
    const entry = raw.trim();
    if (entry === "") continue;
    if (entry.toLowerCase() === "loopback") {
      ranges.push(range("127.0.0.0", 8), range("::1", 128));
      continue;
    }
    const [addressText, prefixText] = entry.split("/");
    const address = normalizeIpAddress(addressText);
    if (!address || (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText))) {
      return { ok: false, entry };
    }
    const max = isIpv6(address) ? 128 : 32;
    const prefixLength = prefixText === undefined ? max : Number(prefixText);
    if (prefixLength > max) return { ok: false, entry };
    ranges.push(range(address, prefixLength));
  }
  return { ok: true, ranges };
}

function range(address: string, prefixLength: number): AddressRange {
  return { bytes: addressBytes(address), prefixLength };
}

/** True when canonical `address` lies in one of `ranges`. */
function inRanges(address: string, ranges: readonly AddressRange[]): boolean {
  const bytes = addressBytes(address);
  return ranges.some((candidate) => {
    if (candidate.bytes.length !== bytes.length) return false;
    let bits = candidate.prefixLength;
    for (let index = 0; bits > 0; index++, bits -= 8) {
      const mask = bits >= 8 ? 255 : (255 << (8 - bits)) & 255;
      if ((candidate.bytes[index] & mask) !== (bytes[index] & mask)) return false;
    }
    return true;
  });
}
