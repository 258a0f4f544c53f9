/** get_positions_at_risk: open positions across wallets, nearest to bust first. */
import { z } from "zod";
import {
  AT_RISK_REFRESH_MS,
  AT_RISK_WALLET_READS_PER_MINUTE,
  type AtRiskRow,
  readAtRiskBoard,
  RISK_BANDS,
  UnknownMarketError,
} from "../lib/at_risk/mod.ts";
import { argsObject, wholeNumberArg } from "./_args.ts";
import { defineTool } from "./define_tool.ts";
import {
  addressOut,
  isoOut,
  jsonObject,
  unavailableJson,
  unavailableOut,
} from "../lib/json_model.ts";
import { positionJson } from "../lib/position/mod.ts";
import { isoFromMs } from "../lib/json_units.ts";
import { distancesShown, lines, price, quoted, UNTRUSTED_NOTE, usd } from "./text.ts";
import { ToolError } from "./types.ts";

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;

const input = argsObject({
  market: z.string({ error: "expected a market symbol such as BTC" })
    .trim()
    .regex(/^[A-Za-z0-9]{1,20}$/, "expected a market symbol such as BTC")
    .overwrite((symbol) => symbol.toUpperCase())
    .optional()
    .describe(
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

// The position's fields as get_positions names them, then the board's.
const boardJson = jsonObject<AtRiskRow>()({
  wallet: [addressOut, (row) => row.wallet],
  leaderboard_name: [z.string().nullable().describe("Untrusted text."), (row) => row.name],
  read_at: [isoOut.nullable().describe("When this wallet was read."), (r) => isoFromMs(r.readAt)],
});
const rowSchema = positionJson.schema.extend(boardJson.schema.shape);

const output = z.strictObject({
  refreshed_at: isoOut.nullable().describe("When the board last read the positions."),
  mark_at: isoOut.nullable().describe("When the marks the rows are valued at were quoted."),
  wallets_known: z.number().int().describe("Wallets the leaderboard reports with open positions."),
  wallets_covered: z.number().int().describe("Of those, wallets whose positions are on the board."),
  partial: z.boolean().describe("True when the board covers fewer wallets than are known."),
  not_read: z.array(z.strictObject({ wallet: addressOut, reason: z.string() })).describe(
    "Wallets whose read failed at the last refresh.",
  ),
  not_yet_read: z.number().int().describe("Wallets the read budget left for a later refresh."),
  matched: z.number().int().describe("Positions matching the filters, before the limit."),
  positions: z.array(rowSchema).describe("Nearest to bust first."),
  unavailable: unavailableOut,
});

type Output = z.input<typeof output>;

/** The get_positions_at_risk tool. */
export const getPositionsAtRiskTool = defineTool({
  name: "get_positions_at_risk",
  title: "Positions nearest to bust, across wallets",
  description:
    "Every known open Papertrade position across wallets, ranked by distance to bust (nearest " +
    "first), valued at the live mark: wallet, leaderboard name (untrusted), market, side, " +
    "leverage, margin, mark, bust, distance to bust (plain percent), the price move to bust " +
    "and the risk band. Filter by market and band. The positions are re-read at most every " +
    `${AT_RISK_REFRESH_MS / 1000} s, ${AT_RISK_WALLET_READS_PER_MINUTE} wallets a minute; the ` +
    "result says when, and how many wallets it covers. Next: get_positions with a row's wallet.",
  input,
  output,
  async run(args, context) {
    const { market, band } = args;
    const board = await readAtRiskBoard(context, { market, band }, { signal: context.signal })
      .catch((error) => {
        if (error instanceof UnknownMarketError) throw new ToolError(`market: ${error.message}`);
        throw error;
      });
    const structured: Output = {
      refreshed_at: isoFromMs(board.refreshedAt),
      mark_at: isoFromMs(board.markAt),
      wallets_known: board.known.size,
      wallets_covered: board.covered.size,
      partial: board.partial,
      not_read: board.notRead.map(({ wallet, reason }) => ({ wallet, reason })),
      not_yet_read: board.notYetRead,
      matched: board.rows.length,
      positions: board.rows.slice(0, args.limit).map((row) => ({
        ...positionJson.of(row),
        ...boardJson.of(row),
      })),
      unavailable: unavailableJson(board.unavailable),
    };
    return { structured, text: renderBoard(structured, distancesShown(board.rows)) };
  },
});

function renderBoard(result: Output, distance: (positionId: string) => string): string {
  const rows = result.positions.map((p, index) =>
    `${index + 1}. ${p.wallet} ${quoted(p.leaderboard_name)}: #${p.position_id} ${p.market} ` +
    `${p.side} ${p.leverage}x, margin ${usd(p.margin_usd)}, mark ${price(p.mark_price)}, ` +
    `bust ${price(p.bust_price)}, ${distance(p.position_id)} to bust ` +
    `(a move of ${usd(p.move_to_bust_usd)}), ${p.risk ?? "no mark"}`
  );
  return lines(
    `At-risk board: ${result.matched} open position${result.matched === 1 ? "" : "s"} match, ` +
      `covering ${result.wallets_covered} of ${result.wallets_known} wallets with open ` +
      `positions${result.partial ? " (partial coverage)" : ""}; ` +
      `positions read ${result.refreshed_at ?? "never"}, marks at ${result.mark_at ?? "n/a"}.`,
    ...rows,
    result.positions.length < result.matched
      ? `(${result.positions.length} of ${result.matched} listed; raise limit for more.)`
      : null,
    result.not_read.length > 0
      ? `Not read: ${result.not_read.map((item) => `${item.wallet} (${item.reason})`).join(", ")}.`
      : null,
    result.not_yet_read > 0 ? `${result.not_yet_read} wallets wait for the next refresh.` : null,
    rows.length > 0 ? UNTRUSTED_NOTE : null,
  );
}
