/**
 * Island: a wallet's open positions at the live mark, nearest to bust first, kept current by
 * the page's shared wallet connection, with a freshness line whose ages (on the server's clock)
 * tick every second. With `only`, it shows one position (the position page) and says so when
 * that position closes. The first render uses only its props, so it is the server's HTML.
 */
import { useRef, useState } from "preact/hooks";
import type { PositionRowView, PositionsView } from "../lib/wallet/view_types.ts";
import { keepRowOrder, useWallet } from "../client/wallet_store.ts";
import {
  Freshness,
  liveClass,
  LiveValue,
  type LiveViewProps,
  pageHref,
  RISK_LABELS,
} from "../client/wallet_parts.tsx";

/**
 * The live positions table with its freshness line. Rows keep the order they were first shown
 * in; when the risk order has changed since, a note says so and offers to re-sort.
 */
export function LivePositions(
  props: LiveViewProps & { /** Show only this position id. */ only?: string },
) {
  const { view, before: shown } = useWallet(props.view);
  const order = useRef<string[] | null>(null);
  const [, setResorts] = useState(0);
  const before = new Map((shown?.rows ?? []).map((row) => [row.id, row]));
  const { rows, stale } = keepRowOrder(
    props.only === undefined ? view.rows : view.rows.filter((row) => row.id === props.only),
    order.current,
  );
  order.current = rows.map((row) => row.id);
  return (
    <div class={liveClass("live-positions")}>
      <Freshness view={view} initial={props.view} />
      {stale && (
        <p class="order-note" role="status">
          {"Rows stay in the order they were shown; the risk order has changed since. "}
          <button
            type="button"
            onClick={() => {
              order.current = null;
              setResorts((count) => count + 1);
            }}
          >
            Re-sort, nearest to bust first
          </button>
        </p>
      )}
      {props.only !== undefined && rows.length === 0 && (
        <p class="alert" role="status">
          {`Position #${props.only} is no longer open: it closed after this page loaded. Reload for its closed-trade record.`}
        </p>
      )}
      <div
        class="table-wrap cards-on-phone"
        tabIndex={0}
        role="region"
        aria-label="Open positions, scrolls sideways"
      >
        <table>
          <caption class="visually-hidden">
            Open positions at the live mark, nearest to bust first
          </caption>
          <thead>
            <tr>
              <th scope="col">Position</th>
              <th scope="col">Market, side</th>
              <th scope="col" class="num">To bust</th>
              <th scope="col">Risk</th>
              <th scope="col" class="num">Unrealized PnL</th>
              <th scope="col" class="num">Bust</th>
              <th scope="col" class="num">Mark</th>
              <th scope="col" class="num">Entry</th>
              <th scope="col" class="num">Margin</th>
              <th scope="col" class="num">Notional</th>
              <th scope="col" class="num">PnL if closed</th>
              <th scope="col" class="num">Payout if closed</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0
              ? (
                <tr>
                  <td colSpan={12} class="muted">No open positions.</td>
                </tr>
              )
              : rows.map((row) => (
                <PositionRow
                  key={row.id}
                  row={row}
                  before={before.get(row.id)}
                  wallet={view.address}
                  embed={props.embed}
                />
              ))}
          </tbody>
          {props.only === undefined && rows.length > 0 && <Totals view={view} />}
        </table>
      </div>
    </div>
  );
}

function Totals(props: { view: PositionsView }) {
  const { totals } = props.view;
  return (
    <tfoot>
      <tr>
        <td colSpan={2}>
          <strong>
            {`Total, ${totals.count} ${totals.count === 1 ? "position" : "positions"}`}
          </strong>
        </td>
        <td colSpan={2} class="muted">
          {totals.unvalued > 0 ? `${totals.unvalued} without a mark left out` : null}
        </td>
        <td class={`num ${totals.pnlTone}`} data-label="Unrealized PnL">{totals.pnl}</td>
        <td colSpan={3}></td>
        <td class="num" data-label="Margin">{totals.margin}</td>
        <td class="num" data-label="Notional">{totals.notional}</td>
        <td class={`num ${totals.closePnlTone}`} data-label="PnL if closed">{totals.closePnl}</td>
        <td class="num" data-label="Payout if closed">{totals.payout}</td>
      </tr>
    </tfoot>
  );
}

function PositionRow(
  props: { row: PositionRowView; before?: PositionRowView; wallet: string; embed?: boolean },
) {
  const { row, before, embed } = props;
  const risky = row.risk === "close" || row.risk === "near_bust";
  return (
    <tr
      data-position={row.id}
      data-risk={row.risk ?? "none"}
      class={risky ? `risky ${row.risk}` : undefined}
    >
      <td data-label="Position">
        <a href={pageHref(`/position/${row.id}?wallet=${props.wallet}`, embed)}>{`#${row.id}`}</a>
      </td>
      <td data-label="Market" data-col="market">
        {`${row.market} `}
        <span class={row.side === "long" ? "good" : "bad"}>{`${row.side} ${row.leverage}`}</span>
      </td>
      <td class="num" data-label="To bust" data-col="distance">
        <LiveValue value={row.distance} before={before?.distance} />
      </td>
      <td data-label="Risk" data-col="risk">
        {row.risk === null ? <span class="muted">n/a</span> : (
          <span class={`badge ${row.risk}`}>
            {risky && <span class="mark" aria-hidden="true">⚠</span>}
            {RISK_LABELS[row.risk]}
          </span>
        )}
      </td>
      <td class={`num ${row.pnlTone}`} data-label="Unrealized PnL" data-col="pnl">
        <LiveValue value={row.pnl} before={before?.pnl} />
      </td>
      <td class="num" data-label="Bust" data-col="bust">{row.bust}</td>
      <td class="num" data-label="Mark" data-col="mark">
        <LiveValue value={row.mark} before={before?.mark} />
      </td>
      <td class="num" data-label="Entry">{row.entry}</td>
      <td class="num" data-label="Margin">{row.margin}</td>
      <td class="num" data-label="Notional">{row.notional}</td>
      <td class={`num ${row.closePnlTone}`} data-label="PnL if closed" data-col="close-pnl">
        <LiveValue value={row.closePnl} before={before?.closePnl} />
      </td>
      <td class="num" data-label="Payout if closed" data-col="payout">
        <LiveValue value={row.payout} before={before?.payout} />
      </td>
    </tr>
  );
}
