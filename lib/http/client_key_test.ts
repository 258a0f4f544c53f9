import assert from "node:assert/strict";
import { clientKeyFromRequest, normalizeIpAddress, parseTrustedProxies } from "./client_key.ts";

function withForwarded(value: string): Request {
  return new Request("http://localhost/", { headers: { "x-forwarded-for": value } });
}

function ranges(text: string) {
  const parsed = parseTrustedProxies(text);
  if (!parsed.ok) throw new Error(parsed.entry);
  return parsed.ranges;
}

Deno.test("without trusted proxies X-Forwarded-For is ignored: the connection is the client", () => {
  const spoofed = withForwarded("203.0.113.7");
  assert.equal(clientKeyFromRequest(spoofed, "198.51.100.4"), "198.51.100.4");
  // A caller cannot spend a local client's budget by claiming to be 127.0.0.1.
  assert.equal(clientKeyFromRequest(withForwarded("127.0.0.1"), "198.51.100.4"), "198.51.100.4");
  assert.equal(clientKeyFromRequest(new Request("http://localhost/")), "unknown");
});

Deno.test("behind a trusted proxy the rightmost untrusted hop is the client", () => {
  const trustedProxies = ranges("10.0.0.0/8, loopback");
  const request = withForwarded("1.1.1.1, 203.0.113.7, 10.0.0.2");
  // 1.1.1.1 was written by the client itself: only hops our proxies appended count.
  assert.equal(clientKeyFromRequest(request, "10.0.0.1", { trustedProxies }), "203.0.113.7");
  // The same header from an untrusted peer is ignored.
  assert.equal(clientKeyFromRequest(request, "198.51.100.9", { trustedProxies }), "198.51.100.9");
  // A garbled hop stops the walk at the last address we can vouch for.
  const garbled = withForwarded("203.0.113.7, not-an-ip");
  assert.equal(clientKeyFromRequest(garbled, "127.0.0.1", { trustedProxies }), "127.0.0.1");
});

Deno.test("one address written many ways is one key", () => {
  const spellings = [
    "203.0.113.7",
    "::ffff:203.0.113.7",
    "[::ffff:cb00:7107]:443",
    "203.000.113.007",
    "203.0.113.7:8080",
  ];
  for (const spelling of spellings) {
    assert.equal(clientKeyFromRequest(new Request("http://x/"), spelling), "203.0.113.7", spelling);
  }
  assert.equal(
    clientKeyFromRequest(new Request("http://x/"), "2001:DB8:0:0:1::5"),
    "2001:db8:0:0::/64",
  );
  assert.equal(clientKeyFromRequest(new Request("http://x/"), "2001:db8::7"), "2001:db8:0:0::/64");
});

Deno.test("keys are bounded and junk is not an address", () => {
  const trustedProxies = ranges("loopback");
  const huge = withForwarded("9".repeat(60_000));
  const key = clientKeyFromRequest(huge, "127.0.0.1", { trustedProxies });
  assert.equal(key, "127.0.0.1");
  for (const junk of ["", "abc", "1.2.3.256", "1.2.3", "::g", "1".repeat(100)]) {
    assert.equal(normalizeIpAddress(junk), undefined, junk);
  }
});

Deno.test("TRUSTED_PROXIES parses addresses and ranges and names the first bad entry", () => {
  assert.deepEqual(parseTrustedProxies("10.0.0.0/8, nonsense"), { ok: false, entry: "nonsense" });
  assert.deepEqual(parseTrustedProxies("10.0.0.0/33"), { ok: false, entry: "10.0.0.0/33" });
  const parsed = parseTrustedProxies("2001:db8::/32");
  assert.equal(parsed.ok && parsed.ranges.length, 1);
  const trustedProxies = ranges("2001:db8::/32");
  const request = withForwarded("203.0.113.7");
  assert.equal(clientKeyFromRequest(request, "2001:db8:1::1", { trustedProxies }), "203.0.113.7");
});
