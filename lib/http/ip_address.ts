/**
 * Canonical spelling of IP addresses, so one client has one rate-limit key however its
 * address is written: IPv4-mapped IPv6 becomes IPv4, ports and brackets go, IPv4 octets lose
 * their leading zeros, IPv6 is lowercased and compressed. Anything else is not an address.
 */

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** The canonical form of `text` as an IP address, or undefined when it is none. */
export function normalizeIpAddress(text: string): string | undefined {
  let value = text.trim();
  if (value.length === 0 || value.length > 64) return undefined;
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(value);
  if (bracketed) value = bracketed[1];
  else if (/^[\d.]+:\d{1,5}$/.test(value)) value = value.slice(0, value.lastIndexOf(":"));
  value = value.replace(/%.*$/, ""); // zone index (fe80::1%eth0) names an interface, not a host
  const v4 = normalizeIpv4(value);
  if (v4) return v4;
  if (!value.includes(":") || !/^[0-9a-fA-F:.]+$/.test(value)) return undefined;
  let canonical: string;
  try {
    // The URL parser is the platform's IPv6 parser: it validates and compresses.
    canonical = new URL(`http://[${value}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (mapped) {
    const high = parseInt(mapped[1], 16);
    const low = parseInt(mapped[2], 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join(".");
  }
  return canonical;
}

function normalizeIpv4(value: string): string | undefined {
  const match = IPV4.exec(value);
  if (!match) return undefined;
  // Leading zeros are read as decimal (as inet_pton's strict readers and most proxies write
  // them), never as octal.
  const octets = match.slice(1).map(Number);
  return octets.every((octet) => octet <= 255) ? octets.join(".") : undefined;
}

/** True for an IPv6 address (after normalising). */
export function isIpv6(address: string): boolean {
  return address.includes(":");
}

/** The address as 16 or 4 bytes, for prefix comparisons. `address` must be canonical. */
export function addressBytes(address: string): Uint8Array {
  if (!isIpv6(address)) return new Uint8Array(address.split(".").map(Number));
  const [head, tail = ""] = address.includes("::") ? address.split("::") : [address, undefined];
  const parse = (part: string | undefined) =>
    part ? part.split(":").map((g) => parseInt(g, 16)) : [];
  const first = parse(head);
  const last = parse(tail);
  const groups = address.includes("::")
    ? [...first, ...new Array(8 - first.length - last.length).fill(0), ...last]
    : first;
  const bytes = new Uint8Array(16);
  groups.forEach((group, index) => {
    bytes[index * 2] = group >> 8;
    bytes[index * 2 + 1] = group & 255;
  });
  return bytes;
}
