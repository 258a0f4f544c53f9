import { Field, WalletForm } from "../../components/Field.tsx";
import type { Trade } from "../../lib/papertrade/mod.ts";
import { marketOf, type PositionValuation, type WalletPositions } from "../../lib/position/mod.ts";
import { Layout } from "../../components/Layout.tsx";
import { pageContext } from "../../lib/page_context.ts";
import { Island, ISLAND_SCRIPT_URL } from "../../client/island.tsx";
import type { LiveWallet } from "../../lib/wallet/mod.ts";
import { IntentLink, TxLink, WalletLink } from "../../components/links.tsx";
import { formatPrice, formatToken, formatUsd, toneOf } from "../../lib/format.ts";
import { Stat } from "../../components/Stat.tsx";
import { Time } from "../../components/Time.tsx";
import { PartNotice } from "../../components/PartNotice.tsx";
import { Chart } from "../../components/Chart.tsx";
import {
  CANDLE_LABEL,
  MARKET_HISTORY_TIERS,
  positionMarkChart,
  type PriceHistory,
} from "../../lib/markets/mod.ts";
import { assetUrl } from "../../lib/delivery/static_assets.ts";

/** The position page: the open position at the live mark, or its closed-trade record. */
export function PositionPage(
  props: {
    id: string;
    wallet: string;
    found: WalletPositions;
    /** The live wallet, narrowed to the open position, that the island renders. */
    live: LiveWallet;
    /** The closed trade's transaction was found from the Exchange's events, not its row. */
    txFromEvents?: boolean;
    /** The open position's market since it opened: samples, and candles before them. */
    history: PriceHistory;
    now: number;
  },
) {
  const { id, wallet, found, now } = props;
  const open = found.positions[0];
  return (
    <Layout
      title={`Position #${id} · Papertrade Explorer`}
      wallet={wallet}
      islandScript={open ? ISLAND_SCRIPT_URL : undefined}
    >
      <h1>
        Position #{id}: {open
          ? "open"
          : found.closed
          ? (found.closed.liquidated ? "liquidated" : "closed")
          : "not open"}
      </h1>
      <p>
        Owned by <WalletLink address={wallet} full />.
      </p>
      <PartNotice unavailable={found.unavailable} />
      {open
        ? (
          <>
            <Island
              name="LivePositions"
              props={{ live: props.live, only: id, embed: pageContext().embed }}
            />
            <p class="muted">
              The live table shows what closing at the mark would realize after the deadband, the
              impact haircut and the win fee, and what it would pay back with the margin.
            </p>
            <section aria-labelledby="mark-chart">
              <h2 id="mark-chart">Mark against entry and bust</h2>
              <div data-refresh={`/position/${id}/chart?wallet=${wallet}`}>
                <PositionChart open={open} history={props.history} now={now} />
              </div>
              <script src={assetUrl("/static/chart_live.js")} defer></script>
            </section>
            {open.position.intentId && (
              <p>
                Opened by intent <IntentLink id={open.position.intentId} wallet={wallet} full />.
              </p>
            )}
          </>
        )
        : found.closed && (
          <ClosedTrade
            trade={found.closed}
            found={found}
            txFromEvents={props.txFromEvents ?? false}
            now={now}
          />
        )}
    </Layout>
  );
}

