import type { PositionTotals, PositionValuation } from "../lib/wallet/mod.ts";
import { formatPercent, formatPrice, formatUsd } from "./format.ts";
import { PositionLink } from "./links.tsx";
import { toneOf } from "./Stat.tsx";
import { Time } from "./Time.tsx";

const RISK_LABELS = { ok: "ok", close: "close", near_bust: "near bust" } as const;

/**
 * Open positions valued at the live mark, with totals in the footer. Server-rendered only:
 * the live version is the wallet page's positions island.
 */
export function OpenPositionsTable(
  props: { wallet: string; positions: PositionValuation[]; totals: PositionTotals; now: number },
) {
  if (props.positions.length === 0) return <p class="muted">No open positions.</p>;
  const price = (raw: bigint | null | undefined, scale: bigint | null) =>
    raw === null || raw === undefined || scale === null ? "n/a" : formatPrice(raw, scale);
  const { totals } = props;
  return (
    <div class="table-wrap">
      <table>
        <caption>
          Open positions at the live mark; unrealized PnL is before the close-side haircut
        </caption>
        <thead>
          <tr>
            <th scope="col">Position</th>
            <th scope="col">Market</th>
            <th scope="col">Side</th>
            <th scope="col" class="num">Leverage</th>
            <th scope="col" class="num">Margin</th>
            <th scope="col" class="num">Notional</th>
            <th scope="col" class="num">Entry</th>
            <th scope="col" class="num">Mark</th>
            <th scope="col" class="num">Bust</th>
            <th scope="col" class="num">To bust</th>
            <th scope="col">Risk</th>
            <th scope="col" class="num">Unrealized PnL</th>
            <th scope="col">Opened</th>
          </tr>
        </thead>
        <tbody>
          {props.positions.map((item) => {
            const p = item.position;
            return (
              <tr>
                <th scope="row">
                  <PositionLink id={p.positionId} wallet={props.wallet} />
                </th>
                <td>{item.symbol}</td>
                <td>{p.isLong ? "long" : "short"}</td>
                <td class="num">{p.leverage}x</td>
                <td class="num">{formatUsd(p.margin)}</td>
                <td class="num">{formatUsd(item.notional)}</td>
                <td class="num">{price(p.entryPrice, item.priceScale)}</td>
                <td class="num">{price(item.mark?.markRaw, item.priceScale)}</td>
                <td class="num">{price(p.bustPrice, item.priceScale)}</td>
                <td class="num">
                  {item.distanceToBustPercent === null
                    ? "n/a"
                    : formatPercent(item.distanceToBustPercent)}
                </td>
                <td>
                  {item.risk
                    ? <span class={`badge ${item.risk}`}>{RISK_LABELS[item.risk]}</span>
                    : "no mark"}
                </td>
                <td
                  class={`num ${
                    item.unrealizedPnl === null ? "" : toneOf(item.unrealizedPnl) ?? ""
                  }`}
                >
                  {item.unrealizedPnl === null
                    ? "n/a"
                    : formatUsd(item.unrealizedPnl, { sign: true })}
                </td>
                <td>
                  <Time at={p.openedAt} now={props.now} />
                </td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4}>
              Totals ({totals.count}{" "}
              open{totals.unvalued > 0 ? `, ${totals.unvalued} without a mark` : ""})
            </th>
            <td class="num">{formatUsd(totals.margin)}</td>
            <td class="num">{formatUsd(totals.notional)}</td>
            <td colSpan={5}></td>
            <td class={`num ${toneOf(totals.unrealizedPnl) ?? ""}`}>
              {formatUsd(totals.unrealizedPnl, { sign: true })}
            </td>
            <td></td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
