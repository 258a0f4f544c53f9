import type { LeaderboardRow, LeaderboardSortKey } from "../lib/papertrade/mod.ts";
import { type LeaderboardView, sortHref } from "../lib/leaderboard_view.ts";
import { formatCount, formatToken, formatUsd } from "./format.ts";
import { LeaderboardName, WalletLink } from "./links.tsx";
import { toneOf } from "./Stat.tsx";

const COLUMNS: Array<{ key: LeaderboardSortKey; label: string }> = [
  { key: "totalWindowedPnl", label: "PnL" },
  { key: "realizedPnl", label: "Realized" },
  { key: "currentUnrealizedPnl", label: "Unrealized" },
  { key: "currentBalance", label: "Balance" },
  { key: "currentQueued", label: "Queued" },
  { key: "currentOpenNotional", label: "Open notional" },
  { key: "totalVolume", label: "Volume" },
  { key: "paperTotal", label: "PAPER" },
  { key: "currentOpenPositionCount", label: "Open positions" },
];

/** One leaderboard page; every column header is a sort link (no script needed). */
export function LeaderboardTable(props: { rows: LeaderboardRow[]; view: LeaderboardView }) {
  const { view } = props;
  return (
    <div class="table-wrap">
      <table>
        <caption>
          Rank is the true rank over all accounts for this window and sort. Names are chosen by
          wallet owners.
        </caption>
        <thead>
          <tr>
            <th scope="col" class="num">Rank</th>
            <th scope="col">Wallet</th>
            {COLUMNS.map((column) => {
              const active = view.sortKey === column.key;
              const sorted = view.sortDir === "desc" ? "descending" : "ascending";
              const next = active && view.sortDir === "desc" ? "ascending" : "descending";
              return (
                <th scope="col" class="num" aria-sort={active ? sorted : undefined}>
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
          {props.rows.map((row) => (
            <tr>
              <td class="num">{formatCount(row.rank)}</td>
              <th scope="row" class="wallet-cell">
                <LeaderboardName name={row.leaderboardName} />
                <br />
                <WalletLink address={row.address} />
              </th>
              <td class={`num ${toneOf(row.totalWindowedPnl) ?? ""}`}>
                {formatUsd(row.totalWindowedPnl, { sign: true })}
              </td>
              <td class="num">{formatUsd(row.realizedPnl, { sign: true })}</td>
              <td class="num">{formatUsd(row.currentUnrealizedPnl, { sign: true })}</td>
              <td class="num">{formatUsd(row.currentBalance, { compact: true })}</td>
              <td class="num">{formatUsd(row.currentQueued, { compact: true })}</td>
              <td class="num">{formatUsd(row.currentOpenNotional, { compact: true })}</td>
              <td class="num">{formatUsd(row.totalVolume, { compact: true })}</td>
              <td class="num">{formatToken(row.paperTotal, "PAPER")}</td>
              <td class="num">{formatCount(row.currentOpenPositionCount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
