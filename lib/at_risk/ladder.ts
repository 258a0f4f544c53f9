/**
 * The bust ladder: per market, the exact notional of the board's open positions whose bust price
 * lies in each band of the price around the mark (0.05 % steps out to ±5 %): longs bust as the
 * price falls, shorts as it rises. Papertrade publishes every position's bust price, so these are
 * sums, not estimates from open interest and an assumed leverage.
 *
 * A position's room is its move to bust (mark − bust for a long, bust − mark for a short, raw at
 * the price scale). It busts once the price has moved `k` steps against it when
 * `room ≤ k · step · mark`, which is decided in integers: `room · 10 000 ≤ k · stepBps · mark`.
 * So band `k` holds the positions with `(k − 1) · step · mark < room ≤ k · step · mark`, the
 * cumulative figure at `k` every position with `room ≤ k · step · mark` (those already at or past
 * their bust included), and the sums are bigint USD wad, exact.
 */
import type { Mark } from "../marks.ts";
import type { PositionValuation } from "../position/mod.ts";

/** One band's width, in basis points of the mark (5 = 0.05 %). */
export const LADDER_STEP_BPS = 5;
/** Bands on each side of the mark (100 × 0.05 % = 5 %). */
export const LADDER_STEPS = 100;
const BPS = 10_000n;

/** Positions and their notional (USD wad). */
export interface LadderSum {
  count: number;
  notional: bigint;
}

export interface LadderSide {
  /** At or past their bust price already (room ≤ 0): they bust at the mark. */
  pastBust: LadderSum;
  /** Band `k` (1-based) at index `k − 1`: room in (k − 1, k] steps. */
  bands: LadderSum[];
  /** Farther than the last band. */
  beyond: LadderSum;
}

export interface MarketLadder {
  symbol: string;
  mark: Mark;
  /** Busts as the price falls. */
  long: LadderSide;
  /** Busts as the price rises. */
  short: LadderSide;
}

export type BustLadder = ReturnType<typeof bustLadder>;

type LadderRow = Pick<PositionValuation, "symbol" | "mark" | "moveToBust" | "notional"> & {
  position: { isLong: boolean };
};

/** The ladder of `rows` (the board's, every band), per market in the order of `markets`. */
export function bustLadder(rows: readonly LadderRow[], markets: readonly string[]) {
  const [stepBps, steps] = [LADDER_STEP_BPS, LADDER_STEPS];
  const bySymbol = new Map<string, MarketLadder>();
  let unvalued = 0;
  for (const row of rows) {
    if (row.mark === null || row.moveToBust === null) {
      unvalued += 1;
      continue;
    }
    let ladder = bySymbol.get(row.symbol);
    if (!ladder) {
      ladder = { symbol: row.symbol, mark: row.mark, long: side(steps), short: side(steps) };
      bySymbol.set(row.symbol, ladder);
    }
    const sums = row.position.isLong ? ladder.long : ladder.short;
    const band = bandOf(row.moveToBust, row.mark.markRaw);
    const sum = band === 0 ? sums.pastBust : band > steps ? sums.beyond : sums.bands[band - 1];
    sum.count += 1;
    sum.notional += row.notional;
  }
  // In the order of `markets`, then any other; a market without a valued position has none.
  const ordered = [
    ...markets.flatMap((symbol) => bySymbol.get(symbol) ?? []),
    ...[...bySymbol.values()].filter((ladder) => !markets.includes(ladder.symbol)),
  ];
  // `unvalued`: positions left out: no mark (or a value the math refused), by market.
  return { stepBps, steps, markets: ordered, unvalued };
}

/**
 * The band of a room to bust at `markRaw`: 0 at or past bust, else the smallest `k` with
 * `room · 10 000 ≤ k · stepBps · mark` (a ceiling division, exact).
 */
export function bandOf(room: bigint, markRaw: bigint): number {
  if (markRaw <= 0n) throw new RangeError(`mark price must be positive, got ${markRaw}`);
  if (room <= 0n) return 0;
  const step = BigInt(LADDER_STEP_BPS) * markRaw;
  return Number((room * BPS + step - 1n) / step);
}

/**
 * The cumulative sums of a side, band by band: what busts once the price has moved `k` steps
 * against the positions (index `k − 1`), those already past bust included.
 */
export function cumulative(side: LadderSide): LadderSum[] {
  let count = side.pastBust.count;
  let notional = side.pastBust.notional;
  return side.bands.map((band) => {
    count += band.count;
    notional += band.notional;
    return { count, notional };
  });
}

/**
 * The price `k` steps from the mark, raw and rounded down (below the mark for longs, above it for
 * shorts): the far edge of band `k`, for display.
 */
export function ladderPrice(
  markRaw: bigint,
  k: number,
  isLong: boolean,
  stepBps = LADDER_STEP_BPS,
): bigint {
  const move = BigInt(k * stepBps);
  return isLong ? (markRaw * (BPS - move)) / BPS : (markRaw * (BPS + move)) / BPS;
}

export function sideTotal(side: LadderSide): LadderSum {
  return [side.pastBust, ...side.bands, side.beyond].reduce(
    (all, sum) => ({ count: all.count + sum.count, notional: all.notional + sum.notional }),
    { count: 0, notional: 0n },
  );
}

function side(steps: number): LadderSide {
  const zero = () => ({ count: 0, notional: 0n });
  return { pastBust: zero(), bands: Array.from({ length: steps }, zero), beyond: zero() };
}
