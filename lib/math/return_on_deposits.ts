import { WAD } from "./units.ts";

/**
 * A wallet's return on deposits, as a percent scaled by 1e18 (1e18 = 1 %): its total PnL (lifetime
 * realized plus unrealized at the mark, USD wad) over everything it ever deposited (the snapshot's
 * lifetime deposits, USD wad). Withdrawals do not enter it: a wallet that took its gains out still
 * earned them. The division truncates toward zero. Null when nothing was deposited (no base).
 *
 * @example returnOnDepositsPercentWad(25n * WAD, 1000n * WAD) // 2.5 %: 2500000000000000000n
 */
export function returnOnDepositsPercentWad(
  totalPnlWad: bigint,
  depositedWad: bigint,
): bigint | null {
  if (depositedWad < 0n) throw new RangeError(`deposits cannot be negative, got ${depositedWad}`);
  if (depositedWad === 0n) return null;
  return (totalPnlWad * 100n * WAD) / depositedWad;
}
