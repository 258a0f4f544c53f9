/**
 * What every view shares: building DOM from data without markup (every upstream string goes in
 * through `textContent`, never `innerHTML`), the figures formatted as the web pages show them,
 * and links to the explorer's pages that the host opens.
 */

/** A child of {@link el}: a node, or text (set as a text node, so never parsed as markup). */
export type Child = Node | string | number | null | undefined | false;

/** An element with attributes and children; text children become text nodes. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | number | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined) element.setAttribute(name, String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === "object" ? child : document.createTextNode(String(child)));
  }
  return element;
}

/** What a figure reads when the result does not carry it (as the pages say). */
export const NOT_AVAILABLE = "n/a";

const usdFull = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const usdCompact = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  notation: "compact",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const count = new Intl.NumberFormat("en-US");
const plain = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
// A result carries prices as numbers in quote units; every digit it carries is shown (at least
// two), up to the 8 decimals no market's price scale exceeds.
const priceFormat = new Intl.NumberFormat("en-US", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 8,
});

/** `$1,234.56` (as the pages' formatUsd), compact when asked; `+` before a gain when signed. */
export function usd(
  value: number | null | undefined,
  options: { compact?: boolean; sign?: boolean } = {},
): string {
  if (value === null || value === undefined) return NOT_AVAILABLE;
  const text = (options.compact ? usdCompact : usdFull).format(value);
  return options.sign && value > 0 ? `+${text}` : text;
}

/** A price in quote units. */
export function price(value: number | null | undefined): string {
  return value === null || value === undefined ? NOT_AVAILABLE : priceFormat.format(value);
}

/** A plain percent number with `decimals` decimals (3 for distances to bust, as the pages). */
export function percent(value: number | null | undefined, decimals = 3): string {
  return value === null || value === undefined ? NOT_AVAILABLE : `${value.toFixed(decimals)}%`;
}

/** An integer count with thousands separators. */
export function counted(value: number | null | undefined): string {
  return value === null || value === undefined ? NOT_AVAILABLE : count.format(value);
}

/** A token amount with its unit (`1,234.5 PAPER`). */
export function token(value: number | null | undefined, unit: string): string {
  return value === null || value === undefined ? NOT_AVAILABLE : `${plain.format(value)} ${unit}`;
}

/** `good` for a gain, `bad` for a loss (the pages' colour classes). */
export function tone(value: number | null | undefined): string {
  return value === null || value === undefined || value === 0 ? "" : value > 0 ? "good" : "bad";
}

/** `0x1234…abcd`. */
export function shortHex(hex: string): string {
  return hex.length > 14 ? `${hex.slice(0, 6)}…${hex.slice(-4)}` : hex;
}

/** `2026-11-20 12:00:00 UTC` from an ISO time (the pages' absolute times). */
export function utc(iso: string | null | undefined): string {
  if (!iso) return NOT_AVAILABLE;
  const ms = Date.parse(iso);
  return Number.isNaN(ms)
    ? NOT_AVAILABLE
    : new Date(ms).toISOString().replace("T", " ").replace(/\.\d{3}Z$/, " UTC");
}

/** The risk bands' names, as the pages print them. */
export const RISK_LABELS: Record<string, string> = {
  ok: "ok",
  close: "close",
  near_bust: "near bust",
};

/**
 * Leaderboard names are chosen by anyone. Text nodes already keep markup inert; this removes
 * the control and bidi characters that could make a name read as something else (as the pages'
 * plainName does) and cuts it to 60 characters.
 */
export function plainName(name: string, max = 60): string {
  // deno-lint-ignore no-control-regex
  const invisible = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
  const clean = name.replace(invisible, "").replace(/\s+/g, " ").trim();
  const chars = [...clean];
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : clean;
}
