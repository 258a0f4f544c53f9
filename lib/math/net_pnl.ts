/**
 * Net PnL of a closed trade, USD wad: the exchange's adjusted PnL minus the fee the user
 * paid (`adjustedPnlRaw − userPaidFeeRaw`). Both inputs are signed 18-decimal integers as
 * the history reports them; no rounding happens.
 *
 * @example netPnlWad(88326854386986704700n, 1766537087739734094n) // 86560317299246970606n
 */
export function netPnlWad(adjustedPnlRaw: bigint, userPaidFeeRaw: bigint): bigint {
  return adjustedPnlRaw - userPaidFeeRaw;
}
