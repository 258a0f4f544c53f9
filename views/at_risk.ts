/**
 * get_positions_at_risk's view, under the at-risk page's labels, with market and band filters
 * that ask again through the host. Names are untrusted: text, cleaned of bidi controls.
 */
import type { z } from "zod";
import type { getPositionsAtRiskTool } from "../tools/get_positions_at_risk.ts";
import { startView } from "./_app.ts";
import {
  el,
  numCell,
  plainName,
  price,
  RISK_LABELS,
  shortHex,
  table,
  unavailableNotice,
  utc,
} from "./_dom.ts";
import { countText as counted, distanceText, usdText as usd } from "../lib/figure_text.ts";

type Board = z.input<typeof getPositionsAtRiskTool.outputSchema>;
type Row = Board["positions"][number];

const COLUMNS = [
  "Position",
  "Wallet",
  "Market",
  "Side",
  "Leverage",
  "Margin",
  "Mark",
  "Bust",
  "To bust",
  "Move to bust",
  "Band",
];
const NUMERIC = [4, 5, 6, 7, 8, 9];
const BANDS = ["near_bust", "close", "ok"] as const;
/** Markets seen in any answer, so a filtered answer still offers the others. */
const markets = new Set<string>();

const app = startView<Board>({
  title: "Positions nearest to bust",
  render(board, { link, args }) {
    for (const row of board.positions) markets.add(row.market);
    return [
      el("h1", {}, "Positions nearest to bust"),
      filters(args),
      el(
        "p",
        {},
        `Positions read ${utc(board.refreshed_at)}; marks ${
          board.mark_at ? utc(board.mark_at) : "not read"
        }. Covers `,
        el("span", { "data-field": "wallets_covered" }, counted(board.wallets_covered)),
        " of ",
        el("span", { "data-field": "wallets_known" }, counted(board.wallets_known)),
        " wallets with open positions.",
      ),
      board.partial &&
      el(
        "div",
        { class: "notice", role: "status" },
        el(
          "p",
          {},
          el("strong", {}, "Partial coverage."),
          board.not_yet_read > 0
            ? ` ${counted(board.not_yet_read)} wallets wait for the next refresh (the read budget).`
            : "",
          board.not_read.length > 0 ? " Not read this time:" : "",
        ),
        board.not_read.length > 0 &&
          el(
            "ul",
            {},
            ...board.not_read.map((item) =>
              el(
                "li",
                {},
                link(`/wallet/${item.wallet}`, shortHex(item.wallet)),
                `: ${item.reason}`,
              )
            ),
          ),
      ),
      unavailableNotice(board.unavailable),
      board.positions.length === 0
        ? el("p", { class: "notice" }, "No open position matches.")
        : table(
          "Positions nearest to bust",
          COLUMNS,
          board.positions.map((row) => boardRow(row, link)),
          {
            numeric: NUMERIC,
            caption: el(
              "caption",
              { class: "muted" },
              `${counted(board.matched)} positions, nearest to bust first${
                board.positions.length < board.matched
                  ? ` (the first ${board.positions.length} listed)`
                  : ""
              }. Names are chosen by wallet owners.`,
            ),
          },
        ),
      el(
        "p",
        { class: "muted" },
        link("/at-risk", "The at-risk page"),
        " shows the whole board and re-values it live.",
      ),
    ];
  },
});

function boardRow(row: Row, link: (path: string, ...children: (string | Node)[]) => HTMLElement) {
  const risky = row.risk === "close" || row.risk === "near_bust";
  return el(
    "tr",
    {
      "data-position": row.position_id,
      "data-wallet": row.wallet,
      class: risky ? `risky ${row.risk}` : undefined,
    },
    el("td", {}, link(`/position/${row.position_id}?wallet=${row.wallet}`, `#${row.position_id}`)),
    el(
      "th",
      { scope: "row", class: "wrap" },
      row.leaderboard_name === null ? el("span", { class: "muted" }, "(no name)") : el("bdi", {
        "data-field": "leaderboard_name",
        title: plainName(row.leaderboard_name, 200),
      }, plainName(row.leaderboard_name)),
      el("br"),
      link(`/wallet/${row.wallet}`, el("code", {}, shortHex(row.wallet))),
    ),
    el("td", { "data-field": "market" }, row.market),
    el("td", { "data-field": "side" }, row.side),
    numCell("leverage", `${row.leverage}x`),
    numCell("margin_usd", usd(row.margin_usd)),
    numCell("mark_price", price(row.mark_price)),
    numCell("bust_price", price(row.bust_price)),
    numCell("distance_to_bust_percent", distanceText(row.distance_to_bust_percent)),
    numCell("move_to_bust_usd", usd(row.move_to_bust_usd)),
    el(
      "td",
      { "data-field": "risk" },
      row.risk === null
        ? "no mark"
        : el("span", { class: `badge ${row.risk}` }, RISK_LABELS[row.risk]),
    ),
  );
}

/** The market and band filters; a change asks the tool again, through the host, with them. */
function filters(args: Record<string, unknown>): HTMLFormElement {
  const market = el(
    "select",
    { id: "filter-market", name: "market" },
    el("option", { value: "" }, "All markets"),
  );
  for (const symbol of [...markets].sort()) market.append(el("option", { value: symbol }, symbol));
  const band = el(
    "select",
    { id: "filter-band", name: "band" },
    el("option", { value: "" }, "All bands"),
  );
  for (const name of BANDS) band.append(el("option", { value: name }, RISK_LABELS[name]));
  market.value = typeof args.market === "string" ? args.market : "";
  band.value = typeof args.band === "string" ? args.band : "";
  const form = el(
    "form",
    { "aria-label": "Filter positions" },
    el("label", { for: "filter-market" }, "Market"),
    market,
    el("label", { for: "filter-band" }, "Risk band"),
    band,
  );
  form.addEventListener("change", () => {
    const next: Record<string, unknown> = {};
    if (typeof args.limit === "number") next.limit = args.limit;
    if (market.value) next.market = market.value;
    if (band.value) next.band = band.value;
    app.refresh("get_positions_at_risk", next);
  });
  form.addEventListener("submit", (event) => event.preventDefault());
  return form;
}
