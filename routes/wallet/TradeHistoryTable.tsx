import type { Instrument } from "../../lib/papertrade/mod.ts";
import type { TradeFilter, TradeTablePage } from "../../lib/wallet/mod.ts";
import { formatPrice, formatToken, formatUsd, toneOf } from "../../lib/format.ts";
import { IntentLink, PositionLink, TxLink } from "../../components/links.tsx";
import { Time } from "../../components/Time.tsx";
import { DataTable, numeric } from "../../components/DataTable.tsx";

/** The URL of a history page of a wallet (the fragment keeps the reader at the table). */
function tradesHref(wallet: string, filter: TradeFilter, cursor?: string): string {
  const params = new URLSearchParams();
  if (filter !== "all") params.set("filter", filter);
  if (cursor) params.set("cursor", cursor);
  const search = params.toString();
  return `/wallet/${wallet}${search ? `?${search}` : ""}#trades`;
}

/** One page of closed trades with the filter switch, cursor paging and the CSV export link. */
export function TradeHistoryTable(props: {
  wallet: string;
  page: TradeTablePage;
  filter: TradeFilter;
  /** The page token of this page; undefined on the newest page. */
  cursor?: string;
  instruments: readonly Instrument[];
  now: number;
}) {
  const { wallet, page, filter } = props;
  const csv = `/wallet/${wallet}/trades.csv${filter === "losses" ? "?filter=losses" : ""}`;
  return (
    <>
      <nav class="toolbar" aria-label="Trade history views">
        <span>Show:</span>
        {filter === "all"
          ? <strong aria-current="page">all trades</strong>
          : <a href={tradesHref(wallet, "all")}>all trades</a>}
        {filter === "losses"
          ? <strong aria-current="page">losses only</strong>
          : <a href={tradesHref(wallet, "losses")}>losses only</a>}
        <a href={csv} download>Download the full history as CSV</a>
      </nav>
      {page.trades.length === 0
        ? (
          <p class="muted">
            {filter === "losses" ? "No losing trades" : "No closed trades"}
            {props.cursor ? " on this page." : " yet."}
          </p>
        )
        : (
          <>
            <p class="scroll-note" aria-hidden="true">Swipe the table sideways for more columns.</p>
            <DataTable
              columns={[
                "Closed",
                "Position",
                "Market, side",
                numeric("Net PnL"),
                numeric("Margin"),
                numeric("Entry"),
                numeric("Exit"),
                numeric("Fees"),
                numeric("PAPER minted"),
                "Intent",
                "Transaction",
              ]}
              class="tall trade-history"
              caption={
                <>
                  Closed and liquidated trades, newest first; net PnL is adjusted PnL minus fees
                  paid. The transaction is the one that settled the trade, found from the Exchange's
                  events when the history names none
                </>
              }
            >
              {page.trades.map((trade) => {
                const instrument = props.instruments.find((item) => item.id === trade.instrumentId);
                const price = (raw: bigint) =>
                  instrument ? formatPrice(raw, instrument.priceScale) : String(raw);
                const net = trade.netPnl;
                return (
                  <tr>
                    <td>
                      <Time at={trade.closedAt} now={props.now} />
                    </td>
                    <th scope="row">
                      <PositionLink id={trade.positionId} wallet={props.wallet} />
                    </th>
                    <td class="wraps">
                      {`${instrument?.symbol ?? `instrument ${trade.instrumentId}`} `}
                      <span class={trade.isLong ? "good" : "bad"}>
                        {`${trade.isLong ? "long" : "short"} ${trade.leverage}x`}
                      </span>
                      {trade.liquidated && <span class="badge near_bust">liquidated</span>}
                    </td>
                    <td class={`num ${toneOf(net)}`} data-col="pnl">
                      {formatUsd(net, { sign: true })}
                    </td>
                    <td class="num">{formatUsd(trade.margin)}</td>
                    <td class="num">{price(trade.entryPrice)}</td>
                    <td class="num">{price(trade.exitPrice)}</td>
                    <td class="num">{formatUsd(trade.userPaidFee)}</td>
                    <td class="num">
                      {trade.paperMinted > 0n ? formatToken(trade.paperMinted, "PAPER") : ""}
                    </td>
                    <td>
                      {trade.intentId
                        ? <IntentLink id={trade.intentId} wallet={props.wallet} />
                        : ""}
                    </td>
                    <td>{trade.txHash ? <TxLink hash={trade.txHash} /> : ""}</td>
                  </tr>
                );
              })}
            </DataTable>
          </>
        )}
      <nav class="pager" aria-label="Trade history pages">
        {props.cursor && <a href={tradesHref(wallet, filter)}>Newest trades</a>}
        {page.older
          ? <a href={tradesHref(wallet, filter, page.older)} rel="next">Older trades</a>
          : page.trades.length > 0 && <span class="muted">These are the oldest trades.</span>}
      </nav>
    </>
  );
}
