/**
 * Island: a wallet's open positions at the live mark, kept current by our SSE stream (or by
 * polling when the stream fails), with a freshness line whose ages tick every second.
 *
 * The first render uses only its props, so the server's HTML and the browser's first render
 * are identical. Ages are measured on the server's clock: the browser keeps the offset between
 * its own clock and the server's, which also covers the replay demo's shifted clock.
 */
import { useEffect, useState } from "preact/hooks";
import { formatAge, formatUtc } from "../components/format.ts";
import { followPositions, type LiveMode } from "./_follow_positions.ts";
import type { PositionRowView, PositionsView } from "./positions_view.ts";

/** Props of {@link LivePositions}: the server-built view (JSON). */
export interface LivePositionsProps {
  view: PositionsView;
}

const MODE_LABELS: Record<LiveMode, [label: string, badge: string]> = {
  snapshot: ["Snapshot", "badge"],
  live: ["Live", "badge ok"],
  reconnecting: ["Reconnecting", "badge close"],
  polling: ["Refreshing every 5 s", "badge close"],
  offline: ["Offline, retrying", "badge paused"],
};

const RISK_LABELS = { ok: "ok", close: "close", near_bust: "near bust" } as const;

/** The live positions table with its freshness line. */
export function LivePositions(props: LivePositionsProps) {
  const [view, setView] = useState(props.view);
  const [mode, setMode] = useState<LiveMode>("snapshot");
  const [confirmedAt, setConfirmedAt] = useState(props.view.generatedAt);
  // Server clock minus browser clock, refreshed by every message from the server.
  const [skew, setSkew] = useState<number | null>(null);
  // Bumped every second so the ages re-render.
  const [, setTick] = useState(0);

  useEffect(() => {
    // The page was built moments ago: a first estimate until the server speaks.
    setSkew(props.view.generatedAt - Date.now());
    const stop = followPositions(props.view.address, {
      onView(next) {
        setView(next);
        setConfirmedAt(next.generatedAt);
        setSkew(next.generatedAt - Date.now());
      },
      onConfirmed(serverNow) {
        setConfirmedAt(serverNow);
        setSkew(serverNow - Date.now());
      },
      onMode: setMode,
    });
    const ticker = setInterval(() => setTick((count) => count + 1), 1000);
    return () => {
      stop();
      clearInterval(ticker);
    };
  }, [props.view.address]);

  const now = skew === null ? props.view.generatedAt : Math.max(Date.now() + skew, confirmedAt);
  const [modeLabel, modeBadge] = MODE_LABELS[mode];
  return (
    <div class="live-positions">
      <p class="muted freshness">
        <span class={modeBadge}>{modeLabel}</span>
        {" Updated "}
        <Age at={confirmedAt} now={now} />
        {view.marksAt !== null && (
          <span>
            {" · marks as of "}
            <time dateTime={new Date(view.marksAt).toISOString()}>{formatUtc(view.marksAt)}</time>
          </span>
        )}
        {` · account at block ${view.accountBlock}, `}
        <Age at={view.accountAt} now={now} />
      </p>
      <PositionsTable view={view} />
    </div>
  );
}

function Age(props: { at: number; now: number }) {
  return (
    <time dateTime={new Date(props.at).toISOString()} title={formatUtc(props.at)}>
      {formatAge(props.at, props.now)}
    </time>
  );
}

function PositionsTable(props: { view: PositionsView }) {
  const { rows, totals } = props.view;
  return (
    <>
      <div class="table-wrap">
        <table>
          <caption class="visually-hidden">Open positions at the live mark</caption>
          {/* The live columns come first: on a phone they are what shows before scrolling. */}
          <thead>
            <tr>
              <th scope="col">Position</th>
              <th scope="col">Market, side</th>
              <th scope="col" class="num">Mark</th>
              <th scope="col" class="num">To bust</th>
              <th scope="col">Risk</th>
              <th scope="col" class="num">PnL</th>
              <th scope="col" class="num">Entry</th>
              <th scope="col" class="num">Bust</th>
              <th scope="col" class="num">Margin</th>
              <th scope="col" class="num">Notional</th>
              <th scope="col" class="num">If closed</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0
              ? (
                <tr>
                  <td colSpan={11} class="muted">No open positions.</td>
                </tr>
              )
              : rows.map((row) => <PositionRow key={row.id} row={row} />)}
          </tbody>
          {rows.length > 0 && (
            <tfoot>
              <tr>
                <td colSpan={2}>
                  <strong>
                    {`Total, ${totals.count} ${totals.count === 1 ? "position" : "positions"}`}
                  </strong>
                </td>
                <td colSpan={3} class="muted">
                  {totals.unvalued > 0 ? `${totals.unvalued} without a mark left out` : null}
                </td>
                <td class={`num ${totals.pnlTone}`}>{totals.pnl}</td>
                <td colSpan={2}></td>
                <td class="num">{totals.margin}</td>
                <td class="num">{totals.notional}</td>
                <td class={`num ${totals.closePnlTone}`}>{totals.closePnl}</td>
              </tr>
            </tfoot>
          )}
        </table>
      </div>
      <p class="muted">
        Valued at the live mark (the BBO mid). To bust: how far the mark can still move against a
        position before it is liquidated. PnL is unrealized; If closed is the PnL a close at the
        mark would realize after the deadband, impact haircut and win fee.
      </p>
    </>
  );
}

function PositionRow(props: { row: PositionRowView }) {
  const { row } = props;
  return (
    <tr data-position={row.id}>
      <td>
        <a href={`/position/${row.id}`}>{`#${row.id}`}</a>
      </td>
      <td>
        {`${row.market} `}
        <span class={row.side === "long" ? "good" : "bad"}>{`${row.side} ${row.leverage}`}</span>
      </td>
      <td class="num" data-col="mark">{row.mark}</td>
      <td class="num">{row.distance}</td>
      <td>
        {row.risk === null
          ? <span class="muted">n/a</span>
          : <span class={`badge ${row.risk}`}>{RISK_LABELS[row.risk]}</span>}
      </td>
      <td class={`num ${row.pnlTone}`}>{row.pnl}</td>
      <td class="num">{row.entry}</td>
      <td class="num">{row.bust}</td>
      <td class="num">{row.margin}</td>
      <td class="num">{row.notional}</td>
      <td class={`num ${row.closePnlTone}`}>{row.closePnl}</td>
    </tr>
  );
}
