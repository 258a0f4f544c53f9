/** get_protocol_overview: protocol totals, every market at its live mark, and the latest trades. */
import { z } from "zod";
import { fetchProtocolOverview, type MarketOverview } from "../lib/overview.ts";
import { argsObject } from "./_args.ts";
import { withUpstreamErrors } from "./_errors.ts";
import { feedTradeJson, feedTradeOut } from "./_json_intents.ts";
import { fractionToPercent, fromWad, fromWadOrNull, toPercent, toPrice } from "./_units.ts";
import { amount, lines, percent, price, usd } from "./_text.ts";
import { READ_ONLY_ANNOTATIONS, type ToolDefinition } from "./types.ts";

const input = argsObject({
  recent_trades: z.int({ error: "expected a whole number from 0 to 50" })
    .min(0, "expected a whole number from 0 to 50")
    .max(50, "expected a whole number from 0 to 50")
    .default(10)
    .describe("How many latest trades to include (0 to 50). Default 10."),
});

const marketOut = z.strictObject({
  market: z.string(),
  instrument_id: z.number().int(),
  status: z.enum(["retired", "terminal", "paused", "close_only", "active", "inactive"]),
  openable: z.boolean().describe("New positions can open now."),
  mark_price: z.number().nullable(),
  max_leverage: z.number().int(),
  bust_buffer_percent: z.number(),
  max_position_notional_usd: z.number(),
  long_oi_usd: z.number().nullable().describe("Open interest valued at the mark."),
  short_oi_usd: z.number().nullable(),
  long_cap_usd: z.number().nullable().describe("Null when the side is uncapped."),
  short_cap_usd: z.number().nullable(),
  long_cap_used_percent: z.number().nullable(),
  short_cap_used_percent: z.number().nullable(),
  volume_24h_usd: z.number().nullable(),
});

const output = z.strictObject({
  tvl_usd: z.number().describe("Total value locked."),
  markets: z.array(marketOut),
  recent_trades: z.array(feedTradeOut).describe("Latest venue-wide trades, newest first."),
  trading_paused: z.boolean(),
  lp_usd: z.number().describe("Liquidity provided to the vault."),
  lifetime_volume_usd: z.number(),
  open_positions: z.number().int(),
  fees_lifetime_usd: z.number(),
  fees_pending_usd: z.number(),
  paper_supply: z.number().describe("PAPER tokens in existence."),
  paper_staked: z.number().describe("PAPER tokens staked."),
  payout_queue: z.strictObject({
    owed_usd: z.number().describe("USD owed to wallets waiting in the payout queue."),
    wallets: z.number().int().describe("Wallets waiting."),
  }),
});

type Output = z.input<typeof output>;

/** The get_protocol_overview tool. */
export const getProtocolOverviewTool: ToolDefinition<typeof input, typeof output> = {
  name: "get_protocol_overview",
  title: "Protocol and market overview",
  description:
    "Market-wide state: value locked, per-market live mark, open interest in USD against its " +
    "cap, max leverage and whether each market is openable, whether trading is paused, and " +
    "the latest trades feed (recent_trades, default 10, up to 50), LP, lifetime volume, open " +
    "positions, PAPER supply and staked, fees and the payout queue. Next: get_wallet or " +
    "get_positions with a trade's wallet, get_leaderboard for rankings.",
  inputSchema: input,
  outputSchema: output,
  annotations: READ_ONLY_ANNOTATIONS,
  async run({ recent_trades }, context) {
    const overview = await withUpstreamErrors(() =>
      fetchProtocolOverview(context.papertrade, {
        recentTrades: recent_trades,
        signal: context.signal,
      })
    );
    const structured: Output = {
      tvl_usd: fromWad(overview.tvl),
      markets: overview.markets.map(marketJson),
      recent_trades: overview.recentTrades.slice(0, recent_trades).map(feedTradeJson),
      trading_paused: overview.tradingPaused,
      lp_usd: fromWad(overview.lp),
      lifetime_volume_usd: fromWad(overview.lifetimeVolume),
      open_positions: overview.openPositions,
      fees_lifetime_usd: fromWad(overview.feesLifetime),
      fees_pending_usd: fromWad(overview.feesPending),
      paper_supply: fromWad(overview.paperSupply),
      paper_staked: fromWad(overview.paperStaked),
      payout_queue: { owed_usd: fromWad(overview.queueOwed), wallets: overview.queueCount },
    };
    return { structured, text: renderOverview(structured) };
  },
};

function marketJson(market: MarketOverview): z.input<typeof marketOut> {
  return {
    market: market.symbol,
    instrument_id: market.instrumentId,
    status: market.status,
    openable: market.openable,
    mark_price: market.mark ? toPrice(market.mark.markRaw, market.mark.priceScale) : null,
    max_leverage: market.maxLeverage,
    bust_buffer_percent: fractionToPercent(market.bustBuffer),
    max_position_notional_usd: fromWad(market.maxPositionNotional),
    long_oi_usd: fromWadOrNull(market.longOiUsd),
    short_oi_usd: fromWadOrNull(market.shortOiUsd),
    long_cap_usd: fromWadOrNull(market.longCapUsd),
    short_cap_usd: fromWadOrNull(market.shortCapUsd),
    long_cap_used_percent: toPercent(market.longCapUsedPercent),
    short_cap_used_percent: toPercent(market.shortCapUsedPercent),
    volume_24h_usd: fromWadOrNull(market.volume24h),
  };
}

// Rendered from the structured result only, so the text cannot say more than it carries.
function renderOverview(result: Output): string {
  return lines(
    `Papertrade ${result.trading_paused ? "(trading PAUSED)" : "(trading on)"}: TVL ${
      usd(result.tvl_usd)
    }, LP ${usd(result.lp_usd)}, lifetime volume ${usd(result.lifetime_volume_usd)}, ` +
      `${result.open_positions} open positions.`,
    `Fees: lifetime ${usd(result.fees_lifetime_usd)}, pending ${
      usd(result.fees_pending_usd)
    }. PAPER supply ${amount(result.paper_supply)}, staked ${
      amount(result.paper_staked)
    }. Payout queue ${
      usd(result.payout_queue.owed_usd)
    } owed to ${result.payout_queue.wallets} wallets.`,
    ...result.markets.map((m) =>
      `- ${m.market}: ${m.status}${m.openable ? "" : " (not openable)"}, mark ${
        price(m.mark_price)
      }, max ${m.max_leverage}x, OI long ${usd(m.long_oi_usd)}${
        m.long_cap_usd === null
          ? ""
          : ` of ${usd(m.long_cap_usd)} cap (${percent(m.long_cap_used_percent)})`
      }, short ${usd(m.short_oi_usd)}${
        m.short_cap_usd === null
          ? ""
          : ` of ${usd(m.short_cap_usd)} cap (${percent(m.short_cap_used_percent)})`
      }, 24h volume ${usd(m.volume_24h_usd)}`
    ),
    result.recent_trades.length > 0 ? `Latest ${result.recent_trades.length} trades:` : null,
    ...result.recent_trades.map((t) =>
      `- ${t.at ?? "n/a"} ${t.kind} #${t.position_id} ${t.market} ${t.side} ${t.leverage}x ` +
      `notional ${usd(t.notional_usd)} by ${t.wallet}${
        t.pnl_usd === null ? "" : `, PnL ${usd(t.pnl_usd)}`
      }`
    ),
  );
}
