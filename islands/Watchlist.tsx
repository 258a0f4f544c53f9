/**
 * Island: the watchlist. The server renders the shell (and a shared `?w=` list's rows); in the
 * browser the list and alerts come from localStorage, and all watched wallets are read from
 * `/watchlist.json` every few seconds in one request (no stream slot). With permission, while the
 * page is open, it notifies the crossings `crossings` finds (thresholds, bands, liquidations).
 */
import { useEffect, useRef, useState } from "preact/hooks";
import {
  parseWatchlist,
  WATCHLIST_MAX,
  type WatchlistView,
  type WatchRow,
} from "../lib/watchlist/view.ts";
import {
  clearAdded,
  crossings,
  parseThreshold,
  pastThreshold,
  readAlerts,
  readWatchlist,
  saveWatchlist,
  setThreshold,
  THRESHOLD_RANGE,
  toggleWatched,
  type WalletAlert,
} from "../client/watchlist_store.ts";
import { DataTable, numeric } from "../components/DataTable.tsx";
import { distanceText, RISK_LABELS, toneOf, usdText } from "../lib/figure_text.ts";
import { plainName } from "../components/names.ts";

type Permission = NotificationPermission | "unsupported" | "unknown";

const THRESHOLD_INPUT = {
  type: "number",
  inputMode: "decimal",
  min: THRESHOLD_RANGE.min,
  max: THRESHOLD_RANGE.max,
  step: "any",
} as const;

/** `shared`: the validated `?w=` list (null on the visitor's own); `initial`: its first read. */
export function Watchlist(
  props: { shared: string[] | null; initial: WatchlistView | null; pollMs: number },
) {
  const [list, setList] = useState<string[] | null>(props.shared);
  const [view, setView] = useState<WatchlistView | null>(props.initial);
  const [alerts, setAlerts] = useState<Record<string, WalletAlert>>({});
  const [failed, setFailed] = useState(false);
  const [permission, setPermission] = useState<Permission>("unknown");
  const [saved, setSaved] = useState(false);
  const [added, setAdded] = useState("");
  const seen = useRef(new Map<string, WatchRow>());
  useEffect(() => {
    if (list === null) setList(readWatchlist());
    setAlerts(readAlerts());
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
      const settings = readAlerts();
      if (typeof Notification !== "undefined" && Notification.permission === "granted") {
        for (const alert of crossings(seen.current, next.wallets, settings)) {
          new Notification(alert.title, { body: alert.body, tag: alert.tag });
        }
      }
      // A wallet just added is compared with its first read: from now on, only crossings count.
      const read = next.wallets.filter((row) => row.summary && settings[row.address]?.added);
      if (read.length > 0) clearAdded(read.map((row) => row.address));
      seen.current = new Map(next.wallets.map((row) => [row.address, row]));
      setAlerts(readAlerts());
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
  const add = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const [address] = parseWatchlist(String(form.get("address") ?? "")).addresses;
    const under = parseThreshold(String(form.get("under") ?? ""));
    if (!address) return setAdded("That is not a wallet address (0x and 40 hex digits).");
    if (under === "bad") {
      return setAdded(`A threshold is a percent from ${THRESHOLD_RANGE.min} to 100.`);
    }
    const watched = readWatchlist().includes(address);
    if (!watched && toggleWatched(address) !== true) {
      return setAdded(`No room: a watchlist holds at most ${WATCHLIST_MAX} wallets.`);
    }
    if (under !== null) setThreshold(address, under);
    setAlerts(readAlerts());
    setList(readWatchlist());
    setAdded(watched ? "Already watched; its alert is updated." : "Added.");
    (event.currentTarget as HTMLFormElement).reset();
  };
  const remove = (address: string) => {
    toggleWatched(address);
    setList(readWatchlist());
  };
  const own = props.shared === null;
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
      {own && (
        <form class="watch-add" onSubmit={add} aria-label="Add a wallet">
          <p>
            <label for="watch-address">Wallet address</label>
            <input
              id="watch-address"
              name="address"
              required
              autocomplete="off"
              spellcheck={false}
              placeholder="0x…"
            />
          </p>
          <p>
            <label for="watch-under">Alert under, % to bust (empty: the bands)</label>
            <input id="watch-under" name="under" {...THRESHOLD_INPUT} />
          </p>
          <button type="submit">Add to watchlist</button>
          <span role="status">{added}</span>
        </form>
      )}
      {list !== null && list.length === 0 && (
        <p>
          No wallets watched yet. Add one above, or open a wallet and press{" "}
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
            class="cards-on-phone"
            caption={`Watched wallets (${rows.length} of at most ${WATCHLIST_MAX}). An empty alert notifies at the bands: close under 0.08%, near bust under 0.03%`}
            columns={[
              "Wallet",
              numeric("Worst to bust"),
              "Band",
              numeric("Unrealized PnL"),
              numeric("Equity"),
              numeric("Open"),
              "Alert under (% to bust)",
              ...(own ? ["Remove"] : []),
            ]}
          >
            {rows.map(({ summary, ...row }) => {
              const label = row.name ? plainName(row.name, 40) : `${row.address.slice(0, 10)}…`;
              const under = alerts[row.address]?.under;
              const pnl = summary?.unrealized_pnl_usd ?? null;
              return (
                <tr key={row.address} data-watch-row={row.address}>
                  <td class="card-head">
                    <a href={`/wallet/${row.address}`}>{label}</a>{" "}
                    <a
                      class="muted"
                      href={`/wallet/${row.address}/feed.atom`}
                      aria-label={`Atom feed of ${label}`}
                    >
                      feed
                    </a>
                    {row.problem && <span class="muted">{` ${row.problem}`}</span>}
                  </td>
                  <td class="num" data-col="distance" data-label="Worst to bust">
                    {summary
                      ? distanceText(summary.nearest?.distance_to_bust_percent ?? null)
                      : "…"}
                  </td>
                  <td data-col="band" data-label="Band">
                    {summary?.nearest && (
                      <span class={`badge ${summary.nearest.risk}`}>
                        {RISK_LABELS[summary.nearest.risk]}
                      </span>
                    )}
                  </td>
                  <td
                    class={`num ${toneOf(pnl)}`}
                    data-col="pnl"
                    data-label="Unrealized PnL"
                  >
                    {summary ? usdText(pnl, { sign: true }) : "…"}
                  </td>
                  <td class="num" data-label="Equity">
                    {summary ? usdText(summary.equity_usd) : "…"}
                  </td>
                  <td class="num" data-label="Open">{summary?.open_positions ?? "…"}</td>
                  <td data-label="Alert under (% to bust)">
                    <input
                      class="threshold"
                      {...THRESHOLD_INPUT}
                      value={under ?? ""}
                      aria-label={`Alert under, % to bust, for ${label}`}
                      data-threshold={row.address}
                      onChange={(event) => {
                        const value = parseThreshold(event.currentTarget.value);
                        if (value !== "bad") setThreshold(row.address, value);
                        setAlerts(readAlerts());
                      }}
                    />
                    {pastThreshold(summary, under) && (
                      <span class="badge near_bust" data-past>past</span>
                    )}
                  </td>
                  {own && (
                    <td>
                      <button
                        type="button"
                        aria-label={`Stop watching ${label}`}
                        onClick={() => remove(row.address)}
                      >
                        Remove
                      </button>
                    </td>
                  )}
                </tr>
              );
            })}
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
