/** get_positions: open positions valued at the live mark, or one position by id. */
import { z } from "zod";
import { fetchWalletPositions, positionsModel } from "../lib/position/mod.ts";
import { addressArg, argsObject } from "./_args.ts";
import { defineTool } from "./define_tool.ts";
import { ToolError } from "./types.ts";

const input = argsObject({
  address: addressArg("Wallet address: 0x followed by 40 hex characters. Case-insensitive."),
  position_id: z.string({ error: "expected a position id string of digits" })
    .trim()
    .regex(/^[0-9]{1,78}$/, 'expected a position id: digits only, e.g. "53573"')
    .overwrite((id) => id.replace(/^0+(?=[0-9])/, ""))
    .optional()
    .describe("Optional position id to narrow to one position."),
});

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
  output: positionsModel.schema,
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
    return { structured: positionsModel.of(found) };
  },
});
