import type { SessionKey } from "../../lib/papertrade/mod.ts";
import {
  LEADERBOARD_FIGURES,
  LEADERBOARD_ROWS_PER_PAGE,
  LEADERBOARD_WINDOWS,
  leaderboardHref,
  type WalletRank,
  WINDOW_LABELS,
} from "../../lib/leaderboard/mod.ts";
import { formatCount, formatUsd, toneOf } from "../../lib/format.ts";
import { Time } from "../../components/Time.tsx";
import { DataTable, numeric } from "../../components/DataTable.tsx";

/** Rank and PnL per leaderboard window, linking its page; a window not read offers a search. */
export function RanksTable(props: { wallet: string; ranks: WalletRank[] }) {
  const read = new Map(props.ranks.map((rank) => [rank.window, rank.row]));
  return (
    <DataTable
      columns={[
        "Window",
        numeric("Rank"),
        numeric(LEADERBOARD_FIGURES.totalWindowedPnl.label),
        numeric(LEADERBOARD_FIGURES.realizedPnl.label),
        numeric(LEADERBOARD_FIGURES.currentUnrealizedPnl.label),
        numeric(LEADERBOARD_FIGURES.totalVolume.label),
      ]}
      caption={
        <>
          Leaderboard standing in each window, ranked by PnL in the window, as get_wallet and the
          preview card give it. These figures are the leaderboard's snapshot, which does not say
          when it was taken; the live unrealized PnL is in the summary at the top of the page.
        </>
      }
    >
      {LEADERBOARD_WINDOWS.map((window) => {
        const row = read.get(window) ?? null;
        const view = { window, sortKey: "totalWindowedPnl", sortDir: "desc", query: "" } as const;
        const page = row?.rank ? Math.floor((row.rank - 1) / LEADERBOARD_ROWS_PER_PAGE) : 0;
        return (
          <tr>
            <th scope="row">
              <a href={leaderboardHref({ ...view, page })}>{WINDOW_LABELS[window]}</a>
            </th>
            {!read.has(window)
              ? (
                <td colSpan={5}>
                  {/* The window's read failed: a search for this exact address finds it. */}
                  <form class="inline" action="/leaderboard" method="get">
                    {window !== "24h" && <input type="hidden" name="window" value={window} />}
                    <input type="hidden" name="q" value={props.wallet} />
                    <button type="submit">Find its rank on the leaderboard</button>
                  </form>
                </td>
              )
              : row
              ? (
                <>
                  <td class="num">#{formatCount(row.rank)}</td>
                  <td class={`num ${toneOf(row.totalWindowedPnl)}`}>
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
