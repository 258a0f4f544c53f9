/** get_protocol_overview: protocol totals, every market at its live mark, and the latest trades. */
import { z } from "zod";
import { fetchProtocolOverview, type MarketOverview } from "../lib/markets/mod.ts";
import { argsObject, wholeNumberArg } from "./_args.ts";
import { defineTool } from "./define_tool.ts";
import { feedTradeJson } from "../lib/intent/mod.ts";
import {
  fractionToPercent,
  fromWad,
  fromWadOrNull,
  toPercent,
  toPrice,
} from "../lib/json_units.ts";
import { amount, lines, percent, price, usd } from "./text.ts";
import { jsonObject, rowsSkippedOut, unavailableJson, unavailableOut } from "../lib/json_model.ts";

const input = argsObject({
  recent_trades: wholeNumberArg("How many latest trades to include (0 to 50). Default 10.", {
    min: 0,
    max: 50,
    fallback: 10,
  }),
});

const marketJson = jsonObject<MarketOverview>()({
  market: [z.string(), (m) => m.symbol],
  instrument_id: [z.number().int(), (m) => m.instrumentId],
  status: [
    z.enum(["retired", "terminal", "paused", "close_only", "active", "inactive"]),
    (m) => m.status,
  ],
  openable: [z.boolean().describe("New positions can open now."), (m) => m.openable],
  mark_price: [z.number().nullable(), (m) => m.mark && toPrice(m.mark.markRaw, m.mark.priceScale)],
  max_leverage: [z.number().int(), (m) => m.maxLeverage],
  bust_buffer_percent: [z.number(), (m) => fractionToPercent(m.bustBuffer)],
  max_position_notional_usd: [z.number(), (m) => fromWad(m.maxPositionNotional)],
  long_oi_usd: [
    z.number().nullable().describe("Open interest valued at the mark."),
    (m) => fromWadOrNull(m.longOiUsd),
  ],
  short_oi_usd: [z.number().nullable(), (m) => fromWadOrNull(m.shortOiUsd)],
  long_cap_usd: [
    z.number().nullable().describe("Null when the side is uncapped."),
    (m) => fromWadOrNull(m.longCapUsd),
  ],
  short_cap_usd: [z.number().nullable(), (m) => fromWadOrNull(m.shortCapUsd)],
  long_cap_used_percent: [z.number().nullable(), (m) => toPercent(m.longCapUsedPercent)],
  short_cap_used_percent: [z.number().nullable(), (m) => toPercent(m.shortCapUsedPercent)],
  volume_24h_usd: [z.number().nullable(), (m) => fromWadOrNull(m.volume24h)],
});

const output = z.strictObject({
  tvl_usd: z.number().nullable().describe(
    "Total value locked; null when the protocol summary could not be read.",
  ),
  markets: z.array(marketJson.schema).describe("Empty when the trading state could not be read."),
  recent_trades: z.array(feedTradeJson.schema).describe("Latest venue-wide trades, newest first."),
  trading_paused: z.boolean().nullable().describe(
    "Null when the trading state could not be read.",
  ),
  lp_usd: z.number().nullable().describe(
    "Liquidity provided to the vault; null without the summary.",
  ),
  margin_usd: z.number().nullable().describe("Margin locked in open positions."),
  lifetime_volume_usd: z.number().nullable(),
  open_positions: z.number().int().nullable(),
  fees_lifetime_usd: z.number().nullable(),
  fees_pending_usd: z.number().nullable(),
  paper_supply: z.number().nullable().describe("PAPER tokens in existence."),
  paper_staked: z.number().nullable().describe("PAPER tokens staked."),
  payout_queue: z.strictObject({
    owed_usd: z.number().describe("USD owed to wallets waiting in the payout queue."),
    wallets: z.number().int().nullable().describe(
      "Wallets waiting (from the queue summary); null when it could not be read.",
    ),
  }).nullable().describe("Null when the protocol summary could not be read."),
  relayer_accepting_intents: z.boolean().nullable().describe(
    "Whether the relayer accepts intents now (healthy and ready); null when unknown.",
  ),
  unavailable: unavailableOut,
  rows_skipped: rowsSkippedOut,
});

type Output = z.input<typeof output>;

