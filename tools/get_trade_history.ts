/** get_trade_history: a wallet's closed and liquidated trades, newest first, cursor paged. */
import { z } from "zod";
import { PapertradeApiError } from "../lib/papertrade/mod.ts";
import { addressArg, argsObject, choiceArg } from "./_args.ts";
import { isUnknownWallet } from "../lib/upstream_error.ts";
import { defineTool, unknownWalletError } from "./define_tool.ts";
import { Parts } from "../lib/parts.ts";
import { marketOf, withSettlingTransactions } from "../lib/position/mod.ts";
import { tradeHistoryJson } from "../lib/wallet/mod.ts";
import { ToolError } from "./types.ts";

const TRADE_HISTORY_PAGE_SIZE = 75;

const input = argsObject({
  address: addressArg("Wallet address: 0x followed by 40 hex characters. Case-insensitive."),
  filter: choiceArg(["all", "losses"], "all", "all trades, or only those with negative net PnL."),
  cursor: z.string({ error: "expected the next_cursor string of a previous call" })
    .min(1, { error: "expected the next_cursor string of a previous call", abort: true })
    .max(512, "expected at most 512 characters (pass next_cursor unchanged)")
    .regex(/^[A-Za-z0-9._~:+/=-]+$/, "expected next_cursor unchanged (letters, digits, -_=.~:+/)")
    .optional()
    .describe("next_cursor from a previous call."),
});

export const getTradeHistoryTool = defineTool({
  name: "get_trade_history",
  title: "Closed trades of a wallet",
  description:
    "Closed and liquidated trades of a wallet, newest first, 75 per page, with net PnL " +
    "(adjusted PnL minus fees paid), entry and exit, leverage, margin, PAPER minted, the " +
    "intent id and the settling transaction (the history's, else found from the Exchange's " +
    'events). filter "losses" keeps trades with negative ' +
    "net PnL. Use the returned next_cursor for the next page. Next: decode_transaction with " +
    "a trade's tx_hash, lookup_intent with its intent_id.",
  input,
  output: tradeHistoryJson.schema,
  walletArgument: "address",
  // A page's JSON is about 40,000 characters (75 trades, each naming two hashes): the text lists
  // the newest trades and counts the rest, so both stay far below the clients' 25,000 tokens.
  textRows: 12,
  // Only the cursor is free text; a 400 from the history endpoint means it was refused.
  explainFailure: (error, { cursor }) =>
    cursor !== undefined && error instanceof PapertradeApiError && error.status === 400
      ? new ToolError(
        "cursor: the Papertrade API refused this cursor. Pass next_cursor from a previous " +
          "get_trade_history call unchanged, with the same address and filter, or omit it.",
      )
      : undefined,
  async run({ address, filter, cursor }, context) {
    const { signal } = context;
    const parts = new Parts();
    const [history, trading] = await Promise.all([
      context.papertrade.read("tradeHistory", {
        wallet: address,
        filter,
        cursor,
        limit: TRADE_HISTORY_PAGE_SIZE,
      }, { signal }),
      parts.read(context.papertrade.read("tradingState", {}, { signal }), "market prices"),
    ]);
    if (history.trades.length === 0) {
      // The history endpoint answers an empty list for a wallet it has never seen. The account
      // read tells the two apart, so an unknown wallet gets the error every wallet tool gives;
      // if that read fails otherwise, the empty page stands with the account named unavailable.
      await parts.read(() =>
        context.papertrade.read("walletStream", { wallet: address }, { signal }).catch((error) => {
          throw isUnknownWallet(error) ? unknownWalletError("address", address) : error;
        })
      );
    }
    const instruments = trading?.instruments ?? [];
    // The rows that name no settling transaction get the one the Exchange's events show.
    const trades = await withSettlingTransactions(
      context,
      address,
      history.trades.slice(0, TRADE_HISTORY_PAGE_SIZE),
      parts,
    );
    return {
      structured: tradeHistoryJson.of({
        address,
        trades: trades.map((trade) => ({ ...trade, ...marketOf(instruments, trade.instrumentId) })),
        nextCursor: history.nextCursor,
        unavailable: parts.unavailable,
        rowsSkipped: history.rowsSkipped,
      }),
    };
  },
});
