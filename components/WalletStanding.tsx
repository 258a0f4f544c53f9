import type { SessionKey } from "../lib/papertrade/mod.ts";
import type { WalletRank } from "../lib/wallet/mod.ts";
import { LEADERBOARD_ROWS_PER_PAGE, leaderboardHref } from "../lib/leaderboard_view.ts";
import { formatCount, formatUsd } from "../lib/format.ts";
import { Time } from "./Time.tsx";
import { toneOf } from "./Stat.tsx";
import { DataTable, numeric } from "./DataTable.tsx";

const WINDOW_LABELS: Record<string, string> = {
  "24h": "24 hours",
  "7d": "7 days",
  "30d": "30 days",
  all: "All time",
};

/** Rank and PnL in every leaderboard window, each rank linking to its leaderboard page. */
export function RanksTable(props: { ranks: WalletRank[] }) {
  return (
    <DataTable
      columns={[
        "Window",
        numeric("Rank"),
        numeric("PnL"),
        numeric("Realized"),
        numeric("Unrealized at snapshot"),
        numeric("Volume"),
      ]}
      caption={
        <>
          Leaderboard standing per window, ranked by PnL in the window. These figures are the
          leaderboard's snapshot, which does not say when it was taken; the live unrealized PnL is
          in the summary at the top of the page.
        </>
      }
    >
      {props.ranks.map(({ window, row }) => {
        const href = leaderboardHref({
          window,
          sortKey: "totalWindowedPnl",
          sortDir: "desc",
          page: row?.rank ? Math.floor((row.rank - 1) / LEADERBOARD_ROWS_PER_PAGE) : 0,
          query: "",
        });
        return (
          <tr>
            <th scope="row">
              <a href={href}>{WINDOW_LABELS[window] ?? window}</a>
            </th>
            {row
              ? (
                <>
                  <td class="num">#{formatCount(row.rank)}</td>
                  <td class={`num ${toneOf(row.totalWindowedPnl) ?? ""}`}>
                    {formatUsd(row.totalWindowedPnl, { sign: true })}
                  </td>
                  <td class="num">{formatUsd(row.realizedPnl, { sign: true })}</td>
                  <td class="num">{formatUsd(row.currentUnrealizedPnl, { sign: true })}</td>
                  <td class="num">{formatUsd(row.totalVolume, { compact: true })}</td>
                </>
              )
              : <td colSpan={5} class="muted">not ranked in this window</td>}
          </tr>
        );
      })}
    </DataTable>
  );
}

/** Every session key of the wallet, with its expiry and whether it is still active. */
export function SessionKeysTable(props: { keys: SessionKey[]; now: number }) {
  if (props.keys.length === 0) {
    return <p class="muted">No session keys: every intent is signed by the wallet itself.</p>;
  }
  return (
    <DataTable
      columns={["Key", "Expires", "State"]}
      caption="Trade-only session keys: they can open and close positions, not withdraw"
    >
      {props.keys.map((key) => {
        const active = key.expiresAt > props.now;
        return (
          <tr>
            <td class="mono">{key.key}</td>
            <td>
              <Time at={key.expiresAt} now={props.now} />
            </td>
            <td>
              <span class={`badge ${active ? "ok" : "expired"}`}>
                {active ? "active" : "expired"}
              </span>
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
