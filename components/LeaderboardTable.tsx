import type { LeaderboardRow, LeaderboardSortKey } from "../lib/papertrade/mod.ts";
import { type LeaderboardView, sortHref } from "../lib/leaderboard_view.ts";
import {
  PNL_RANK_MAX_PAGES,
  PNL_RANK_PAGE_SIZE,
  type RankedLeaderboardPage,
} from "../lib/wallet/ranks.ts";
import { formatCount, formatToken, formatUsd, toneOf } from "../lib/format.ts";
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

/** One leaderboard page; every column header is a sort link (no script needed). */
export function LeaderboardTable(props: { page: RankedLeaderboardPage; view: LeaderboardView }) {
  const { view, page } = props;
  return (
    <div class="table-wrap tall lb-table" tabIndex={0}>
      <table>
        <caption>
          # is the place in this sort among all accounts of the window; Rank is the rank by PnL in
          the window, whatever the sort (n/a past the first {RANKS_READ}{" "}
          by PnL). Names are chosen by wallet owners.
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
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
