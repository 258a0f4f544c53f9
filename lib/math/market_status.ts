/**
 * The five status flags of an instrument tuple (fields 4–8). `paused`: paused by the guardian,
 * BBO frozen; `terminal`: closes settle at the frozen mid; `closeOnly`: only closes are accepted.
 */
export interface MarketFlags {
  active: boolean;
  paused: boolean;
  terminal: boolean;
  retired: boolean;
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

/** Whether new positions can open: only on an `active` market (no flag nor venue pause set). */
export function isOpenable(flags: MarketFlags, tradingPaused: boolean): boolean {
  return marketStatus(flags, tradingPaused) === "active";
}
