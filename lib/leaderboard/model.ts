/**
 * The leaderboard's model: one ranked page of a window, get_leaderboard's output schema. Its row is
 * also the search's name matches. The figures are the upstream's snapshot, each named once
 * (`LEADERBOARD_FIGURES`: the page's label and this row's field, which is also the CSV column).
 * The unrealized PnL here was valued by the upstream when it took the snapshot, while the wallet
 * page and `get_positions` value it at the live mark, so the two are named apart
 * (docs/figures.md).
 */
import { z } from "zod";
import {
  type LeaderboardRow,
  type LeaderboardSortKey,
  type LeaderboardWindow,
  modelledGapsOf,
} from "../papertrade/mod.ts";
import {
  addressOut,
  jsonObject,
  rowsSkippedOut,
  unavailableJson,
  unavailableOut,
  windowOut,
} from "../json_model.ts";
import { fromWadOrNull } from "../json_units.ts";
import type { RankedLeaderboardPage } from "./ranks.ts";
import { LEADERBOARD_ROWS_PER_PAGE } from "./view.ts";

/**
 * One ranked wallet, read sorted by PnL, descending, where the upstream's rank is both the PnL
 * rank and the place; a page read under another sort replaces `rank` ({@link leaderboardJson}).
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

/** Each figure's field (in get_leaderboard and the CSV column) and its label on the page. */
export const LEADERBOARD_FIGURES: Readonly<
  Record<
    LeaderboardSortKey,
    { field: keyof z.input<typeof leaderboardRowJson.schema>; label: string }
  >
> = {
  totalWindowedPnl: { field: "pnl_usd", label: "Window PnL" },
  realizedPnl: { field: "realized_pnl_usd", label: "Window realized" },
  currentUnrealizedPnl: { field: "snapshot_unrealized_pnl_usd", label: "Snapshot unrealized" },
  currentBalance: { field: "balance_usd", label: "Balance" },
  currentQueued: { field: "queued_usd", label: "Queued" },
  currentOpenNotional: { field: "open_notional_usd", label: "Open notional" },
  totalVolume: { field: "volume_usd", label: "Volume" },
  paperTotal: { field: "paper_total", label: "PAPER" },
  currentOpenPositionCount: { field: "open_positions", label: "Open positions" },
};

/** One page of a window as read, under the page index asked for. */
type PageRead = { window: LeaderboardWindow; index: number; page: RankedLeaderboardPage };

/** get_leaderboard's result: a page of {@link LEADERBOARD_ROWS_PER_PAGE} ranked wallets. */
export const leaderboardJson = jsonObject<PageRead>()({
  window: [windowOut, (read) => read.window],
  page: [z.number().int().describe("0-based page index of these rows."), (read) => read.index],
  total_accounts: [
    z.number().int().nullable().describe(
      `Accounts matching this window and query, over all pages (${LEADERBOARD_ROWS_PER_PAGE} ` +
        "rows per page); null when the upstream's (modelled) count was not found.",
    ),
    ({ page }) => page.totalItems,
  ],
  accounts: [
    z.array(leaderboardRowJson.schema),
    // The cap keeps an oversized upstream answer within the page size asked for.
    ({ page }) =>
      page.accounts.slice(0, LEADERBOARD_ROWS_PER_PAGE).map((row) => ({
        ...leaderboardRowJson.of(row),
        rank: page.pnlRanks.get(row.address) ?? null,
      })),
  ],
  // The reads are needed together (one failing fails the tool): only modelled keys can be missing.
  unavailable: [unavailableOut, ({ page }) => unavailableJson(modelledGapsOf(page))],
  rows_skipped: [rowsSkippedOut, ({ page }) => page.rowsSkipped],
});
