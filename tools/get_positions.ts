/** get_positions: open positions valued at the live mark, or one position by id. */
import { z } from "zod";
import { fetchWalletPositions, marketOf } from "../lib/position/mod.ts";
import { addressArg, argsObject } from "./_args.ts";
import { defineTool } from "./define_tool.ts";
import { addressOut, rowsSkippedOut, unavailableJson, unavailableOut } from "../lib/json_model.ts";
import { markJson, positionJson, totalsJson, tradeJson } from "./_json_positions.ts";
import { distancesShown, lines, price, signedUsd, usd } from "./text.ts";
import { ToolError } from "./types.ts";
import { fromWad } from "../lib/json_units.ts";

/** Most positions listed; totals always cover every open position. */
const MAX_LISTED_POSITIONS = 50;

const input = argsObject({
  address: addressArg("Wallet address: 0x followed by 40 hex characters. Case-insensitive."),
  position_id: z.string({ error: "expected a position id string of digits" })
    .trim()
    .regex(/^[0-9]{1,78}$/, 'expected a position id: digits only, e.g. "53573"')
    .overwrite((id) => id.replace(/^0+(?=[0-9])/, ""))
    .optional()
    .describe("Optional position id to narrow to one position."),
});

const output = z.strictObject({
  address: addressOut,
  marks: z.array(markJson.schema).describe("Live mark per market used for the valuation."),
  positions: z.array(positionJson.schema).describe(
    `Newest first, at most ${MAX_LISTED_POSITIONS}; totals cover every open position.`,
  ),
  totals: totalsJson.schema,
  equity_usd: z.number().describe(
    "The wallet's balance, queued and locked funds plus totals.unrealized_pnl_usd (positions " +
      "without a mark left out); with position_id, still over every open position.",
  ),
  closed: tradeJson.schema.nullable().describe(
    "The closed-trade record when position_id names a position that is no longer open.",
  ),
  unavailable: unavailableOut,
  rows_skipped: rowsSkippedOut,
});

type Output = z.input<typeof output>;

/** The get_positions tool. */
export const getPositionsTool = defineTool({
  name: "get_positions",
  title: "Open positions valued at the live mark",
  description:
    "Open positions of a wallet valued at the live Papertrade mark (the Hyperliquid BBO mid): " +
    "side, leverage, margin, notional, entry, mark, bust (liquidation) price, unrealized PnL " +
    "before close-side haircut, the PnL a close would realize and what it would pay back " +
    "(margin plus that PnL, never negative), distance to bust (plain percent) and " +
    "a risk band (ok, close, near_bust). Totals included. Pass position_id to fetch one " +
    "position; if it is already closed the closed-trade record is returned in `closed`. " +
    "Next: get_trade_history for closed trades, get_intents for queued closes.",
  input,
  output,
  walletArgument: "address",
  async run({ address, position_id }, context) {
    const found = await fetchWalletPositions(context, address, {
      positionId: position_id,
      signal: context.signal,
    });
    const historyMissing = found.unavailable.some((item) => item.part === "trade history");
    if (
      position_id !== undefined && found.positions.length === 0 && found.closed === null &&
      !historyMissing
    ) {
      throw new ToolError(
        `position_id: position ${position_id} is not open in wallet ${address} and is not in ` +
          "its recent trade history. Check the owner with search, or call get_positions " +
          "without position_id to list the open ones.",
      );
    }
    const marks = [...found.marks.values()].sort((a, b) => a.instrumentId - b.instrumentId);
    const structured: Output = {
      address,
      marks: marks.map(markJson.of),
      positions: found.positions.slice(0, MAX_LISTED_POSITIONS).map(positionJson.of),
      totals: totalsJson.of(found.totals),
      equity_usd: fromWad(found.equity),
      closed: found.closed &&
        tradeJson.of({
          ...found.closed,
          ...marketOf(found.trading?.instruments ?? [], found.closed.instrumentId),
        }),
      unavailable: unavailableJson(found.unavailable),
      rows_skipped: found.account.rowsSkipped,
    };
    return { structured, text: renderPositions(structured, distancesShown(found.positions)) };
  },
});

function renderPositions(result: Output, distance: (positionId: string) => string): string {
  const marks = result.marks.map((mark) => `${mark.market} ${price(mark.mark_price)}`).join(", ");
  const rows = result.positions.map((p) =>
    `- #${p.position_id} ${p.market} ${p.side} ${p.leverage}x, margin ${usd(p.margin_usd)}, ` +
    `notional ${usd(p.notional_usd)}, entry ${price(p.entry_price)}, ` +
    `mark ${price(p.mark_price)}, bust ${price(p.bust_price)}, ` +
    `distance to bust ${distance(p.position_id)} (${p.risk ?? "no mark"}), ` +
    `unrealized ${signedUsd(p.unrealized_pnl_usd)}, ` +
    `a close now would realize ${signedUsd(p.estimated_close_pnl_usd)} ` +
    `and pay back ${usd(p.estimated_payout_usd)}`
  );
  const closed = result.closed;
  const t = result.totals;
  return lines(
    `Wallet ${result.address}: ${t.count} open position${t.count === 1 ? "" : "s"}` +
      `${marks ? ` at marks ${marks}` : ""}.`,
    ...rows,
    t.count > rows.length
      ? `(${rows.length} of ${t.count} listed; pass position_id to see any other one.)`
      : null,
    t.count > 0
      ? `Totals: margin ${usd(t.margin_usd)}, notional ${usd(t.notional_usd)}, unrealized ` +
        `${signedUsd(t.unrealized_pnl_usd)}, ` +
        `closing all would realize ${signedUsd(t.estimated_close_pnl_usd)} ` +
        `and pay back ${usd(t.estimated_payout_usd)}` +
        `${t.unvalued > 0 ? ` (${t.unvalued} without a mark left out)` : ""}.`
      : null,
    `Equity ${usd(result.equity_usd)}: balance, queued and locked funds plus unrealized PnL.`,
    closed
      ? `Position #${closed.position_id} is closed: ${closed.market} ${closed.side} ` +
        `${closed.leverage}x, entry ${price(closed.entry_price)}, ` +
        `exit ${price(closed.exit_price)}, ${closed.liquidated ? "liquidated, " : ""}` +
        `net PnL ${signedUsd(closed.net_pnl_usd)}, closed ${closed.closed_at}.`
      : null,
    rows.some((row) => row.includes("near_bust"))
      ? "near_bust: under 0.03% from the bust price; close: under 0.08%."
      : null,
  );
}
