/**
 * What a pasted string is: an address, a 32-byte hash (transaction or intent id, which only the
 * chain can tell apart), a position id, a name fragment, or a link that carries one of these.
 */
import { ADDRESS_PATTERN as ADDRESS, HASH_PATTERN as HASH } from "../address.ts";
import { safeDecode, toUrl } from "./url.ts";
import type { Address, Hex } from "viem";

type QueryClass =
  | { kind: "address"; value: Address }
  | { kind: "hash"; value: Hex }
  | { kind: "position"; value: string }
  | { kind: "name"; value: string }
  | { kind: "unknown"; value: string; reason: string };

// Position ids are uint256 on chain; 78 digits is the most a uint256 can have.
const POSITION_ID = /^#?([0-9]{1,78})$/;

/**
 * Classifies a query. Links (explorer pages, block explorers) are unpacked: the first hash,
 * address or position id in their path, fragment or query wins. Anything else is a name
 * fragment for the leaderboard search.
 */
export function classifyQuery(query: string): QueryClass {
  const text = query.trim();
  if (text === "") return { kind: "unknown", value: "", reason: "the query is empty" };
  const direct = classifyToken(text);
  if (direct) return direct;
  const link = /^https?:\/\//i.test(text) ? toUrl(text) : null;
  if (link) {
    for (const token of linkTokens(link)) {
      const found = classifyToken(token);
      if (found) return found;
    }
    return {
      kind: "unknown",
      value: text,
      reason: "the link holds no address, transaction hash, intent id or position id",
    };
  }
  return { kind: "name", value: text };
}

// Hex pasted without its 0x. Digits alone stay a position id.
const BARE_HASH = /^[0-9a-f]{64}$/i;
const BARE_ADDRESS = /^[0-9a-f]{40}$/i;
const HAS_HEX_LETTER = /[a-f]/i;

function classifyToken(token: string): QueryClass | null {
  if (HAS_HEX_LETTER.test(token)) {
    if (BARE_HASH.test(token)) return { kind: "hash", value: `0x${token.toLowerCase()}` as Hex };
    if (BARE_ADDRESS.test(token)) {
      return { kind: "address", value: `0x${token.toLowerCase()}` as Address };
    }
  }
  if (HASH.test(token)) return { kind: "hash", value: token.toLowerCase() as Hex };
  if (ADDRESS.test(token)) return { kind: "address", value: token.toLowerCase() as Address };
  const position = POSITION_ID.exec(token);
  if (position) return { kind: "position", value: position[1].replace(/^0+(?=[0-9])/, "") };
  return null;
}

// Hashes before addresses before numbers, so /tx/<hash>?block=123 resolves to the hash and a
// page number in a query string never shadows the address in the path.
function linkTokens(url: URL): string[] {
  const segments = [
    ...url.pathname.split("/"),
    ...url.hash.replace(/^#/, "").split(/[/?&=]/),
    ...[...url.searchParams.values()],
  ].map(safeDecode).filter((part) => part !== "");
  const rank = (token: string) =>
    HASH.test(token) ? 0 : ADDRESS.test(token) ? 1 : POSITION_ID.test(token) ? 2 : 3;
  return segments.sort((a, b) => rank(a) - rank(b));
}
