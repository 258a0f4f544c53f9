/**
 * get_positions_at_risk's model: the board's freshness and coverage, and its rows, each an open
 * position (as get_positions names its fields) with the board's fields for its wallet.
 */
import { z } from "zod";
import { addressOut, isoOut, jsonObject, unavailableJson, unavailableOut } from "../json_model.ts";
import { fromWad, isoFromMs, toPrice } from "../json_units.ts";
import type { AtRiskBoard, AtRiskRow } from "./board.ts";
import type { WalletHoldings } from "./holdings.ts";
import { distancePercent } from "../figure_text.ts";
import {
  type BustLadder,
  cumulative,
  ladderPrice,
  type LadderSide,
  type LadderSum,
  sideTotal,
} from "./ladder.ts";
import type { Mark } from "../marks.ts";

/** The board's fields of a row, after the position's. */
export const boardRowJson = jsonObject<AtRiskRow>()({
  wallet: [addressOut, (row) => row.wallet],
  leaderboard_name: [z.string().nullable().describe("Untrusted text."), (row) => row.name],
  read_at: [isoOut.nullable().describe("When this wallet was read."), (r) => isoFromMs(r.readAt)],
});

/** The board's own fields, around its `positions`. */
export const boardJson = jsonObject<{ board: AtRiskBoard }>()({
  refreshed_at: [
    isoOut.nullable().describe("When the board last read the positions."),
    ({ board }) => isoFromMs(board.refreshedAt),
  ],
  mark_at: [
    isoOut.nullable().describe("When the marks the rows are valued at were quoted."),
    ({ board }) => isoFromMs(board.markAt),
  ],
  wallets_known: [
    z.number().int().describe("Wallets the leaderboard reports with open positions."),
    ({ board }) => board.known.size,
  ],
  wallets_covered: [
    z.number().int().describe("Of those, wallets whose positions are on the board."),
    ({ board }) => board.covered.size,
  ],
  partial: [
    z.boolean().describe("True when the board covers fewer wallets than are known."),
    ({ board }) => board.partial,
  ],
  not_read: [
    z.array(z.strictObject({ wallet: addressOut, reason: z.string() })).describe(
      "Wallets whose read failed at the last refresh.",
    ),
    ({ board }) => board.notRead.map(({ wallet, reason }) => ({ wallet, reason })),
  ],
  not_yet_read: [
    z.number().int().describe("Wallets the read budget left for a later refresh."),
    ({ board }) => board.notYetRead,
  ],
  matched: [
    z.number().int().describe("Positions matching the filters, before the limit."),
    ({ board }) => board.rows.length,
  ],
  unavailable: [unavailableOut, ({ board }) => unavailableJson(board.unavailable)],
});

const sumJson = jsonObject<LadderSum>()({
  positions: [z.number().int(), (sum) => sum.count],
  notional_usd: [z.number(), (sum) => fromWad(sum.notional)],
});

/** One side of a market's ladder, its mark and which way the price moves to bust it. */
type SideAt = { side: LadderSide; mark: Mark; isLong: boolean; stepBps: number };

const sideJson = jsonObject<SideAt>()({
  past_bust: [
    sumJson.schema.describe("Already at or past their bust price: they bust at the mark."),
    ({ side }) => sumJson.of(side.pastBust),
  ],
  bands: [
    z.array(z.strictObject({
      band: z.number().int().describe("k: the bust lies between k − 1 and k steps from the mark."),
      move_percent: z.number().describe("k steps as a signed plain percent of the mark."),
      price: z.number().describe("The price k steps from the mark (the band's far edge)."),
      positions: z.number().int(),
      notional_usd: z.number().describe("Notional whose bust lies in this band."),
      cumulative_notional_usd: z.number().describe(
        "Notional that busts once the price has moved k steps: past bust and every band to k.",
      ),
    })).describe("Bands holding a bust, nearest the mark first; an empty band is left out."),
    ({ side, mark, isLong, stepBps }) => {
      const sums = cumulative(side);
      return side.bands.flatMap((band, i) =>
        band.count === 0 ? [] : [{
          band: i + 1,
          move_percent: ((isLong ? -1 : 1) * (i + 1) * stepBps) / 100,
          price: toPrice(ladderPrice(mark.markRaw, i + 1, isLong, stepBps), mark.priceScale)!,
          positions: band.count,
          notional_usd: fromWad(band.notional),
          cumulative_notional_usd: fromWad(sums[i].notional),
        }]
      );
    },
  ],
  beyond: [
    sumJson.schema.describe("Busts farther from the mark than the last band."),
    ({ side }) => sumJson.of(side.beyond),
  ],
  total: [
    sumJson.schema.describe("Every valued position of the side in this market."),
    ({ side }) => sumJson.of(sideTotal(side)),
  ],
});

/** The bust ladder: get_positions_at_risk's `bust_ladder`. */
export const ladderJson = jsonObject<BustLadder>(
  "Per market, the exact notional of the board's open positions (every band of risk) whose " +
    "bust price lies in each step of the price around the mark: longs as the price falls, " +
    "shorts as it rises. Sums, not estimates.",
)({
  step_percent: [
    z.number().describe("One band's width, a plain percent of the mark."),
    (ladder) => ladder.stepBps / 100,
  ],
  range_percent: [
    z.number().describe("How far the bands reach on each side of the mark, plain percent."),
    (ladder) => (ladder.stepBps * ladder.steps) / 100,
  ],
  markets: [
    z.array(z.strictObject({
      market: z.string(),
      mark_price: z.number().describe("The mark the bands are measured from."),
      long: sideJson.schema.describe("Longs: they bust as the price falls."),
      short: sideJson.schema.describe("Shorts: they bust as the price rises."),
    })).describe("Markets with a valued position on the board."),
    ({ markets, stepBps }) =>
      markets.map(({ symbol, mark, long, short }) => ({
        market: symbol,
        mark_price: toPrice(mark.markRaw, mark.priceScale)!,
        long: sideJson.of({ side: long, mark, isLong: true, stepBps }),
        short: sideJson.of({ side: short, mark, isLong: false, stepBps }),
      })),
  ],
  unvalued_positions: [
    z.number().int().describe("Positions left out for want of a mark."),
    (ladder) => ladder.unvalued,
  ],
});

/** What a wallet holds now on the board (`holdings.ts`), for the leaderboard's rows. */
export const holdingsJson = jsonObject<WalletHoldings>()({
  markets: [
    z.array(z.strictObject({ market: z.string(), long: sumJson.schema, short: sumJson.schema }))
      .describe("Open notional (margin × leverage) per market and side; empty when none shown."),
    (held) =>
      "reason" in held ? [] : held.markets.map(({ symbol, long, short }) => ({
        market: symbol,
        long: sumJson.of(long),
        short: sumJson.of(short),
      })),
  ],
  nearest_to_bust_percent: [
    z.number().nullable().describe(
      "Its open position nearest to bust: distance to bust, plain percent (null: none valued).",
    ),
    (held) =>
      "reason" in held || !("row" in held.nearest) ||
        held.nearest.row.distanceToBustPercent === null
        ? null
        : distancePercent(held.nearest.row.distanceToBustPercent),
  ],
  none_because: [
    z.string().nullable().describe(
      "Why no position is shown: no open position, or the board has not read the wallet yet " +
        "(not read yet is not holding nothing). Null when positions are shown.",
    ),
    (held) => "reason" in held ? held.reason : null,
  ],
});
