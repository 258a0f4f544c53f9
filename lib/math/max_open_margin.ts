import { checkedLeverage } from "./leverage.ts";
import { isUncappedCap } from "./open_interest.ts";

/** Inputs of {@link maxOpenMargin}. */
export interface MaxOpenMarginOptions {
  /** Leverage of the new position, a whole number from 1 to 1000. */
  leverage: number;
  /** Instrument maxPositionNotional, USD wad (must be positive). */
  maxPositionNotionalWad: bigint;
  /** Open interest of the side being opened, base quantity × 1e18. */
  sideOiBaseWad: bigint;
  /** Cap of that side, same unit (≥ 2^127 or 0: no side cap). */
  sideCapBaseWad: bigint;
  /** Current mark, raw at the instrument's price scale (must be positive). */
  markRaw: bigint;
  /** The instrument's price scale (BTC 10, ETH 100). */
  priceScale: bigint;
  /** Optional venue maximum net OI, USD wad; 0 or absent means none. */
  maxNetOiUsdWad?: bigint;
  /** Open interest of the other side; required when `maxNetOiUsdWad` is set. */
  otherSideOiBaseWad?: bigint;
}

/** The largest margin a new open may use, and which limit set it. */
export interface MaxOpenMargin {
  /** Maximum margin, USD wad. */
  maxMarginWad: bigint;
  /** The binding limit (ties go to the per-position notional). */
  limitedBy: "max_position_notional" | "open_interest_cap";
  /** USD headroom left on the side, or null when the side is uncapped. */
  sideHeadroomUsdWad: bigint | null;
}

/**
 * The largest margin a new position of this side and leverage can take now, USD wad:
 * min(⌊maxPositionNotional / L⌋, ⌊sideHeadroomUsd / L⌋).
 *
 * Side headroom USD = ⌊max(cap − sideOI, 0) · mark / priceScale⌋. The cap is the side cap
 * unless it is uncapped (≥ 2^127) or 0 (three.ws reads 0 as unset). When a maximum net OI
 * (USD) is given, the cap becomes min(sideCap, otherSideOI + ⌊maxNetOI · priceScale /
 * mark⌋). With no cap at all only the notional limit applies. Minimum margin / notional
 * and per-market maximum leverage are separate checks.
 *
 * @throws {RangeError} on invalid leverage, a non-positive mark, price scale or maximum
 * notional, negative OI, or a net OI limit without the other side's OI.
 */
export function maxOpenMargin(options: MaxOpenMarginOptions): MaxOpenMargin {
  const { maxPositionNotionalWad, sideOiBaseWad, sideCapBaseWad, markRaw, priceScale } = options;
  const leverage = checkedLeverage(options.leverage);
  if (maxPositionNotionalWad <= 0n) {
    throw new RangeError(`maxPositionNotionalWad must be positive, got ${maxPositionNotionalWad}`);
  }
  if (markRaw <= 0n) throw new RangeError(`mark price must be positive, got ${markRaw}`);
  if (priceScale <= 0n) throw new RangeError(`price scale must be positive, got ${priceScale}`);
  if (sideOiBaseWad < 0n || sideCapBaseWad < 0n) {
    throw new RangeError("side open interest and cap must not be negative");
  }

  let cap: bigint | null = sideCapBaseWad === 0n || isUncappedCap(sideCapBaseWad)
    ? null
    : sideCapBaseWad;
  const maxNetOi = options.maxNetOiUsdWad ?? 0n;
  if (maxNetOi > 0n) {
    const other = options.otherSideOiBaseWad;
    if (other === undefined || other < 0n) {
      throw new RangeError("otherSideOiBaseWad (not negative) is required with maxNetOiUsdWad");
    }
    const netCap = other + (maxNetOi * priceScale) / markRaw;
    if (cap === null || netCap < cap) cap = netCap;
  }

  const notionalLimit = maxPositionNotionalWad / leverage;
  if (cap === null) {
    return {
      maxMarginWad: notionalLimit,
      limitedBy: "max_position_notional",
      sideHeadroomUsdWad: null,
    };
  }
  const room = cap > sideOiBaseWad ? cap - sideOiBaseWad : 0n;
  const sideHeadroomUsdWad = (room * markRaw) / priceScale;
  const headroomLimit = sideHeadroomUsdWad / leverage;
  return headroomLimit < notionalLimit
    ? { maxMarginWad: headroomLimit, limitedBy: "open_interest_cap", sideHeadroomUsdWad }
    : { maxMarginWad: notionalLimit, limitedBy: "max_position_notional", sideHeadroomUsdWad };
}
