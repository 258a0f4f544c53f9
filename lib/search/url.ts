/**
 * Pasted links that name a page outright: ours (`/wallet/<a>`, `/w/<a>`, `/tx/<h>`,
 * `/intent/<id>`, `/position/<id>` on any host), the original edition's hash links
 * (`…pages.dev/#/wallet/<a>`) and HyperEVM block explorers (`/address/<a>`, `/tx/<h>` on any
 * host). Such a link needs no upstream read: the search bar can go straight to the page.
 */
import { ADDRESS_PATTERN as ADDRESS, HASH_PATTERN as HASH } from "../address.ts";
import type { Address, Hex } from "viem";

/** The page a pasted link points at, with its normalized (lower-case) value. */
type LinkTarget =
  | { page: "wallet"; value: Address }
  | { page: "tx"; value: Hex }
  | { page: "intent"; value: Hex; wallet?: Address }
  | { page: "position"; value: string; wallet?: Address };

const POSITION_ID = /^[0-9]{1,78}$/;
// A host and a path without the scheme, as people often copy them ("hyperevmscan.io/tx/0x…").
const BARE_HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)+(:[0-9]+)?\//i;

/**
 * The page a link names, or null when the text is not a link or names nothing we show.
 * The hash route of the original edition wins over the path (its path is just `/`).
 */
export function parsePastedUrl(text: string): LinkTarget | null {
  const url = toUrl(text.trim());
  if (url === null) return null;
  const hashRoute = url.hash.startsWith("#/") ? routeOf(url.hash.slice(1)) : null;
  if (hashRoute) return hashRoute;
  return routeOf(`${url.pathname}${url.search}`);
}

/** The path of our page for a link target (values are hex or digits: nothing to escape). */
export function linkTargetPath(target: LinkTarget): string {
  const base = `/${target.page}/${target.value}`;
  return "wallet" in target && target.wallet ? `${base}?wallet=${target.wallet}` : base;
}

/** The URL of a pasted link (with a scheme, a bare host, or a path of ours), or null. */
export function toUrl(text: string): URL | null {
  const candidate = /^https?:\/\//i.test(text)
    ? text
    : BARE_HOST.test(text)
    ? `https://${text}`
    : text.startsWith("/") || text.startsWith("#/")
    ? `https://relative.invalid${text}`
    : null;
  if (candidate === null) return null;
  try {
    return new URL(candidate);
  } catch {
    return null;
  }
}

// A route is `/<kind>/<value>` anywhere in the path (explorers put a locale or a chain
// before it), with an optional `wallet` query parameter for intents and positions.
function routeOf(route: string): LinkTarget | null {
  const [path, query = ""] = route.split("?", 2);
  const segments = path.split("/").map(safeDecode).filter((part) => part !== "");
  const wallet = walletParam(query);
  for (let i = 0; i + 1 < segments.length; i++) {
    const kind = segments[i].toLowerCase();
    const value = segments[i + 1];
    if ((kind === "wallet" || kind === "w" || kind === "address") && ADDRESS.test(value)) {
      return { page: "wallet", value: value.toLowerCase() as Address };
    }
    if ((kind === "tx" || kind === "transaction") && HASH.test(value)) {
      return { page: "tx", value: value.toLowerCase() as Hex };
    }
    if (kind === "intent" && HASH.test(value)) {
      return { page: "intent", value: value.toLowerCase() as Hex, ...(wallet && { wallet }) };
    }
    if (kind === "position" && POSITION_ID.test(value.replace(/^#/, ""))) {
      const id = value.replace(/^#/, "").replace(/^0+(?=[0-9])/, "");
      return { page: "position", value: id, ...(wallet && { wallet }) };
    }
  }
  return null;
}

function walletParam(query: string): Address | null {
  const wallet = new URLSearchParams(query).get("wallet")?.trim() ?? "";
  return ADDRESS.test(wallet) ? wallet.toLowerCase() as Address : null;
}

/** A URL part decoded and trimmed (as it is, when it is not valid percent-encoding). */
export function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part).trim();
  } catch {
    return part.trim();
  }
}
