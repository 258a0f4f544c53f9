/**
 * Island: open positions at the live mark, nearest to bust first, kept current by the page's
 * shared connection, with a freshness line ticking each second on the server's clock. With `only`
 * it shows one position (the position page) and says when it closes. The first render uses only
 * its props, so it is the server's HTML.
 */
import { useRef, useState } from "preact/hooks";
import type { LiveWallet } from "../lib/wallet/live_wallet.ts";
import { keepRowOrder, type LivePosition, useWallet } from "../client/wallet_store.ts";
import {
  Freshness,
  liveClass,
  type LiveProps,
  LiveValue,
  pageHref,
} from "../client/wallet_parts.tsx";
import { distanceText, priceText, RISK_LABELS, toneOf, usdText } from "../lib/figure_text.ts";

/** Rows keep their first order; when the risk order changes, a note offers to re-sort. */
export function LivePositions(
  props: LiveProps & { /** Show only this position id. */ only?: string },
) {
  const { live, before: shown } = useWallet(props.live, props.only);
  const order = useRef<string[] | null>(null);
  const [, setResorts] = useState(0);
  const before = new Map((shown?.positions ?? []).map((row) => [row.position_id, row]));
  const { rows, stale } = keepRowOrder(
    props.only === undefined
      ? live.positions
      : live.positions.filter((row) => row.position_id === props.only),
    order.current,
  );
  order.current = rows.map((row) => row.position_id);
  // One number of decimals per price column, even when it mixes markets.
  const decimals = Math.max(0, ...live.positions.map((row) => row.price_decimals ?? 0));
  return (
    <div class={liveClass("live-positions")}>
      <Freshness live={live} initial={props.live} />
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
                  key={row.position_id}
                  row={row}
                  before={before.get(row.position_id)}
                  wallet={live.address}
                  decimals={decimals}
                  embed={props.embed}
                />
              ))}
            {props.only === undefined && live.positions_not_listed && (
              <NotListed rest={live.positions_not_listed} listed={rows.length} />
            )}
          </tbody>
          {props.only === undefined && rows.length > 0 && <Totals totals={live.totals} />}
        </table>
      </div>
    </div>
  );
}

type Sums = LiveWallet["totals"];

/** The sums' cells, from Unrealized PnL on: a totals row's and the not-listed row's. */
function SumCells(props: { sums: Sums }) {
  const { sums } = props;
  const closePnl = sums.estimated_close_pnl_usd;
  return (
    <>
      <td class={`num ${toneOf(sums.unrealized_pnl_usd)}`} data-label="Unrealized PnL">
        {usdText(sums.unrealized_pnl_usd, { sign: true })}
      </td>
      <td colSpan={3}></td>
      <td class="num" data-label="Margin">{usdText(sums.margin_usd)}</td>
      <td class="num" data-label="Notional">{usdText(sums.notional_usd)}</td>
      <td class={`num ${toneOf(closePnl)}`} data-label="PnL if closed">
        {usdText(closePnl, { sign: true })}
      </td>
      <td class="num" data-label="Payout if closed">{usdText(sums.estimated_payout_usd)}</td>
    </>
  );
}

/** One row counting and summing the positions past the listed nearest to bust. */
function NotListed(props: { rest: Sums; listed: number }) {
  const { rest } = props;
  return (
    <tr class="not-listed" data-not-listed={rest.count}>
      <td colSpan={4} data-label="Not listed">
        {`${rest.count} more, farther from bust, not listed: the ${props.listed} nearest are.`}
        {rest.unvalued > 0 ? ` ${rest.unvalued} without a mark left out of the PnL.` : null}
      </td>
      <SumCells sums={rest} />
    </tr>
  );
}

function Totals(props: { totals: Sums }) {
  const { totals } = props;
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
        <SumCells sums={totals} />
      </tr>
    </tfoot>
  );
}

/** A position's figures as its row shows them. */
function cells(row: LivePosition, decimals: number) {
  return {
    distance: distanceText(row.distance_to_bust_percent),
    pnl: usdText(row.unrealized_pnl_usd, { sign: true }),
    mark: row.mark_price === null ? "no quote" : priceText(row.mark_price, decimals),
    closePnl: usdText(row.estimated_close_pnl_usd, { sign: true }),
    payout: usdText(row.estimated_payout_usd),
  };
}

function PositionRow(
  props: {
    row: LivePosition;
    before?: LivePosition;
    wallet: string;
    decimals: number;
    embed?: boolean;
  },
) {
  const { row, embed, decimals } = props;
  const id = row.position_id;
  const shown = cells(row, decimals);
  const was = props.before && cells(props.before, decimals);
  const risky = row.risk === "close" || row.risk === "near_bust";
  return (
    <tr
      data-position={id}
      data-risk={row.risk ?? "none"}
      class={risky ? `risky ${row.risk}` : undefined}
    >
      <td data-label="Position">
        <a href={pageHref(`/position/${id}?wallet=${props.wallet}`, embed)}>{`#${id}`}</a>
      </td>
      <td data-label="Market" data-col="market">
        {`${row.market} `}
        <span class={row.side === "long" ? "good" : "bad"}>{`${row.side} ${row.leverage}x`}</span>
      </td>
      <td class="num" data-label="To bust" data-col="distance">
        <LiveValue value={shown.distance} before={was?.distance} />
      </td>
      <td data-label="Risk" data-col="risk">
        {row.risk === null ? <span class="muted">n/a</span> : (
          <span class={`badge ${row.risk}`}>
            {risky && <span class="mark" aria-hidden="true">⚠</span>}
            {RISK_LABELS[row.risk]}
          </span>
        )}
      </td>
      <td
        class={`num ${toneOf(row.unrealized_pnl_usd)}`}
        data-label="Unrealized PnL"
        data-col="pnl"
      >
        <LiveValue value={shown.pnl} before={was?.pnl} />
      </td>
      <td class="num" data-label="Bust" data-col="bust">{priceText(row.bust_price, decimals)}</td>
      <td class="num" data-label="Mark" data-col="mark">
        <LiveValue value={shown.mark} before={was?.mark} />
      </td>
      <td class="num" data-label="Entry">{priceText(row.entry_price, decimals)}</td>
      <td class="num" data-label="Margin">{usdText(row.margin_usd)}</td>
      <td class="num" data-label="Notional">{usdText(row.notional_usd)}</td>
      <td
        class={`num ${toneOf(row.estimated_close_pnl_usd)}`}
        data-label="PnL if closed"
        data-col="close-pnl"
      >
        <LiveValue value={shown.closePnl} before={was?.closePnl} />
      </td>
      <td class="num" data-label="Payout if closed" data-col="payout">
        <LiveValue value={shown.payout} before={was?.payout} />
      </td>
    </tr>
  );
}
