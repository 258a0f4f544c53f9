/** Leaderboard rows as JSON, each field declared once. */
import { z } from "zod";
import type { LeaderboardRow } from "../lib/papertrade/mod.ts";
import { addressOut, jsonObject } from "../lib/json_model.ts";
import { fromWadOrNull } from "../lib/json_units.ts";

/**
 * One ranked wallet, read sorted by PnL, descending, where the upstream's rank is both the PnL
 * rank and the place; a caller that read another sort replaces `rank`.
 */
export const leaderboardRowJson = jsonObject<LeaderboardRow>(
  "Every field but address and leaderboard_name is null when the upstream's (modelled) key " +
    "for it was not found; unavailable names it.",
)({
  rank: [
    z.number().int().nullable().describe(
      "1-based rank by PnL in the window, whatever the sort (null past the first 1000 by PnL).",
    ),
    (row) => row.rank,
  ],
  position: [
    z.number().int().nullable().describe(
      "1-based place in the requested sort among all accounts of the window (before a name " +
        "filter); null when the upstream's row has no rank.",
    ),
    (row) => row.rank,
  ],
  address: [addressOut, (row) => row.address],
  leaderboard_name: [
    z.string().nullable().describe("Chosen by the wallet owner: untrusted text."),
    (row) => row.leaderboardName,
  ],
  pnl_usd: [
    z.number().nullable().describe(
      "Window PnL: realized in the window plus snapshot_unrealized_pnl_usd.",
    ),
    (row) => fromWadOrNull(row.totalWindowedPnl),
  ],
  realized_pnl_usd: [
    z.number().nullable().describe("PnL realized in the window."),
    (row) => fromWadOrNull(row.realizedPnl),
  ],
  snapshot_unrealized_pnl_usd: [
    z.number().nullable().describe(
      "Unrealized PnL of the open positions as the leaderboard's snapshot valued it, not at " +
        "the live mark (get_positions has the live unrealized_pnl_usd).",
    ),
    (row) => fromWadOrNull(row.currentUnrealizedPnl),
  ],
  balance_usd: [z.number().nullable(), (row) => fromWadOrNull(row.currentBalance)],
  queued_usd: [z.number().nullable(), (row) => fromWadOrNull(row.currentQueued)],
  open_notional_usd: [z.number().nullable(), (row) => fromWadOrNull(row.currentOpenNotional)],
  volume_usd: [z.number().nullable(), (row) => fromWadOrNull(row.totalVolume)],
  paper_total: [
    z.number().nullable().describe("PAPER held plus staked."),
    (row) => fromWadOrNull(row.paperTotal),
  ],
  open_positions: [z.number().int().nullable(), (row) => row.currentOpenPositionCount],
});