function ClosedTrade(
  props: { trade: Trade; found: WalletPositions; txFromEvents: boolean; now: number },
) {
  const { trade } = props;
  const { symbol, priceScale } = marketOf(
    props.found.trading?.instruments ?? [],
    trade.instrumentId,
  );
  const price = (raw: bigint) => priceScale === null ? String(raw) : formatPrice(raw, priceScale);
  const net = trade.netPnl;
  return (
    <>
      <dl class="stats">
        <Stat label="Net PnL" value={formatUsd(net, { sign: true })} tone={toneOf(net)} />
        <Stat label="Adjusted PnL" value={formatUsd(trade.adjustedPnl, { sign: true })} />
        <Stat label="Fees paid" value={formatUsd(trade.userPaidFee)} />
        <Stat label="PAPER minted" value={formatToken(trade.paperMinted, "PAPER")} />
      </dl>
      <dl class="fields">
        <Field label="Market">
          {symbol} {trade.isLong ? "long" : "short"} {trade.leverage}x
        </Field>
        <Field label="Margin">{formatUsd(trade.margin)}</Field>
        <Field label="Entry">{price(trade.entryPrice)}</Field>
        <Field label="Exit">{price(trade.exitPrice)}</Field>
        <Field label="Opened">
          <Time at={trade.openedAt} now={props.now} />
        </Field>
        <Field label="Closed">
          <Time at={trade.closedAt} now={props.now} />
          {trade.liquidated && " (liquidated)"}
        </Field>
        {trade.intentId && (
          <Field label="Intent">
            <IntentLink id={trade.intentId} wallet={props.found.account.address} full />
          </Field>
        )}
        <Field label="Settled in">
          {trade.txHash
            ? (
              <>
                <TxLink hash={trade.txHash} full />
                {props.txFromEvents && (
                  <span class="muted">
                    {" "}
                    (found from the Exchange's {trade.liquidated ? "Liquidated" : "PositionsClosed"}
                    {" "}
                    event: the history row names no transaction)
                  </span>
                )}
              </>
            )
            : "not found"}
        </Field>
      </dl>
    </>
  );
}

/** The position chart's shortest time axis, so a first sample sits at its right end. */
const LIVE_SPAN_MS = 5 * 60_000;

/** An open position's sampled mark against its entry and bust; the page re-fetches it live. */
export function PositionChart(
  props: { open: PositionValuation; history: PriceHistory; now: number },
) {
  const { open, now } = props;
  if (open.priceScale === null) {
    return (
      <p class="muted">The market of this position is unknown, so its marks cannot be drawn.</p>
    );
  }
  const chart = positionMarkChart(open.position, props.history, open.priceScale);
  const points = chart.series.flatMap((line) => line.points);
  const marks = chart.series.find((line) => line.label === "Mark")?.points ?? [];
  const candles = chart.series.some((line) => line.label === CANDLE_LABEL);
  const hour = MARKET_HISTORY_TIERS[0].keepMs / 60_000;
  const days = MARKET_HISTORY_TIERS.at(-1)!.keepMs / 86_400_000;
  return (
    <Chart
      id="position-chart"
      title={`${open.symbol} price against this position's entry and bust`}
      {...chart}
      unit="price"
      from={Math.min(points[0]?.at ?? now, open.position.openedAt, now - LIVE_SPAN_MS)}
      to={now}
      asOf={points.at(-1)?.at ?? now}
      now={now}
      note={
        <>
          Papertrade publishes no price history. "Mark" is the BBO mid this explorer sampled
          {marks.length > 0 && (
            <>
              {" "}since <Time at={marks[0].at} now={now} />
            </>
          )} (every 5 s for the last {hour} minutes, every minute for {days}{" "}
          days, shared by every instance of this deployment).
          {candles && (
            <>
              {" "}Before that: {CANDLE_LABEL}, each candle's close, since the position opened.
            </>
          )}
        </>
      }
    />
  );
}

/** The 404 page of a position whose owner is unknown, or that the owner's data lacks. */
export function PositionNotFound(props: { id: string; wallet?: string }) {
  return (
    <Layout title={`Position #${props.id} not found · Papertrade Explorer`}>
      <h1>Position #{props.id} not found</h1>
      <p class="notice">
        {props.wallet
          ? `Position #${props.id} is not open in wallet ${props.wallet} and is not in its recent trade history.`
          : `Nothing the explorer has read names the owner of position #${props.id} (the latest trades, the at-risk board, the trade histories and settlement trail it has read), so it cannot tell whose it is.`}
      </p>
      <WalletForm
        action={`/position/${props.id}`}
        id="position-wallet"
        label="Owner's wallet address"
        button="Look up"
        value={props.wallet}
      />
      <ul>
        <li>
          If you know the owner, enter the wallet above: its open positions and trade history are
          searched, with the transaction that settled the position however old. Or paste the owner's
          address into the search at the top and open its trade history.
        </li>
        <li>Check the id: position ids are whole numbers such as 53573.</li>
      </ul>
      <p class="muted">HTTP 404</p>
    </Layout>
  );
}
