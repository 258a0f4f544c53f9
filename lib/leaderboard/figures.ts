/**
 * The figures of a leaderboard row, each under one name on every face: its label on the page
 * (the column and the sort form), its field in `get_leaderboard` (`tools/_json_wallet.ts`) and its
 * column in `/leaderboard.csv`. They are the upstream's snapshot of the row, not figures the
 * explorer computes: the unrealized PnL here was valued by the upstream when it took the
 * snapshot, while the wallet page and `get_positions` value it at the live mark, so the two are
 * named apart (docs/figures.md).
 */
import type { LeaderboardSortKey } from "../papertrade/mod.ts";

/** One figure of a leaderboard row. */
export interface LeaderboardFigure {
  /** The tool field and CSV column. */
  field: string;
  /** The page's column label. */
  label: string;
}

export const LEADERBOARD_FIGURES: Readonly<Record<LeaderboardSortKey, LeaderboardFigure>> = {
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
