/**
 * get_positions' view, under the wallet page's labels (distance to bust with a band-coloured bar);
 * live: it calls get_positions again through the host every 5 s.
 */
import type { z } from "zod";
import type { positionsModel } from "../lib/position/mod.ts";
import { distanceText, priceText, RISK_LABELS, usdText as usd } from "../lib/figure_text.ts";
import { startView } from "./_app.ts";
import { bar, el, numCell, pnlCell, table, unavailableNotice } from "./_dom.ts";

/** How often the view asks again: 12 calls a minute, well within the 60-a-minute limit. */
export const LIVE_EVERY_MS = 5_000;

type Positions = z.input<typeof positionsModel.schema>;
type Position = Positions["positions"][number];

/** The bar's full width: a distance of 0.2 % or more (the bands end at 0.08 %). */
const BAR_FULL_PERCENT = 0.2;

const COLUMNS = [
  "Position",
  "Market, side",
  "To bust",
  "Risk",
  "Unrealized PnL",
  "Bust",
  "Mark",
  "Entry",
  "Margin",
  "Notional",
  "PnL if closed",
  "Payout if closed",
];
const NUMERIC = [2, 4, 5, 6, 7, 8, 9, 10, 11];

startView<Positions>({
  title: "Open positions",
  live: {
    tool: "get_positions",
    everyMs: LIVE_EVERY_MS,
    args: (result, args) => ({ ...args, address: result.address }),
  },
  render(result, { link }) {
    const { totals } = result;
    // One number of decimals per price column, as the wallet page shows them (a closed trade's
    // result lists no position: two, as a price scale of 100 carries).
    const decimals = result.positions.length === 0
      ? 2
      : Math.max(0, ...result.positions.map((p) => p.price_decimals ?? 0));
    const price = (value: number | null) => priceText(value, decimals);
    const wallet = `/wallet/${result.address}`;
    return [
      el(
        "h1",
        {},
        "Open positions of ",
        link(wallet, el("code", {}, result.address)),
      ),
      el(
        "p",
        { class: "muted" },
        `${totals.count} open ${totals.count === 1 ? "position" : "positions"}`,
        result.marks.length > 0 ? ", valued at the live mark: " : ".",
        ...result.marks.flatMap((mark, index) => [
          index > 0 ? ", " : "",
          el(
            "span",
            { "data-mark": mark.market, "data-field": "mark_price" },
            `${mark.market} ${price(mark.mark_price)}${mark.frozen ? " (frozen)" : ""}`,
          ),
        ]),
      ),
      unavailableNotice(result.unavailable),
      table(
        "Open positions",
        COLUMNS,
        result.positions.length === 0
          ? [
            el(
              "tr",
              {},
              el("td", { colspan: COLUMNS.length, class: "muted" }, "No open positions."),
            ),
          ]
          : result.positions.map((p) => row(p, result.address, price, link)),
        {
          numeric: NUMERIC,
          caption: el("caption", { class: "visually-hidden" }, "Open positions at the live mark"),
          foot: result.positions.length > 0 && el(
            "tfoot",
            {},
            el(
              "tr",
              { "data-totals": "" },
              el(
                "td",
                { colspan: 2 },
                el(
                  "strong",
                  {},
                  `Total, ${totals.count} ${totals.count === 1 ? "position" : "positions"}`,
                ),
              ),
              el(
                "td",
                { colspan: 2, class: "muted" },
                totals.unvalued > 0 ? `${totals.unvalued} without a mark left out` : "",
              ),
              pnlCell("unrealized_pnl_usd", totals.unrealized_pnl_usd),
              el("td", { colspan: 3 }),
              numCell("margin_usd", usd(totals.margin_usd)),
              numCell("notional_usd", usd(totals.notional_usd)),
              pnlCell("estimated_close_pnl_usd", totals.estimated_close_pnl_usd),
              numCell("estimated_payout_usd", usd(totals.estimated_payout_usd)),
            ),
          ),
        },
      ),
      result.closed &&
      el(
        "p",
        { class: "notice", "data-closed": result.closed.position_id },
        `Position #${result.closed.position_id} is closed: ${result.closed.market} ${result.closed.side} ${result.closed.leverage}x, exit ${
          price(result.closed.exit_price)
        }, ${result.closed.liquidated ? "liquidated, " : ""}net PnL ${
          usd(result.closed.net_pnl_usd, { sign: true })
        }. `,
        link(`/position/${result.closed.position_id}?wallet=${result.address}`, "Its page"),
      ),
      el(
        "p",
        { class: "muted" },
        "Bands: near bust under 0.03 % from the bust price, close under 0.08 %. ",
        link(wallet, "The wallet's page"),
        " shows the same positions live, with the account and its history.",
      ),
    ];
  },
});

function row(
  p: Position,
  address: string,
  price: (value: number | null) => string,
  link: (path: string, ...children: string[]) => HTMLElement,
): HTMLTableRowElement {
  const risky = p.risk === "close" || p.risk === "near_bust";
  const band = p.risk ?? "none";
  return el(
    "tr",
    {
      "data-position": p.position_id,
      "data-risk": band,
      class: risky ? `risky ${p.risk}` : undefined,
    },
    el("td", {}, link(`/position/${p.position_id}?wallet=${address}`, `#${p.position_id}`)),
    el(
      "td",
      { "data-field": "side" },
      `${p.market} `,
      el("span", { class: p.side === "long" ? "good" : "bad" }, `${p.side} ${p.leverage}x`),
    ),
    el(
      "td",
      { class: "num", "data-field": "distance_to_bust_percent" },
      distanceText(p.distance_to_bust_percent),
      bar(band, (p.distance_to_bust_percent ?? 0) / BAR_FULL_PERCENT * 100),
    ),
    el(
      "td",
      { "data-field": "risk" },
      p.risk === null
        ? el("span", { class: "muted" }, "n/a")
        : el("span", { class: `badge ${p.risk}` }, risky ? "⚠ " : "", RISK_LABELS[p.risk]),
    ),
    pnlCell("unrealized_pnl_usd", p.unrealized_pnl_usd),
    numCell("bust_price", price(p.bust_price)),
    numCell("mark_price", price(p.mark_price)),
    numCell("entry_price", price(p.entry_price)),
    numCell("margin_usd", usd(p.margin_usd)),
    numCell("notional_usd", usd(p.notional_usd)),
    pnlCell("estimated_close_pnl_usd", p.estimated_close_pnl_usd),
    numCell("estimated_payout_usd", usd(p.estimated_payout_usd)),
  );
}
