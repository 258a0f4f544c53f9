/**
 * `TRUSTED_PROXIES`: the proxies whose `X-Forwarded-For` we believe. A comma-separated list of
 * addresses or CIDR ranges (`10.0.0.0/8, 2001:db8::/32`); `loopback` stands for 127.0.0.0/8 and
 * ::1. Empty (the default) trusts no proxy: the connection's own address is the client.
 */
import { addressBytes, isIpv6, normalizeIpAddress } from "./ip_address.ts";

export interface AddressRange {
  bytes: Uint8Array;
  prefixLength: number;
}

/** A parsed list, or the first entry that could not be read. */
export type ParsedProxies = { ok: true; ranges: AddressRange[] } | { ok: false; entry: string };

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
export function inRanges(address: string, ranges: readonly AddressRange[]): boolean {
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
