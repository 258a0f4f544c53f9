import type { RecentTrade } from "../../lib/papertrade/mod.ts";
import { IntentLink, PositionLink, WalletLink } from "../../components/links.tsx";
import { Time } from "../../components/Time.tsx";
import { DataTable, numeric } from "../../components/DataTable.tsx";

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const price = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

/**
 * The venue-wide latest trades (display floats, as the upstream sends them), the PnL before the
 * columns a phone reaches with a swipe. Rows link the wallet, the position and any intent; the
 * feed has no transaction hash, and the intent page finds the transaction that carried it.
 */
export function RecentTradesTable(props: { trades: RecentTrade[]; now: number }) {
  if (props.trades.length === 0) return <p class="muted">No recent trades.</p>;
  return (
    <DataTable
      class="latest-trades"
      columns={[
        "Time",
        "Kind",
        "Market",
        "Side",
        numeric("PnL (feed)"),
        numeric("Leverage"),
        numeric("Notional"),
        numeric("Entry"),
        numeric("Exit"),
        "Wallet",
        "Position",
        "Intent",
      ]}
      caption="Latest opens, closes and liquidations, newest first"
    >
      {props.trades.map((trade) => (
        <tr>
          <td>
            <Time at={trade.timestamp} now={props.now} />
          </td>
          <td>{trade.kind}</td>
          <td>{trade.symbol}</td>
          <td>{trade.isLong ? "long" : "short"}</td>
          <td class={`num ${(trade.pnlUsd ?? 0) < 0 ? "bad" : "good"}`} data-col="pnl">
            {trade.pnlUsd === null ? "" : usd.format(trade.pnlUsd)}
          </td>
          <td class="num">{trade.leverage}x</td>
          <td class="num">{usd.format(trade.notionalUsd)}</td>
          <td class="num">{trade.entry === null ? "" : price.format(trade.entry)}</td>
          <td class="num">{trade.exit === null ? "" : price.format(trade.exit)}</td>
          <td>
            <WalletLink address={trade.wallet} />
          </td>
          <td>
            <PositionLink id={trade.positionId} wallet={trade.wallet} />
          </td>
          <td>
            {trade.intentId ? <IntentLink id={trade.intentId} wallet={trade.wallet} /> : "none"}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
