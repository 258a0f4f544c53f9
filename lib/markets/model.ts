/**
 * The markets' model: the protocol overview (get_protocol_overview's output schema), each market
 * at its live mark, and the venue-wide trade feed's rows (also the search's position preview).
 */
import { z } from "zod";
import type { RecentTrade } from "../papertrade/mod.ts";
import {
  addressOut,
  hashOut,
  integerStringOut,
  isoOut,
  jsonObject,
  rowsSkippedOut,
  sideOf,
  sideOut,
  unavailableJson,
  unavailableOut,
} from "../json_model.ts";
import {
  fractionToPercent,
  fromWad,
  fromWadOrNull,
  isoFromMs,
  toPercent,
  toPrice,
} from "../json_units.ts";
import type { MarketOverview, ProtocolOverview } from "./overview.ts";

/** One trade of the venue-wide feed (its USD and prices are already display floats upstream). */
export const feedTradeJson = jsonObject<RecentTrade>()({
  seq: [integerStringOut.describe("Feed order (newest has the highest)."), (t) => t.seq],
  at: [isoOut.nullable(), (t) => isoFromMs(t.timestamp)],
  wallet: [addressOut, (t) => t.wallet],
  market: [z.string(), (t) => t.symbol],
  instrument_id: [z.number().int(), (t) => t.instrumentId],
  side: [
    sideOut.nullable().describe("Null when the feed's side word is not one we know."),
    (t) => t.isLong === null ? null : sideOf(t.isLong),
  ],
  leverage: [z.number().int(), (t) => t.leverage],
  kind: [
    z.enum(["open", "close", "liquidation"]).nullable().describe(
      "Null when the feed's kind word is not one we know.",
    ),
    (t) => t.kind,
  ],
  notional_usd: [z.number(), (t) => t.notionalUsd],
  entry_price: [
    z.number().nullable().describe("A close row may not carry the entry price."),
    (t) => t.entry,
  ],
  exit_price: [z.number().nullable(), (t) => t.exit],
  feed_pnl_usd: [
    z.number().nullable().describe(
      "The close's PnL as the trade feed reports it (its own display figure, not recomputed); " +
        "null on an open. get_trade_history's net_pnl_usd is the exact net PnL.",
    ),
    (t) => t.pnlUsd,
  ],
  position_id: [integerStringOut, (t) => t.positionId],
  intent_id: [hashOut.nullable(), (t) => t.intentId],
  terminal: [z.boolean(), (t) => t.terminal],
});

/** One market at its live mark, open interest against its caps. */
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

type Totals = NonNullable<ProtocolOverview["totals"]>;

/** A protocol total (dollars, or PAPER), null without the protocol summary. */
const total = (
  key: { [K in keyof Totals]: Totals[K] extends bigint ? K : never }[keyof Totals],
  description?: string,
) =>
  [
    description === undefined ? z.number().nullable() : z.number().nullable().describe(description),
    ({ totals }: ProtocolOverview) => totals && fromWad(totals[key]),
  ] as const;

/** get_protocol_overview's result: every part that arrived, the rest named in `unavailable`. */
export const overviewJson = jsonObject<ProtocolOverview>()({
  tvl_usd: total("tvl", "Total value locked; null when the protocol summary could not be read."),
  markets: [
    z.array(marketJson.schema).describe("Empty when the trading state could not be read."),
    (o) => o.markets.map(marketJson.of),
  ],
  recent_trades: [
    z.array(feedTradeJson.schema).describe("Latest venue-wide trades, newest first."),
    (o) => o.recentTrades.map(feedTradeJson.of),
  ],
  trading_paused: [
    z.boolean().nullable().describe("Null when the trading state could not be read."),
    ({ rules }) => rules && rules.tradingPaused,
  ],
  lp_usd: total("lp", "Liquidity provided to the vault; null without the summary."),
  margin_usd: total("margin", "Margin locked in open positions."),
  lifetime_volume_usd: total("lifetimeVolume"),
  open_positions: [z.number().int().nullable(), ({ totals }) => totals && totals.openPositions],
  fees_lifetime_usd: total("feesLifetime"),
  fees_pending_usd: total("feesPending"),
  paper_supply: total("paperSupply", "PAPER tokens in existence."),
  paper_staked: total("paperStaked", "PAPER tokens staked."),
  payout_queue: [
    z.strictObject({
      owed_usd: z.number().describe("USD owed to wallets waiting in the payout queue."),
      wallets: z.number().int().nullable().describe(
        "Wallets waiting (from the queue summary); null when it could not be read.",
      ),
    }).nullable().describe("Null when the protocol summary could not be read."),
    ({ totals, queueWallets }) =>
      totals && { owed_usd: fromWad(totals.queueOwed), wallets: queueWallets },
  ],
  relayer_accepting_intents: [
    z.boolean().nullable().describe(
      "Whether the relayer accepts intents now (healthy and ready); null when unknown.",
    ),
    (o) => o.relayerAccepting,
  ],
  unavailable: [unavailableOut, (o) => unavailableJson(o.unavailable)],
  rows_skipped: [rowsSkippedOut, (o) => o.rowsSkipped],
});
