/**
 * The at-risk board's model, get_positions_at_risk's output: the board's freshness and coverage,
 * and its rows, each an open position (the position's own model, as get_positions names its
 * fields) with the board's fields for its wallet.
 */
import { z } from "zod";
import { addressOut, isoOut, jsonObject, unavailableJson, unavailableOut } from "../json_model.ts";
import { isoFromMs } from "../json_units.ts";
import type { AtRiskBoard, AtRiskRow } from "./board.ts";

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
