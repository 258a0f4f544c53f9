/**
 * The leaderboard (`/state/leaderboard/accounts`): windows, sort keys, ranked rows and pages. Part
 * of `wire.ts`, which the rest of the explorer imports.
 */
import { z } from "zod";
import { address, count, intString, uintString } from "./_wire_scalars.ts";
import { mapped, modelled, rowsOf } from "./_modelled.ts";

/** Leaderboard time windows, shortest first. */
export const LEADERBOARD_WINDOWS = ["24h", "7d", "30d", "all"] as const;
/** Leaderboard sort keys (each names a row field), in column order. */
export const LEADERBOARD_SORT_KEYS = [
  "totalWindowedPnl",
  "realizedPnl",
  "currentUnrealizedPnl",
  "currentBalance",
  "currentQueued",
  "currentOpenNotional",
  "totalVolume",
  "paperTotal",
  "currentOpenPositionCount",
] as const;
export const leaderboardWindow = z.enum(LEADERBOARD_WINDOWS);
export const leaderboardSortKey = z.enum(LEADERBOARD_SORT_KEYS);

// modelled: [leaderboard.rowFields] row fields beyond address and leaderboardName are unknown;
// named after the sort keys, plus the true 1-based rank within the window and sort. Each is null
// when the answer lacked it. Money is wad USD, paperTotal is PAPER held plus staked (wad).
export const leaderboardRow = z.object({
  address,
  /** Self-chosen display name: untrusted text. */
  leaderboardName: z.string().nullable(),
  rank: modelled(z.number().int().positive()),
  totalWindowedPnl: modelled(intString),
  realizedPnl: modelled(intString),
  currentUnrealizedPnl: modelled(intString),
  currentBalance: modelled(uintString),
  currentQueued: modelled(uintString),
  currentOpenNotional: modelled(uintString),
  totalVolume: modelled(uintString),
  paperTotal: modelled(uintString),
  currentOpenPositionCount: modelled(count),
});

/** One leaderboard page (endpoint `leaderboard`); a malformed row is dropped and counted. */
export const leaderboardPage = mapped(
  z.object({
    ok: z.literal(true),
    summary: z.object({ uniqueAccounts: count, trackedBalance: uintString }),
    accounts: rowsOf(leaderboardRow),
    // modelled: [leaderboard.totalItems] only totalPages is known.
    pageInfo: z.object({ totalPages: count, totalItems: modelled(count) }),
  }),
  (body) => ({
    uniqueAccounts: body.summary.uniqueAccounts,
    /** Sum of tracked balances (wad USD). */
    trackedBalance: body.summary.trackedBalance,
    accounts: body.accounts.rows,
    totalPages: body.pageInfo.totalPages,
    totalItems: body.pageInfo.totalItems,
    rowsSkipped: body.accounts.dropped,
  }),
);

export type LeaderboardWindow = typeof LEADERBOARD_WINDOWS[number];
export type LeaderboardSortKey = typeof LEADERBOARD_SORT_KEYS[number];
export type LeaderboardRow = z.output<typeof leaderboardRow>;
export type LeaderboardPage = z.output<typeof leaderboardPage>;
