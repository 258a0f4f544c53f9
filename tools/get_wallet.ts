/** get_wallet: the balance sheet of one wallet. */
import { fetchWalletSummary, walletSummaryJson } from "../lib/wallet/mod.ts";
import { addressArg, argsObject } from "./_args.ts";
import { defineTool } from "./define_tool.ts";

const input = argsObject({
  address: addressArg("Wallet address: 0x followed by 40 hex characters. Case-insensitive."),
});

export const getWalletTool = defineTool({
  name: "get_wallet",
  title: "Look up a wallet",
  description:
    "Balance sheet of one Papertrade wallet: balance, queued funds, locked funds, available " +
    "funds, open position and pending operation counts, PAPER held and staked with pending " +
    "staking rewards, lifetime deposits, withdrawals, realized PnL and fees, active session " +
    "keys, and leaderboard rank and PnL per window (24h, 7d, 30d, all). USD values are " +
    "dollars. Next: get_positions for open positions, get_intents for pending intents, " +
    "get_trade_history for closed trades.",
  input,
  output: walletSummaryJson.schema,
  walletArgument: "address",
  async run({ address }, context) {
    const summary = await fetchWalletSummary(context.papertrade, address, {
      now: context.now,
      signal: context.signal,
    });
    return { structured: walletSummaryJson.of({ summary, siteUrl: context.siteUrl }) };
  },
});
