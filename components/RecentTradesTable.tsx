import type { RecentTrade } from "../lib/papertrade/mod.ts";
import { shortHex } from "../lib/format.ts";
import { Time } from "./Time.tsx";

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const price = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

/** The venue-wide latest trades feed (display floats, as the upstream sends them). */
export function RecentTradesTable(props: { trades: RecentTrade[]; now: number }) {
  if (props.trades.length === 0) return <p class="muted">No recent trades.</p>;
  return (
    <div class="table-wrap" tabIndex={0}>
      <table>
        <caption>Latest opens, closes and liquidations, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Kind</th>
            <th scope="col">Market</th>
            <th scope="col">Side</th>
            <th scope="col" class="num">Leverage</th>
            <th scope="col" class="num">Notional</th>
            <th scope="col" class="num">Entry</th>
            <th scope="col" class="num">Exit</th>
            <th scope="col" class="num">PnL</th>
            <th scope="col">Wallet</th>
          </tr>
        </thead>
        <tbody>
          {props.trades.map((trade) => (
            <tr>
              <td>
                <Time at={trade.timestamp} now={props.now} />
              </td>
              <td>{trade.kind}</td>
              <td>{trade.symbol}</td>
              <td>{trade.isLong ? "long" : "short"}</td>
              <td class="num">{trade.leverage}x</td>
              <td class="num">{usd.format(trade.notionalUsd)}</td>
              <td class="num">{trade.entry === null ? "" : price.format(trade.entry)}</td>
              <td class="num">{trade.exit === null ? "" : price.format(trade.exit)}</td>
              <td class={`num ${(trade.pnlUsd ?? 0) < 0 ? "bad" : "good"}`}>
                {trade.pnlUsd === null ? "" : usd.format(trade.pnlUsd)}
              </td>
              <td>
                <a class="mono" href={`/wallet/${trade.wallet}`}>{shortHex(trade.wallet)}</a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
