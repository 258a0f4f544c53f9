/** get_protocol_overview: protocol totals, every market at its live mark, and the latest trades. */
import {
  fetchProtocolOverview,
  HISTORY_META_INTERVAL,
  HISTORY_META_KEY,
  historyMeta,
  overviewJson,
  protocolCharts,
} from "../lib/markets/mod.ts";
import { withFreshnessScope } from "../lib/cache/freshness.ts";
import type { ToolContext } from "./types.ts";
import { argsObject, wholeNumberArg } from "./_args.ts";
import { defineTool } from "./define_tool.ts";

const input = argsObject({
  recent_trades: wholeNumberArg("How many latest trades to include (0 to 50). Default 10.", {
    min: 0,
    max: 50,
    fallback: 10,
  }),
});

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
    const [overview, history] = await Promise.all([
      fetchProtocolOverview(context, { recentTrades: recent_trades, signal: context.signal }),
      historyForView(context),
    ]);
    return { structured: overviewJson.of(overview), ...(history && { meta: history }) };
  },
});

/**
 * The markets view's protocol history for `_meta` (lib/markets/history_meta.ts): the /markets
 * page's cached read, or nothing when it fails (the view says so). Its own freshness scope: a
 * last good copy carries its `as_of` in the series and does not mark the overview stale.
 */
async function historyForView(context: ToolContext) {
  const interval = HISTORY_META_INTERVAL;
  const { result } = withFreshnessScope(() =>
    context.papertrade.read("protocolHistory", { interval }, { signal: context.signal })
  );
  const history = await result.catch(() => null);
  if (!history) return undefined;
  return { [HISTORY_META_KEY]: historyMeta(history, protocolCharts(history), interval) };
}
