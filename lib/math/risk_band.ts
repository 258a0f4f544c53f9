/** How close a position is to its bust price. */
export type RiskBand = "ok" | "close" | "near_bust";

/** Band thresholds on a distance to bust, percent scaled by 1e18: 0.03 % and 0.08 %. */
const NEAR_BUST_BELOW_PERCENT_WAD = 3n * 10n ** 16n;
const CLOSE_BELOW_PERCENT_WAD = 8n * 10n ** 16n;

/**
 * Band of a distance to bust (`distanceToBustPercentWad`): `near_bust` under 0.03 percent
 * (including any negative distance, past bust), `close` under 0.08 percent, else `ok`. These bands
 * are this explorer's own convention, not protocol rules.
 */
export function riskBand(distancePercentWad: bigint): RiskBand {
  if (distancePercentWad < NEAR_BUST_BELOW_PERCENT_WAD) return "near_bust";
  if (distancePercentWad < CLOSE_BELOW_PERCENT_WAD) return "close";
  return "ok";
}
