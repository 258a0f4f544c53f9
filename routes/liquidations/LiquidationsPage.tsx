/** The liquidations page: where its sources reached, the totals, and the rows of one view. */
import {
  type Liquidation,
  LIQUIDATION_SCAN,
  type LiquidationList,
  type LiquidationSelection,
  type LiquidationView,
  PERIOD_NAMES,
} from "../../lib/liquidations/mod.ts";
import { formatCount, formatPrice, formatUsd } from "../../lib/format.ts";
import { DataTable, numeric } from "../../components/DataTable.tsx";
import { Layout } from "../../components/Layout.tsx";
import { LeaderboardName, PositionLink, TxLink, WalletLink } from "../../components/links.tsx";
import { PartNotice } from "../../components/PartNotice.tsx";
import { Time } from "../../components/Time.tsx";
import { LiquidationTotals, PERIOD_LABELS } from "./LiquidationTotals.tsx";

const COLUMNS = [
  "Time",
  "Position",
  "Wallet",
  "Market",
  "Side",
  ...["Notional", "Leverage", "Mark", "Bust"].map(numeric),
  "Transaction",
];

/** The page, from the list, what was asked and the view of it. */
export function LiquidationsPage(
  props: { list: LiquidationList; selection: LiquidationSelection; view: LiquidationView },
) {
  const { list, selection, view } = props;
  const { now } = list;
  const market = view.market;
  const link = (cursor?: string) =>
    `/liquidations?${new URLSearchParams({
      window: selection.window,
      ...(market ? { market } : {}),
      ...(cursor ? { cursor } : {}),
    })}`;
  return (
    <Layout
      title="Liquidations · Papertrade Explorer"
      description="Every Papertrade liquidation the explorer can see, with totals per market and side."
      current="liquidations"
      tickingAges
      head={
        <link
          rel="alternate"
          type="application/atom+xml"
          title="Papertrade liquidations (Atom)"
          href="/liquidations.atom"
        />
      }
    >
      <h1>Liquidations</h1>
      <Sources list={list} />
      <form class="search" action="/liquidations" method="get" aria-label="Filter liquidations">
        <label for="liquidations-window">Window</label>
        <select id="liquidations-window" name="window">
          {PERIOD_NAMES.map((period) => (
            <option value={period} selected={selection.window === period}>
              {PERIOD_LABELS[period]}
            </option>
          ))}
        </select>
        <label for="liquidations-market">Market</label>
        <select id="liquidations-market" name="market">
          <option value="">All markets</option>
          {list.markets.map((symbol) => (
            <option value={symbol} selected={market === symbol}>{symbol}</option>
          ))}
        </select>
        <button type="submit">Show</button>
      </form>
      <PartNotice unavailable={list.unavailable} />
      <h2 id="totals">Totals{market ? ` in ${market}` : ""}</h2>
      <LiquidationTotals totals={view.totals} />
      <h2 id="list">
        {PERIOD_LABELS[selection.window]}
        {market ? ` in ${market}` : ""}
      </h2>
      {view.rows.length > 0
        ? (
          <DataTable
            class="tall"
            columns={COLUMNS}
            caption={`${formatCount(view.matched)} liquidations, newest first${
              view.rows.length < view.matched ? ` (${view.rows.length} on this page)` : ""
            }. Names are chosen by wallet owners.`}
          >
            {view.rows.map((row) => <Row key={row.positionId} row={row} now={now} />)}
          </DataTable>
        )
        : (
          <p class="notice">
            No liquidation {selection.cursor ? "further back" : "in this window"}.
          </p>
        )}
      {(selection.cursor || view.nextCursor) && (
        <nav class="pager" aria-label="Pages of liquidations">
          {selection.cursor && <a href={link()}>Newest</a>}{" "}
          {view.nextCursor && <a href={link(view.nextCursor)}>Older liquidations</a>}
        </nav>
      )}
    </Layout>
  );
}

/** Where the list comes from, how far each source reached, and the feed. */
function Sources(props: { list: LiquidationList }) {
  const { list } = props;
  const { events, feed, historiesNotRead } = list.coverage;
  const { now } = list;
  return (
    <>
      <p class="muted">
        Every liquidation the explorer can see in the last {LIQUIDATION_SCAN.seconds / 86_400}{" "}
        days: the Exchange's <code>Liquidated</code> events{events
          ? (
            <>
              {" "}of blocks {formatCount(events.fromBlock)} to {formatCount(events.toBlock)}
              {events.fromTime === null ? " (from the first block a trade could settle in)" : (
                <>
                  {" "}(since <Time at={events.fromTime} now={now} />)
                </>
              )}
            </>
          )
          : " (not read this time)"}, and the latest trades feed{feed
          ? (
            <>
              {" "}({formatCount(feed.trades)} trades of every kind{feed.oldestAt !== null && (
                <>
                  , back to <Time at={feed.oldestAt} now={now} />
                </>
              )})
            </>
          )
          : " (not read this time)"}. The size is the notional, margin × leverage, from each
        wallet's trade history. Follow them in a feed reader:{" "}
        <a href="/liquidations.atom">the Atom feed</a>.
      </p>
      {historiesNotRead > 0 && (
        <p class="notice" role="status">
          {formatCount(historiesNotRead)}{" "}
          wallets' trade histories wait for a later read: their liquidations show the feed's size,
          or none.
        </p>
      )}
    </>
  );
}

function Row(props: { row: Liquidation; now: number }) {
  const { row, now } = props;
  const price = (raw: bigint | null) =>
    raw === null || row.priceScale === null ? "n/a" : formatPrice(raw, row.priceScale, 2);
  return (
    <tr data-position={row.positionId}>
      <td>
        <Time at={row.at} now={now} />
      </td>
      <td>
        <PositionLink id={row.positionId} wallet={row.wallet} />
      </td>
      <th scope="row" class="wallet-cell">
        <LeaderboardName name={row.name} />
        <br />
        <WalletLink address={row.wallet} />
      </th>
      <td>{row.symbol ?? "n/a"}</td>
      <td>{row.isLong === null ? "n/a" : row.isLong ? "long" : "short"}</td>
      <td class="num">{formatUsd(row.notional)}</td>
      <td class="num">{row.leverage === null ? "n/a" : `${row.leverage}x`}</td>
      <td class="num">{price(row.markPrice)}</td>
      <td class="num">{price(row.bustPrice)}</td>
      <td>{row.txHash ? <TxLink hash={row.txHash} /> : "n/a"}</td>
    </tr>
  );
}
