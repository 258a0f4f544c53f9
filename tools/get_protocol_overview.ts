/** get_protocol_overview: protocol totals, every market at its live mark, and the latest trades. */
import { fetchProtocolOverview, overviewJson } from "../lib/markets/mod.ts";
import { argsObject, wholeNumberArg } from "./_args.ts";
import { defineTool } from "./define_tool.ts";

const input = argsObject({
  recent_trades: wholeNumberArg("How many latest trades to include (0 to 50). Default 10.", {
    min: 0,
    max: 50,
    fallback: 10,
  }),
});

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
  output: overviewJson.schema,
  async run({ recent_trades }, context) {
    const overview = await fetchProtocolOverview(context, {
      recentTrades: recent_trades,
      signal: context.signal,
    });
    return { structured: overviewJson.of(overview) };
  },
});
