/** How close a position is to its bust price. */
export type RiskBand = "ok" | "close" | "near_bust";

/** Below this distance (0.03 percent, scaled by 1e18) a position is `near_bust`. */
const NEAR_BUST_BELOW_PERCENT_WAD = 3n * 10n ** 16n;
/** Below this distance (0.08 percent, scaled by 1e18) a position is `close`. */
const CLOSE_BELOW_PERCENT_WAD = 8n * 10n ** 16n;

/**
 * Classify a distance to bust (from `distanceToBustPercentWad`, 1e18 = 1 percent).
 *
 * `near_bust` when the distance is under 0.03 percent (including any negative distance,
 * i.e. already past bust), `close` when under 0.08 percent, otherwise `ok`. These bands
 * are this explorer's own convention, not protocol rules.
 */
export function riskBand(distancePercentWad: bigint): RiskBand {
  if (distancePercentWad < NEAR_BUST_BELOW_PERCENT_WAD) return "near_bust";
  if (distancePercentWad < CLOSE_BELOW_PERCENT_WAD) return "close";
  return "ok";
}
