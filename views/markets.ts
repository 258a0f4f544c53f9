/**
 * get_protocol_overview's view, under the markets page's labels: totals, each market with open
 * interest against each side's cap, the history chart (views/_chart.ts) and the latest trades.
 */
import type { z } from "zod";
import type { overviewJson } from "../lib/markets/mod.ts";
import { startView } from "./_app.ts";
import { protocolHistory } from "./_chart.ts";
import {
  bar,
  el,
  NOT_AVAILABLE,
  numCell,
  pnlCell,
  price,
  shortHex,
  table,
  unavailableNotice,
  utc,
} from "./_dom.ts";
import { countText as counted, tokenText as token, usdText as usd } from "../lib/figure_text.ts";

type Overview = z.input<typeof overviewJson.schema>;
type Market = Overview["markets"][number];

const MARKET_COLUMNS = [
  "Market",
  "Mark",
  "Long OI",
  "Short OI",
  "24h volume",
  "Max leverage",
  "Status",
];
const TRADE_COLUMNS = [
  "Time",
  "Kind",
  "Position",
  "Market",
  "Side",
  "Notional",
  "PnL (feed)",
  "Wallet",
];

startView<Overview>({
  title: "Markets and protocol",
  render(o, { link, meta }) {
    const stat = (label: string, field: string, text: string) =>
      el("div", {}, el("dt", {}, label), el("dd", { "data-field": field }, text));
    return [
      el("h1", {}, "Markets"),
      o.trading_paused === true &&
      el("p", { class: "notice" }, "Opening new positions is paused venue-wide."),
      unavailableNotice(o.unavailable),
      el(
        "dl",
        { class: "stats" },
        stat("TVL", "tvl_usd", usd(o.tvl_usd, { compact: true })),
        stat("LP", "lp_usd", usd(o.lp_usd, { compact: true })),
        stat("Margin in positions", "margin_usd", usd(o.margin_usd, { compact: true })),
        stat("Open positions", "open_positions", counted(o.open_positions)),
        stat(
          "Lifetime volume",
          "lifetime_volume_usd",
          usd(o.lifetime_volume_usd, { compact: true }),
        ),
        stat("Fees, lifetime", "fees_lifetime_usd", usd(o.fees_lifetime_usd, { compact: true })),
        stat("PAPER supply", "paper_supply", token(o.paper_supply, "PAPER")),
        stat("PAPER staked", "paper_staked", token(o.paper_staked, "PAPER")),
        stat("Payout queue", "payout_queue.owed_usd", usd(o.payout_queue?.owed_usd ?? null)),
        stat(
          "Relayer",
          "relayer_accepting_intents",
          o.relayer_accepting_intents === null
            ? "n/a"
            : o.relayer_accepting_intents
            ? "accepting intents"
            : "not accepting intents",
        ),
      ),
      o.markets.length === 0
        ? el("p", { class: "notice" }, "The markets could not be read.")
        : table("Markets", MARKET_COLUMNS, o.markets.map((m) => marketRow(m, link)), {
          numeric: [1, 2, 3, 4, 5],
          caption: el(
            "caption",
            { class: "muted" },
            "Markets, valued at the live mark (Hyperliquid BBO mid)",
          ),
        }),
      protocolHistory(meta),
      o.recent_trades.length > 0 && el("h2", {}, "Latest trades"),
      o.recent_trades.length > 0 &&
      table(
        "Latest trades",
        TRADE_COLUMNS,
        o.recent_trades.map((t) =>
          el(
            "tr",
            { "data-trade": t.position_id },
            el("td", {}, utc(t.at)),
            el("td", {}, t.kind ?? "n/a"),
            el(
              "td",
              {},
              link(`/position/${t.position_id}?wallet=${t.wallet}`, `#${t.position_id}`),
            ),
            el("td", {}, t.market),
            el("td", {}, `${t.side ?? "n/a"} ${t.leverage}x`),
            numCell("notional_usd", usd(t.notional_usd)),
            pnlCell("feed_pnl_usd", t.feed_pnl_usd),
            el("td", {}, link(`/wallet/${t.wallet}`, el("code", {}, shortHex(t.wallet)))),
          )
        ),
        { numeric: [5, 6] },
      ),
      el(
        "p",
        { class: "muted" },
        link("/markets", "The markets page"),
        " adds open interest over time and the protocol history by the minute and by the day.",
      ),
    ];
  },
});

function openInterest(field: string, oi: number | null, cap: number | null, used: number | null) {
  const cell = numCell(field, usd(oi, { compact: true }));
  if (oi === null) return cell;
  const band = used !== null && used >= 90
    ? "near_bust"
    : used !== null && used >= 70
    ? "close"
    : "ok";
  cell.append(
    el("br"),
    el(
      "span",
      { class: "muted" },
      cap === null
        ? "uncapped"
        : `of ${usd(cap, { compact: true })} cap (${
          used === null ? NOT_AVAILABLE : `${used.toFixed(1)}%`
        })`,
    ),
  );
  if (cap !== null) cell.append(bar(band, used ?? 0));
  return cell;
}

function marketRow(m: Market, link: (path: string, ...children: string[]) => HTMLElement) {
  return el(
    "tr",
    { "data-market": m.market },
    el("th", { scope: "row" }, link(`/markets/${m.market}`, m.market)),
    numCell("mark_price", m.mark_price === null ? "no quote" : price(m.mark_price)),
    openInterest("long_oi_usd", m.long_oi_usd, m.long_cap_usd, m.long_cap_used_percent),
    openInterest("short_oi_usd", m.short_oi_usd, m.short_cap_usd, m.short_cap_used_percent),
    numCell("volume_24h_usd", usd(m.volume_24h_usd, { compact: true })),
    numCell("max_leverage", `${m.max_leverage}x`),
    el(
      "td",
      {},
      el(
        "span",
        { class: `badge ${m.openable ? "ok" : "paused"}` },
        m.openable ? "openable" : m.status.replace("_", " "),
      ),
    ),
  );
}
