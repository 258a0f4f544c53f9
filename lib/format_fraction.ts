/** Display of protocol fractions (bust buffer, fee rates), which are wads where 1e18 = 100 %. */
import { wadToNumber } from "./math/mod.ts";

/** A wad fraction as a percent with basis points: `0.0476% (4.76 bp)`. */
export function formatFraction(fractionWad: bigint): string {
  const percent = wadToNumber(fractionWad) * 100;
  return `${percent.toFixed(4)}% (${(percent * 100).toFixed(2)} bp)`;
}
