/**
 * A wallet's trade history: closed and liquidated trades, newest first, in cursor pages. Part of
 * `wire.ts`, which the rest of the explorer imports.
 */
import { z } from "zod";
import { address, bytes32, count, decimalId, intString, ms, uintString } from "./_wire_scalars.ts";
import { mapped, rowsOf } from "./_modelled.ts";
import { netPnlWad } from "../math/net_pnl.ts";

// modelled: [tradeHistory.path] the path and row keys are unknown apart from adjustedPnlRaw,
// userPaidFeeRaw and cursor paging, which the original explorer documents.
/** One closed or liquidated trade of a wallet. */
export const tradeRow = z.object({
  positionId: decimalId,
  instrumentId: count,
  isLong: z.boolean(),
  leverage: count,
  marginRaw: uintString,
  entryPriceRaw: uintString,
  exitPriceRaw: uintString,
  openedAt: ms,
  closedAt: ms,
  liquidated: z.boolean(),
  adjustedPnlRaw: intString,
  userPaidFeeRaw: uintString,
  paperMintedRaw: uintString,
  intentId: bytes32.nullable(),
  txHash: bytes32.nullable(),
}).transform((
  { marginRaw, entryPriceRaw, exitPriceRaw, adjustedPnlRaw, userPaidFeeRaw, paperMintedRaw, ...t },
) => ({
  ...t,
  margin: marginRaw,
  entryPrice: entryPriceRaw,
  exitPrice: exitPriceRaw,
  /** Signed PnL after the impact haircut, before fees (wad USD). */
  adjustedPnl: adjustedPnlRaw,
  /** Fees the trader paid on this trade (wad USD). */
  userPaidFee: userPaidFeeRaw,
  /** What the trade made: adjustedPnl − userPaidFee (wad USD), computed once, here. */
  netPnl: netPnlWad(adjustedPnlRaw, userPaidFeeRaw),
  /** PAPER minted for the loss (wad). */
  paperMinted: paperMintedRaw,
}));

/** One trade-history page, newest first (endpoint `tradeHistory`). */
export const tradeHistoryPage = mapped(
  z.object({
    ok: z.literal(true),
    wallet: address,
    trades: rowsOf(tradeRow),
    nextCursor: z.string().nullable(),
  }),
  ({ wallet, trades, nextCursor }) => ({
    wallet,
    trades: trades.rows,
    /** Pass back to get the next page; null on the last page. */
    nextCursor,
    rowsSkipped: trades.dropped,
  }),
);

export type Trade = z.output<typeof tradeRow>;
export type TradeHistoryPage = z.output<typeof tradeHistoryPage>;
