import { type PositionAtMark, unrealizedPnlWad } from "./unrealized_pnl.ts";
import { WAD } from "./units.ts";

/**
 * Instrument curve parameters and the venue win fee, all wad: rateMultiplier (BTC and ETH
 * 15000e18), positionMultiplier (BTC 814.598e18, ETH 483.979e18), baseRate (a fraction, 0.1e18),
 * referenceNotional (USD, $100,000), and the win fee rate (2% = 2e16, read live from the exchange).
 */
export interface ClosePayoutParams {
  rateMultiplierWad: bigint;
  positionMultiplierWad: bigint;
  baseRateWad: bigint;
  referenceNotionalWad: bigint;
  winFeeRateWad: bigint;
}

/** The steps of a close valuation, all signed USD wad. */
export interface ClosePayout {
  /** PnL on the deadband-adjusted exit, a loss floored at −margin. */
  rawPnlWad: bigint;
  /** Raw PnL after the impact haircut (a gain) or the raw loss itself. */
  adjustedPnlWad: bigint;
  /** Win fee taken from a positive adjusted PnL; 0 on a loss. */
  winFeeWad: bigint;
  /** The PnL the close realizes after those costs: adjusted − win fee on a gain, else the loss. */
  closePnlWad: bigint;
  /** What the close pays back: the margin plus `closePnlWad` (never below zero). */
  payoutWad: bigint;
}

/** Deadband divisor: d = floor(E / 50000), i.e. 0.2 bps of entry. */
const DEADBAND_DIVISOR = 50_000n;
const POSITION_TERM_SCALE = 1_000_000n;

function checkParams(params: ClosePayoutParams): void {
  for (const [name, value] of Object.entries(params)) {
    if (value < 0n) throw new RangeError(`${name} must not be negative, got ${value}`);
  }
  if (params.baseRateWad > WAD) {
    throw new RangeError(`baseRateWad must be at most 1e18, got ${params.baseRateWad}`);
  }
  if (params.winFeeRateWad > WAD) {
    throw new RangeError(`winFeeRateWad must be at most 1e18, got ${params.winFeeRateWad}`);
  }
}

/**
 * What closing a position at mark X would realize, step by step, in exact integer math; every
 * division rounds down (the raw PnL magnitude toward zero).
 *
 * 1. Deadband d = ⌊E/50000⌋. Long: X' = X − d if X > E + d; X' = E if E < X ≤ E + d;
 *    else X' = X. Short: X' = X + d if X + d < E; X' = E if E − d ≤ X < E; else X' = X.
 *    (A win is measured d less favourably; a loss is not changed.)
 * 2. move = X' − E (long) or E − X' (short); raw = M·L·move/E, floored at −M.
 * 3. raw ≤ 0: adjusted = payout = raw, win fee 0. Stop.
 * 4. Haircut on a gain: mWad = ⌊move·WAD/E⌋; rateTerm = ⌊mWad·rateMultiplier/WAD⌋;
 *    positionTerm = ⌊1e6·mWad·positionMultiplier/WAD⌋. If either term is 0, kept = 0.
 *    Otherwise inverseRate = ⌊WAD²/rateTerm⌋, referenceRatio =
 *    ⌊referenceNotional·WAD/positionTerm⌋ and
 *    kept = ⌊(WAD − baseRate)·WAD / (WAD + inverseRate + referenceRatio)⌋, i.e.
 *    (1 − baseRate) / (1 + 1/rateTerm + referenceNotional/positionTerm) as a wad.
 * 5. adjusted = ⌊raw·kept/WAD⌋.
 * 6. winFee = ⌊adjusted·winFeeRate/WAD⌋; closePnl = adjusted − winFee.
 * 7. payout = M + closePnl: the margin comes back with the PnL (a full loss pays 0).
 *
 * The kept share depends on the price move only, not on position size: for BTC a 1%
 * move keeps about 88.3% and a 0.1% move about 75.7% before the win fee.
 */
export function closePayout(position: PositionAtMark, params: ClosePayoutParams): ClosePayout {
  const { entryRaw: entry, markRaw: mark, marginWad: margin, isLong } = position;
  if (entry <= 0n) throw new RangeError(`entry price must be positive, got ${entry}`);
  if (mark < 0n) throw new RangeError(`mark price must not be negative, got ${mark}`);

  // 1. deadband-adjusted exit
  const deadband = entry / DEADBAND_DIVISOR;
  let exit = mark;
  if (isLong) {
    if (mark > entry + deadband) exit = mark - deadband;
    else if (mark > entry) exit = entry;
  } else {
    if (mark + deadband < entry) exit = mark + deadband;
    else if (mark < entry) exit = entry;
  }

  // 2. raw PnL, loss floored at the margin: the unrealized PnL at the adjusted exit
  const rawPnlWad = unrealizedPnlWad({ ...position, markRaw: exit });
  checkParams(params);

  // 3. losses and zero pass through untouched
  if (rawPnlWad <= 0n) {
    return steps(margin, rawPnlWad, rawPnlWad, 0n);
  }

  // 4. impact haircut (move > 0 here)
  const move = isLong ? exit - entry : entry - exit;
  const moveWad = (move * WAD) / entry;
  const rateTerm = (moveWad * params.rateMultiplierWad) / WAD;
  const positionTerm = (POSITION_TERM_SCALE * moveWad * params.positionMultiplierWad) / WAD;
  let keptWad = 0n;
  if (rateTerm > 0n && positionTerm > 0n) {
    const inverseRate = (WAD * WAD) / rateTerm;
    const referenceRatio = (params.referenceNotionalWad * WAD) / positionTerm;
    keptWad = ((WAD - params.baseRateWad) * WAD) / (WAD + inverseRate + referenceRatio);
  }

  // 5. adjusted gain, 6. win fee
  const adjustedPnlWad = (rawPnlWad * keptWad) / WAD;
  return steps(margin, rawPnlWad, adjustedPnlWad, (adjustedPnlWad * params.winFeeRateWad) / WAD);
}

// 6 and 7: the PnL after the win fee, and the margin paid back with it.
function steps(margin: bigint, raw: bigint, adjusted: bigint, winFee: bigint): ClosePayout {
  const closePnlWad = adjusted - winFee;
  return {
    rawPnlWad: raw,
    adjustedPnlWad: adjusted,
    winFeeWad: winFee,
    closePnlWad,
    payoutWad: margin + closePnlWad,
  };
}
