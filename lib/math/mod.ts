/**
 * Papertrade position and instrument math: pure functions on exact bigint values (18-decimal
 * "wad" money and fractions, raw integer prices at each instrument's price scale); `units.ts`
 * converts to numbers for display only. An input outside a function's domain throws a
 * RangeError, which callers such as `valuePosition` catch to leave one position unvalued.
 *
 * @module
 */

export * from "./units.ts";
export * from "./leverage.ts";
export * from "./mark_price.ts";
export * from "./bust_price.ts";
export * from "./unrealized_pnl.ts";
export * from "./close_payout.ts";
export * from "./distance_to_bust.ts";
export * from "./risk_band.ts";
export * from "./net_pnl.ts";
export * from "./pending_rewards.ts";
export * from "./open_interest.ts";
export * from "./market_status.ts";
export * from "./return_on_deposits.ts";
