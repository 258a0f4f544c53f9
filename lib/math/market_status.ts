/** The five status flags of an instrument tuple (fields 4–8). */
export interface MarketFlags {
  /** Market is listed and trading. */
  active: boolean;
  /** Market is paused by the guardian (BBO frozen). */
  paused: boolean;
  /** Market is terminal: closes settle at the frozen mid. */
  terminal: boolean;
  retired: boolean;
  /** Only closes are accepted. */
  closeOnly: boolean;
}

export type MarketStatus = "retired" | "terminal" | "paused" | "close_only" | "active" | "inactive";

/**
 * One status for a market, by precedence: retired → terminal → paused → close_only →
 * active → inactive. The venue-wide `tradingPaused` switch turns an otherwise-active market
 * into `paused`; it does not override retired, terminal or close-only.
 */
export function marketStatus(flags: MarketFlags, tradingPaused: boolean): MarketStatus {
  if (flags.retired) return "retired";
  if (flags.terminal) return "terminal";
  if (flags.paused) return "paused";
  if (flags.closeOnly) return "close_only";
  if (flags.active) return tradingPaused ? "paused" : "active";
  return "inactive";
}

/**
 * Whether new positions can open on a market: active and not paused, close-only,
 * retired or terminal, with the venue-wide trading pause off.
 */
export function isOpenable(flags: MarketFlags, tradingPaused: boolean): boolean {
  return flags.active && !flags.paused && !flags.closeOnly && !flags.retired &&
    !flags.terminal && !tradingPaused;
}
