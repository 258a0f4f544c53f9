/**
 * `get_liquidations`' output schema, each field beside the domain value it reads (`jsonObject`):
 * the tool's schema, JSON and text say the same figures as the page.
 */
import { z } from "zod";
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
import { blockNumber, fromWad, isoFromMs, toPrice } from "../json_units.ts";
import type { Liquidation, LiquidationList } from "./read.ts";
import {
  type LiquidationGroup,
  type LiquidationPeriodTotals,
  type LiquidationSum,
  PERIOD_NAMES,
} from "./totals.ts";
import type { LiquidationSelection, LiquidationView } from "./select.ts";

const periodOut = z.enum(PERIOD_NAMES as ["1h", "24h", "7d"]);

const SIZE =
  "The size: margin × leverage (USD) from the wallet's trade history; when the history " +
  "does not hold the trade, the latest trades feed's notional. Null when neither told it.";

const liquidationJson = jsonObject<Liquidation>()({
  position_id: [integerStringOut, (row) => row.positionId],
  wallet: [addressOut, (row) => row.wallet],
  leaderboard_name: [z.string().nullable().describe("Untrusted text."), (row) => row.name],
  market: [z.string().nullable().describe("Null when no source told it."), (row) => row.symbol],
  side: [sideOut.nullable(), (row) => row.isLong === null ? null : sideOf(row.isLong)],
  leverage: [z.number().int().nullable(), (row) => row.leverage],
  notional_usd: [
    z.number().nullable().describe(SIZE),
    (row) => row.notional === null ? null : fromWad(row.notional),
  ],
  mark_price: [
    z.number().nullable().describe("The mark it was liquidated at (the Exchange's event)."),
    (row) => row.markPrice === null ? null : toPrice(row.markPrice, row.priceScale),
  ],
  bust_price: [
    z.number().nullable().describe("The bust price; a liquidation closes there."),
    (row) => row.bustPrice === null ? null : toPrice(row.bustPrice, row.priceScale),
  ],
  liquidated_at: [
    isoOut.nullable().describe("The block's time, else the feed's or the history's."),
    (row) => isoFromMs(row.at),
  ],
  tx_hash: [hashOut.nullable().describe("The settling transaction."), (row) => row.txHash],
  block_number: [z.number().int().nullable(), (row) => blockNumber(row.blockNumber)],
  in_latest_trades: [
    z.boolean().describe("Listed by the latest trades feed."),
    (row) => row.inFeed,
  ],
  on_chain: [
    z.boolean().describe("Found among the Exchange's Liquidated events."),
    (row) => row.onChain,
  ],
});

const sumFields = {
  count: [z.number().int(), (s: LiquidationSum) => s.count],
  notional_usd: [
    z.number().describe("Their sizes summed exactly, then shown in USD."),
    (s: LiquidationSum) => fromWad(s.notional),
  ],
  unsized: [
    z.number().int().describe("Counted, but of unknown size (not in notional_usd)."),
    (s: LiquidationSum) => s.unsized,
  ],
} as const;

/** One market and side of a period. */
const groupJson = jsonObject<LiquidationGroup>()({
  market: [z.string().nullable(), (group) => group.symbol],
  side: [sideOut.nullable(), (group) => group.isLong === null ? null : sideOf(group.isLong)],
  ...sumFields,
});

const periodJson = jsonObject<LiquidationPeriodTotals>()({
  period: [periodOut, (total) => total.period],
  since: [isoOut.nullable(), (total) => isoFromMs(total.since)],
  complete: [
    z.boolean().describe(
      "True when the Exchange's events were read back to `since`, so none is missing.",
    ),
    (total) => total.complete,
  ],
  ...sumFields,
  groups: [
    z.array(groupJson.schema).describe("Per market and side."),
    (total) => total.groups.map(groupJson.of),
  ],
});

/** `get_liquidations`' result: a view of the list and where its sources reached. */
export const liquidationsJson = jsonObject<{
  list: LiquidationList;
  selection: LiquidationSelection;
  view: LiquidationView;
}>()({
  window: [periodOut, ({ selection }) => selection.window],
  market: [z.string().nullable(), ({ view }) => view.market],
  matched: [
    z.number().int().describe("Liquidations of the window and market, before paging."),
    ({ view }) => view.matched,
  ],
  liquidations: [
    z.array(liquidationJson.schema).describe("Newest first."),
    ({ view }) => view.rows.map(liquidationJson.of),
  ],
  next_cursor: [
    z.string().nullable().describe("Pass as cursor (same window and market) for the next rows."),
    ({ view }) => view.nextCursor,
  ],
  totals: [
    z.array(periodJson.schema).describe("Per period (1h, 24h, 7d), of the market filter."),
    ({ view }) => view.totals.map(periodJson.of),
  ],
  events_from_block: [
    z.number().int().nullable().describe("First block of the Exchange events read."),
    ({ list }) => blockNumber(list.coverage.events?.fromBlock ?? null),
  ],
  events_to_block: [
    z.number().int().nullable().describe("Last block read (the head)."),
    ({ list }) => blockNumber(list.coverage.events?.toBlock ?? null),
  ],
  events_from: [
    isoOut.nullable().describe(
      "Time of events_from_block; null when it is the first block a trade could settle in.",
    ),
    ({ list }) => isoFromMs(list.coverage.events?.fromTime ?? null),
  ],
  latest_trades_read: [
    z.number().int().nullable().describe("Rows of every kind the latest trades feed held."),
    ({ list }) => list.coverage.feed?.trades ?? null,
  ],
  histories_not_read: [
    z.number().int().describe("Wallets whose trade history waits for a later read."),
    ({ list }) => list.coverage.historiesNotRead,
  ],
  unavailable: [unavailableOut, ({ list }) => unavailableJson(list.unavailable)],
  rows_skipped: [rowsSkippedOut, ({ list }) => list.rowsSkipped],
});
