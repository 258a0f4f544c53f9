/**
 * 475 Host header values, well-formed and not: names, addresses and ports crossed with each
 * other, one odd character put before, inside and after a name, paths, queries, lists, user
 * info, broken IPv6, Unicode, control characters, empty and very long values, and seeded
 * random strings. Deterministic, so a failure names the same value every run. Values never
 * hold CR or LF (they would end the header line, which is another test's business).
 */

/** Hosts that are fine as they are (the port list below makes some of them bad). */
const NAMES = [
  "example.com",
  "explorer.test",
  "localhost",
  "127.0.0.1",
  "10.0.0.1",
  "[::1]",
  "[2001:db8::1]",
  "[::ffff:127.0.0.1]",
  "xn--bcher-kva.example",
  "a",
  "a.b.c.d.e.f",
  "under_score.test",
  "UPPER.Example.COM",
  "trailing.dot.",
  "host-with-dash.io",
  "0x7f.1",
];

const PORTS = [
  "",
  ":80",
  ":8000",
  ":0",
  ":65535",
  ":65536",
  ":99999",
  ":",
  ":-1",
  ":8a",
  ":80:80",
  ": 80",
  ":+80",
  ":080",
];

/** One odd character or sequence, tried before, inside and after a name. */
const ODD = [
  " ",
  "<",
  ">",
  '"',
  "'",
  ",",
  ";",
  "/",
  "?",
  "#",
  "@",
  "\\",
  "%",
  "%41",
  "*",
  "!",
  "$",
  "&",
  "(",
  ")",
  "+",
  "=",
  "[",
  "]",
  "{",
  "}",
  "|",
  "^",
  "`",
  "~",
  "\t",
  "\x01",
  "\x07",
  "\x1b",
  "\x7f",
  "\u00e9",
  "\u202e",
  "\u3000",
  "\u{1f600}",
  "\uff41",
  "..",
  ":",
];

/** Values of their own: route changers, lists, user info, broken addresses, long ones. */
const SPECIAL = [
  "",
  "x/mcp?",
  "x/mcp#",
  "x/mcp",
  "/mcp",
  "x/api/tools/get_wallet?",
  "x/../mcp",
  "x/./mcp?a=",
  "a b",
  "a<b",
  "a,b",
  "a, b",
  "example.com,evil.com",
  "example.com:80,example.com",
  "u@h",
  "u:p@h",
  "h?x",
  "h#x",
  "*",
  "[::1",
  "::1",
  "[::1]]",
  "[zz]",
  "[::1]x",
  "[:::]",
  "[]",
  "[::1]:",
  "[::1]:99999",
  "[fe80::1%25eth0]",
  "ü.com",
  "例え.jp",
  "münchen.de",
  "1.2.3.999",
  "256.256.256.256",
  "-",
  "_",
  ".",
  "..",
  "localhost:8000/",
  "http://example.com",
  "<script>alert(1)</script>",
  "javascript:alert(1)",
  "{{7*7}}",
  "${jndi:ldap://x}",
  "%2e%2e",
  "example.com%00",
  "example.com\u0000",
  "\u0000",
  `${"a".repeat(64)}.com`,
  "a".repeat(253),
  "a".repeat(260),
  "a".repeat(1_000),
  "a".repeat(8_000),
  "a".repeat(20_000),
  `${"x".repeat(255)}:80`,
];

/** A small seeded generator (mulberry32), so the random tail is the same every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const RANDOM_ALPHABET = "abcXYZ019.-_:[]/?#@,; <>%\"'\\|\t\x01\x7fé€";

/** The 475 values, each once. */
export function hostCorpus(): string[] {
  const values = new Set<string>();
  for (const name of NAMES) for (const port of PORTS) values.add(`${name}${port}`);
  for (const odd of ODD) {
    values.add(`${odd}example.com`);
    values.add(`exa${odd}mple.com`);
    values.add(`example.com${odd}`);
  }
  for (const value of SPECIAL) values.add(value);
  const random = seeded(26);
  while (values.size < 475) {
    const length = 1 + Math.floor(random() * 40);
    let value = "";
    for (let index = 0; index < length; index++) {
      value += RANDOM_ALPHABET[Math.floor(random() * RANDOM_ALPHABET.length)];
    }
    values.add(value);
  }
  return [...values].slice(0, 475);
}

/** A request for `path` with `host` as its Host line, closing the connection after. */
export function requestWithHost(host: string, path = "/robots.txt"): string {
  return `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`;
}