/** The get_protocol_overview tool. */
export const getProtocolOverviewTool = defineTool({
  name: "get_protocol_overview",
  title: "Protocol and market overview",
  description:
    "Market-wide state: value locked, per-market live mark, open interest in USD against its " +
    "cap, max leverage and whether each market is openable, whether trading is paused, and " +
    "the latest trades feed (recent_trades, default 10, up to 50), LP, margin, lifetime volume, " +
    "open positions, PAPER supply and staked, fees, the payout queue and whether the relayer " +
    "accepts intents. Next: get_wallet or " +
    "get_positions with a trade's wallet, get_leaderboard for rankings.",
  input,
  output,
  async run({ recent_trades }, context) {
    const overview = await fetchProtocolOverview(context, {
      recentTrades: recent_trades,
      signal: context.signal,
    });
    const totals = overview.totals;
    const structured: Output = {
      tvl_usd: totals && fromWad(totals.tvl),
      markets: overview.markets.map(marketJson.of),
      recent_trades: overview.recentTrades.slice(0, recent_trades).map(feedTradeJson.of),
      trading_paused: overview.rules && overview.rules.tradingPaused,
      lp_usd: totals && fromWad(totals.lp),
      margin_usd: totals && fromWad(totals.margin),
      lifetime_volume_usd: totals && fromWad(totals.lifetimeVolume),
      open_positions: totals && totals.openPositions,
      fees_lifetime_usd: totals && fromWad(totals.feesLifetime),
      fees_pending_usd: totals && fromWad(totals.feesPending),
      paper_supply: totals && fromWad(totals.paperSupply),
      paper_staked: totals && fromWad(totals.paperStaked),
      payout_queue: totals &&
        { owed_usd: fromWad(totals.queueOwed), wallets: overview.queueWallets },
      relayer_accepting_intents: overview.relayerAccepting,
      unavailable: unavailableJson(overview.unavailable),
      rows_skipped: overview.rowsSkipped,
    };
    return { structured, text: renderOverview(structured) };
  },
});

// Rendered from the structured result only, so the text cannot say more than it carries.
function renderOverview(result: Output): string {
  const paused = result.trading_paused === null
    ? ""
    : result.trading_paused
    ? " (trading PAUSED)"
    : " (trading on)";
  const queue = result.payout_queue;
  const cap = (capUsd: number | null, usedPercent: number | null) =>
    capUsd === null ? "" : ` of ${usd(capUsd)} cap (${percent(usedPercent)})`;
  return lines(
    result.tvl_usd !== null &&
      `Papertrade${paused}: TVL ${usd(result.tvl_usd)}, LP ${usd(result.lp_usd)}, ` +
        `margin ${usd(result.margin_usd)}, lifetime volume ${usd(result.lifetime_volume_usd)}, ` +
        `${result.open_positions} open positions.`,
    result.tvl_usd === null && paused ? `Papertrade${paused}.` : null,
    result.relayer_accepting_intents !== null &&
      `The relayer is ${result.relayer_accepting_intents ? "" : "not "}accepting intents now.`,
    queue &&
      `Fees: lifetime ${usd(result.fees_lifetime_usd)}, pending ${usd(result.fees_pending_usd)}. ` +
        `PAPER supply ${amount(result.paper_supply)}, staked ${amount(result.paper_staked)}. ` +
        `Payout queue ${usd(queue.owed_usd)} owed` +
        `${queue.wallets === null ? "" : ` to ${queue.wallets} wallets`}.`,
    ...result.markets.map((m) =>
      `- ${m.market}: ${m.status}${m.openable ? "" : " (not openable)"}, ` +
      `mark ${price(m.mark_price)}, max ${m.max_leverage}x, ` +
      `OI long ${usd(m.long_oi_usd)}${cap(m.long_cap_usd, m.long_cap_used_percent)}, ` +
      `short ${usd(m.short_oi_usd)}${cap(m.short_cap_usd, m.short_cap_used_percent)}, ` +
      `24h volume ${usd(m.volume_24h_usd)}`
    ),
    result.recent_trades.length > 0 ? `Latest ${result.recent_trades.length} trades:` : null,
    ...result.recent_trades.map((t) =>
      `- ${t.at ?? "n/a"} ${t.kind} #${t.position_id} ${t.market} ${t.side} ${t.leverage}x ` +
      `notional ${usd(t.notional_usd)} by ${t.wallet}` +
      `${t.feed_pnl_usd === null ? "" : `, feed PnL ${usd(t.feed_pnl_usd)}`}`
    ),
  );
}
