/**
 * Island: the watchlist. The server renders the shell (and the rows of a shared `?w=` list);
 * in the browser the list comes from localStorage, and every watched wallet is read at once
 * from `/watchlist.json` every few seconds: one request, no stream slot, whatever the count.
 * With the visitor's permission it notifies when a worst position crosses into `close` or
 * `near_bust`, or a position is liquidated, while this page is open.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import { WATCHLIST_MAX, type WatchlistView, type WatchRow } from "../lib/watchlist/view.ts";
import { crossings, readWatchlist, saveWatchlist } from "../client/watchlist_store.ts";
import { DataTable, numeric } from "../components/DataTable.tsx";
import { distanceText, RISK_LABELS, usdText } from "../lib/figure_text.ts";
import { plainName } from "../components/names.ts";

type Permission = NotificationPermission | "unsupported" | "unknown";

/**
 * The watchlist table, its notifications switch and its share link. `shared` is the `?w=` list,
 * validated (null on the visitor's own watchlist), `initial` the server's first read of it.
 */
export function Watchlist(
  props: { shared: string[] | null; initial: WatchlistView | null; pollMs: number },
) {
  const [list, setList] = useState<string[] | null>(props.shared);
  const [view, setView] = useState<WatchlistView | null>(props.initial);
  const [failed, setFailed] = useState(false);
  const [permission, setPermission] = useState<Permission>("unknown");
  const [saved, setSaved] = useState(false);
  const seen = useRef(new Map<string, WatchRow>());
  useEffect(() => {
    if (list === null) setList(readWatchlist());
    setPermission("Notification" in globalThis ? Notification.permission : "unsupported");
  }, []);
  useEffect(() => {
    if (!list?.length) return;
    let stopped = false;
    const read = async () => {
      const answer = await fetch(`/watchlist.json?w=${list.join(",")}`).catch(() => null);
      if (stopped) return;
      if (!answer?.ok) return setFailed(true);
      const next: WatchlistView = await answer.json();
      if (typeof Notification !== "undefined" && Notification.permission === "granted") {
        for (const alert of crossings(seen.current, next.wallets)) {
          new Notification(alert.title, { body: alert.body, tag: alert.tag });
        }
      }
      seen.current = new Map(next.wallets.map((row) => [row.address, row]));
      setFailed(false);
      setView(next);
    };
    void read();
    const timer = setInterval(read, props.pollMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [list?.join(",")]);
  const rows = (list ?? []).map((address) =>
    view?.wallets.find((row) => row.address === address) ??
      { address, name: null, summary: null, liquidations: [], problem: null }
  );
  const saveShared = () => {
    const merged = [...new Set([...readWatchlist(), ...(list ?? [])])].slice(0, WATCHLIST_MAX);
    setSaved(saveWatchlist(merged));
  };
  return (
    <div class="watchlist" data-watchlist>
      <p class="watch-controls">
        {permission === "default" && (
          <button
            type="button"
            onClick={async () => setPermission(await Notification.requestPermission())}
          >
            Turn on notifications
          </button>
        )}
        <span class="muted" data-notifications={permission}>
          {NOTIFICATION_STATES[permission]}
        </span>
      </p>
      {props.shared && (
        <p>
          This list came from a link. {saved
            ? <strong role="status">Saved to your watchlist.</strong>
            : <button type="button" onClick={saveShared}>Save to my watchlist</button>}
        </p>
      )}
      {list !== null && list.length === 0 && (
        <p>
          No wallets watched yet. Open a wallet and press{" "}
          <strong>☆ Watch</strong>: it is kept in this browser only.
        </p>
      )}
      {rows.length > 0 && (
        <>
          <p class="muted freshness" aria-live="polite">
            {failed
              ? <strong class="stale-note">The last read failed; retrying.</strong>
              : view
              ? `Read at ${new Date(view.generatedAt).toISOString().slice(11, 19)} UTC`
              : "Reading…"}
            {view && view.unavailable.length > 0 &&
              ` · Not available: ${view.unavailable.join(", ")}`}
          </p>
          <DataTable
            caption={`Watched wallets (${rows.length} of at most ${WATCHLIST_MAX})`}
            columns={[
              "Wallet",
              numeric("Equity"),
              numeric("Worst to bust"),
              "Band",
              numeric("Open"),
            ]}
          >
            {rows.map(({ summary, ...row }) => (
              <tr key={row.address} data-watch-row={row.address}>
                <td>
                  <a href={`/wallet/${row.address}`}>
                    {row.name ? plainName(row.name, 40) : `${row.address.slice(0, 10)}…`}
                  </a>
                  {row.problem && <span class="muted">{` ${row.problem}`}</span>}
                </td>
                <td class="num">{summary ? usdText(summary.equity_usd) : "…"}</td>
                <td class="num">
                  {summary ? distanceText(summary.nearest?.distance_to_bust_percent ?? null) : "…"}
                </td>
                <td>
                  {summary?.nearest && (
                    <span class={`badge ${summary.nearest.risk}`}>
                      {RISK_LABELS[summary.nearest.risk]}
                    </span>
                  )}
                </td>
                <td class="num">{summary?.open_positions ?? "…"}</td>
              </tr>
            ))}
          </DataTable>
          <p>
            Share this list: <a href={`/watchlist?w=${list!.join(",")}`}>link to these wallets</a>
          </p>
        </>
      )}
    </div>
  );
}

const NOTIFICATION_STATES: Record<Permission, string> = {
  unknown: "",
  default: "Notifications are off.",
  granted: "Notifications are on while this page is open.",
  denied: "Notifications are blocked in this browser's settings.",
  unsupported: "This browser has no notifications.",
};
