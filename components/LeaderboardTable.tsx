import type { Address, LeaderboardRow, LeaderboardSortKey } from "../lib/papertrade/mod.ts";
import { type LeaderboardView, NEAREST_TO_BUST, sortHref } from "../lib/leaderboard_view.ts";
import type { WalletNearest } from "../lib/at_risk.ts";
import {
  PNL_RANK_MAX_PAGES,
  PNL_RANK_PAGE_SIZE,
  type RankedLeaderboardPage,
} from "../lib/wallet/ranks.ts";
import { formatCount, formatPercent, formatToken, formatUsd, toneOf } from "../lib/format.ts";
import { LeaderboardName, WalletLink } from "./links.tsx";

interface Column {
  key: LeaderboardSortKey;
  label: string;
  format(row: LeaderboardRow): string;
  /** Coloured by sign. */
  tone?: boolean;
}

// Signed PnL columns keep cents; balances and volumes are compact, as their headers say.
const COLUMNS: Column[] = [
  {
    key: "totalWindowedPnl",
    label: "PnL",
    tone: true,
    format: (row) => formatUsd(row.totalWindowedPnl, { sign: true }),
  },
  {
    key: "realizedPnl",
    label: "Realized",
    format: (row) => formatUsd(row.realizedPnl, { sign: true }),
  },
  {
    key: "currentUnrealizedPnl",
    label: "Unrealized",
    format: (row) => formatUsd(row.currentUnrealizedPnl, { sign: true }),
  },
  {
    key: "currentBalance",
    label: "Balance (compact)",
    format: (row) => compactUsd(row.currentBalance),
  },
  {
    key: "currentQueued",
    label: "Queued (compact)",
    format: (row) => compactUsd(row.currentQueued),
  },
  {
    key: "currentOpenNotional",
    label: "Open notional (compact)",
    format: (row) => compactUsd(row.currentOpenNotional),
  },
  { key: "totalVolume", label: "Volume (compact)", format: (row) => compactUsd(row.totalVolume) },
  { key: "paperTotal", label: "PAPER", format: (row) => formatToken(row.paperTotal, "PAPER") },
  {
    key: "currentOpenPositionCount",
    label: "Open positions",
    format: (row) => formatCount(row.currentOpenPositionCount),
  },
];

function pnlRankText(page: RankedLeaderboardPage, row: LeaderboardRow): string {
  const rank = page.pnlRanks.get(row.address);
  return rank === undefined ? "n/a" : formatCount(rank);
}

function compactUsd(wad: bigint | null): string {
  return formatUsd(wad, { compact: true });
}

const RANKS_READ = formatCount(PNL_RANK_PAGE_SIZE * PNL_RANK_MAX_PAGES);

/** Each wallet's nearest position on the at-risk board, or why there is none. */
export type NearestByWallet = ReadonlyMap<Address, WalletNearest>;

function nearestText(nearest: WalletNearest | undefined) {
  if (nearest === undefined) return "—";
  if ("reason" in nearest) {
    return (
      <>
        — <span class="muted">{nearest.reason}</span>
      </>
    );
  }
  return formatPercent(nearest.row.distanceToBustPercent!);
}

/** One leaderboard page; every column header is a sort link (no script needed). */
export function LeaderboardTable(
  props: { page: RankedLeaderboardPage & { nearest?: NearestByWallet }; view: LeaderboardView },
) {
  const { view, page } = props;
  const byNearest = view.sortKey === NEAREST_TO_BUST;
  return (
    <div class="table-wrap tall lb-table" tabIndex={0}>
      <table>
        <caption>
          # is the place in this sort among all accounts of the window; Rank is the rank by PnL in
          the window, whatever the sort (n/a past the first {RANKS_READ}{" "}
          by PnL). Nearest to bust is the wallet's open position closest to its bust price on the
          {" "}
          <a href="/at-risk">at-risk board</a>, and its sort orders this page only. Names are chosen
          by wallet owners.
        </caption>
        <thead>
          <tr>
            <th scope="col" class="num">#</th>
            <th scope="col" class="num">Rank</th>
            <th scope="col">Wallet</th>
            {COLUMNS.map((column) => {
              const active = view.sortKey === column.key;
              const sorted = view.sortDir === "desc" ? "descending" : "ascending";
              const next = active && view.sortDir === "desc" ? "ascending" : "descending";
              return (
                <th
                  scope="col"
                  class={active ? "num" : "num prio-low"}
                  aria-sort={active ? sorted : undefined}
                >
                  <a href={sortHref(view, column.key)} title={`Sort by ${column.label}, ${next}`}>
                    {column.label}
                    {active && (
                      <span aria-hidden="true">{view.sortDir === "desc" ? " ▼" : " ▲"}</span>
                    )}
                  </a>
                </th>
              );
            })}
            <th
              scope="col"
              class={byNearest ? "num" : "num prio-low"}
              aria-sort={byNearest
                ? (view.sortDir === "asc" ? "ascending" : "descending")
                : undefined}
            >
              <a href={sortHref(view, NEAREST_TO_BUST)} title="Sort this page by nearest to bust">
                Nearest to bust
                {byNearest && <span aria-hidden="true">{view.sortDir === "asc" ? " ▲" : " ▼"}
                </span>}
              </a>
            </th>
          </tr>
        </thead>
        <tbody>
          {page.accounts.map((row) => (
            <tr>
              <td class="num">{formatCount(row.rank)}</td>
              <td class="num" data-col="rank">{pnlRankText(page, row)}</td>
              <th scope="row" class="wallet-cell">
                <LeaderboardName name={row.leaderboardName} />
                <br />
                <WalletLink address={row.address} />
              </th>
              {COLUMNS.map((column) => (
                <td
                  class={[
                    "num",
                    column.key === view.sortKey ? "sorted" : "prio-low",
                    column.tone ? toneOf(row[column.key] as bigint) : null,
                  ].filter(Boolean).join(" ")}
                  data-col={column.key}
                >
                  {column.format(row)}
                </td>
              ))}
              <td class={byNearest ? "num sorted" : "num prio-low"} data-col={NEAREST_TO_BUST}>
                {nearestText(page.nearest?.get(row.address))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
