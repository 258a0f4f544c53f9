/** The liquidations' totals: one row per market and side (and all), one column per period. */
import type {
  LiquidationGroup,
  LiquidationPeriod,
  LiquidationPeriodTotals,
  LiquidationSum,
} from "../../lib/liquidations/mod.ts";
import { formatCount, formatUsd } from "../../lib/format.ts";
import { DataTable, numeric } from "../../components/DataTable.tsx";

/** How the page names each period. */
export const PERIOD_LABELS: Record<LiquidationPeriod, string> = {
  "1h": "Last hour",
  "24h": "Last 24 hours",
  "7d": "Last 7 days",
};

const sideName = (isLong: boolean | null) =>
  isLong === null ? "side n/a" : isLong ? "long" : "short";
const keyOf = (group: LiquidationGroup) => `${group.symbol}:${group.isLong}`;

/** The table; a period whose events do not reach its start is marked partial under it. */
export function LiquidationTotals(props: { totals: readonly LiquidationPeriodTotals[] }) {
  const { totals } = props;
  // The longest period holds every group a shorter one does.
  const groups = totals.at(-1)?.groups ?? [];
  const partial = totals.filter((total) => !total.complete);
  return (
    <>
      <DataTable
        columns={[
          "Market",
          "Side",
          ...totals.map((total) =>
            numeric(`${PERIOD_LABELS[total.period]}${total.complete ? "" : " (partial)"}`)
          ),
        ]}
        caption="How many liquidations, and their size summed, per market and side."
      >
        <tr>
          <th scope="row">All markets</th>
          <td>both</td>
          {totals.map((total) => <Cell key={total.period} sum={total} />)}
        </tr>
        {groups.map((group) => (
          <tr key={keyOf(group)}>
            <th scope="row">{group.symbol ?? "market n/a"}</th>
            <td>{sideName(group.isLong)}</td>
            {totals.map((total) => (
              <Cell
                key={total.period}
                sum={total.groups.find((each) => keyOf(each) === keyOf(group))}
              />
            ))}
          </tr>
        ))}
      </DataTable>
      {partial.length > 0 && (
        <p class="notice" role="status">
          Partial: the Exchange's events read do not reach back to the start of the{" "}
          {partial.map((total) => PERIOD_LABELS[total.period].toLowerCase()).join(" or the ")}, so
          those totals count only the liquidations listed.
        </p>
      )}
    </>
  );
}

function Cell(props: { sum: LiquidationSum | undefined }) {
  const sum = props.sum ?? { count: 0, notional: 0n, unsized: 0 };
  return (
    <td class="num">
      {formatCount(sum.count)} · {formatUsd(sum.notional)}
      {sum.unsized > 0 && (
        <>
          <br />
          <span class="muted">{formatCount(sum.unsized)} of unknown size</span>
        </>
      )}
    </td>
  );
}
