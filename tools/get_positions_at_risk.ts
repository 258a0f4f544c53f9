/** get_positions_at_risk: open positions across wallets, nearest to bust first. */
import { z } from "zod";
import {
  AT_RISK_REFRESH_MS,
  AT_RISK_WALLET_READS_PER_MINUTE,
  boardJson,
  boardRowJson,
  bustLadder,
  keepBand,
  LADDER_STEP_BPS,
  LADDER_STEPS,
  ladderJson,
  readAtRiskBoard,
  RISK_BANDS,
  UnknownMarketError,
} from "../lib/at_risk/mod.ts";
import { argsObject, marketArg, wholeNumberArg } from "./_args.ts";
import { defineTool } from "./define_tool.ts";
import { positionJson } from "../lib/position/mod.ts";
import { ToolError } from "./types.ts";

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;

const input = argsObject({
  market: marketArg(
    "Only positions in this market (BTC, ETH). A market Papertrade does not list is refused " +
      "with an error naming the markets, as the /at-risk page refuses it.",
  ),
  band: z.enum(RISK_BANDS, {
    error: `expected one of ${RISK_BANDS.join(", ")}`,
  }).optional().describe("Only positions in this risk band."),
  limit: wholeNumberArg(`Most rows returned. Default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT}.`, {
    min: 1,
    max: MAX_LIMIT,
    fallback: DEFAULT_LIMIT,
  }),
});

// The position's fields as get_positions names them, then the board's. (Joined here until the
// position's model is in lib/position/; then lib/at_risk/model.ts holds the whole.)
const { unavailable, ...board } = boardJson.schema.shape;
const output = z.strictObject({
  ...board,
  positions: z.array(positionJson.schema.extend(boardRowJson.schema.shape))
    .describe("Nearest to bust first."),
  bust_ladder: ladderJson.schema,
  unavailable,
});

export const getPositionsAtRiskTool = defineTool({
  name: "get_positions_at_risk",
  title: "Positions nearest to bust, across wallets",
  description:
    "Every known open Papertrade position across wallets, ranked by distance to bust (nearest " +
    "first), valued at the live mark: wallet, leaderboard name (untrusted), market, side, " +
    "leverage, margin, mark, bust, distance to bust (plain percent), the price move to bust " +
    "and the risk band. Filter by market and band. A wallet's positions are read again when the " +
    `latest trades show it traded, otherwise at most every ${AT_RISK_REFRESH_MS / 1000} s, ` +
    `${AT_RISK_WALLET_READS_PER_MINUTE} wallets a minute; the ` +
    "result says when, and how many wallets it covers. bust_ladder sums the board's notional " +
    `by where it busts: in ${LADDER_STEP_BPS / 100} % steps of the price out to ` +
    `±${(LADDER_STEP_BPS * LADDER_STEPS) / 100} % of the mark, per market and side (the market ` +
    "filter applies to it, the band filter does not). Next: get_positions with a row's wallet.",
  input,
  output,
  explainFailure: (error) =>
    error instanceof UnknownMarketError ? new ToolError(`market: ${error.message}`) : undefined,
  async run({ market, band, limit }, context) {
    // Every band of the market goes into the ladder; the rows keep the band asked for.
    const whole = await readAtRiskBoard(context, { market }, { signal: context.signal });
    const board = keepBand(whole, band);
    const positions = board.rows.slice(0, limit)
      .map((row) => ({ ...positionJson.of(row), ...boardRowJson.of(row) }));
    const listed = positions.length < board.rows.length;
    const { unavailable, ...fields } = boardJson.of({ board });
    return {
      structured: {
        ...fields,
        positions,
        bust_ladder: ladderJson.of(bustLadder(whole.rows, whole.markets)),
        unavailable,
      },
      headline: listed
        ? `The first ${positions.length} rows; a larger limit lists more.`
        : undefined,
    };
  },
});
