/**
 * The live wallet: what the wallet page's islands render, as JSON (the page's one props blob, the
 * live stream's frames, `positions.json`): the position model's positions and totals, the risk
 * summary, the total PnL and return on deposits, the funds under get_wallet's names, and the
 * intents pending and ended.
 */
import { z } from "zod";
import type { WalletAccount } from "../papertrade/mod.ts";
import { addressOut, integerStringOut, jsonObject } from "../json_model.ts";
import { fromWad, toPercent } from "../json_units.ts";
import {
  positionJson,
  type PositionValuation,
  totalPositions,
  totalsJson,
} from "../position/mod.ts";
import { type OutcomeJson, RECENT_SHOWN, splitIntents } from "./outcomes.ts";
import { pendingRewardsOf } from "./summary.ts";
import { funds, paper, riskSummaryJson, type Valued } from "./model.ts";

/** What the live wallet is built from: a wallet's valued positions and its staking accumulator. */
interface LiveWalletInput extends Valued {
  account: WalletAccount;
  /** Lifetime realized plus unrealized PnL (wad, `walletTotalPnl`). */
  totalPnl: bigint;
  /** Total PnL over lifetime deposits, percent wad; null without deposits. */
  returnOnDeposits: bigint | null;
  /** PaperStaking's accumulator (`paper.accumulator`); null when it was not read. */
  accumulator: bigint | null;
  /**
   * `settled` outcomes the wallet's records show (a close in its trade history, an open among its
   * positions), never pending. Only the wallet page reads the records; live updates keep what it
   * showed (`mergeLive` in the browser).
   */
  settled?: readonly OutcomeJson[];
}

/**
 * Most positions the live wallet lists, nearest to bust first, so a wallet page, a stream frame
 * and `positions.json` stay the same size whatever the number of open positions: the others are
 * summed in `positions_not_listed` (and counted in `totals`).
 */
export const LIVE_POSITIONS_LISTED = 100;

type LiveSource = LiveWalletInput & {
  now: number;
  /** The positions listed, and those left out, nearest to bust first. */
  listed: PositionValuation[];
  notListed: PositionValuation[];
  pendingRewards: bigint | null;
  /** The operations, next to settle first. */
  ranked: WalletAccount["operations"];
  intents: ReturnType<typeof splitIntents<PendingJson, OutcomeJson>>;
};

type PendingJson = { intent_id: string; action: string; deadline_at_ms: number | null };

const liveWalletJson = jsonObject<LiveSource>()({
  address: [addressOut, (live) => live.account.address],
  positions: [
    z.array(positionJson.schema).describe(
      `Nearest to bust first, positions without a mark last; at most ${LIVE_POSITIONS_LISTED} ` +
        "(and the position asked for by id): totals count every open position.",
    ),
    (live) => live.listed.map(positionJson.of),
  ],
  totals: [totalsJson.schema, (live) => totalsJson.of(live.totals)],
  positions_not_listed: [
    totalsJson.schema.nullable().describe(
      "Totals of the open positions not in positions (farther from bust); null when all are.",
    ),
    (live) => live.notListed.length === 0 ? null : totalsJson.of(totalPositions(live.notListed)),
  ],
  summary: [riskSummaryJson.schema, riskSummaryJson.of],
  lifetime_realized_pnl_usd: [
    z.number().describe("What the wallet has realized over its history, as its snapshot says."),
    (live) => fromWad(live.account.lifetime.realizedPnl),
  ],
  total_pnl_usd: [
    z.number().describe("lifetime_realized_pnl_usd plus the summary's unrealized_pnl_usd."),
    (live) => fromWad(live.totalPnl),
  ],
  return_on_deposits_percent: [
    z.number().nullable().describe(
      "total_pnl_usd over lifetime deposits, plain percent; null without deposits.",
    ),
    (live) => toPercent(live.returnOnDeposits),
  ],
  ...funds((live: LiveSource) => live),
  paper: paper((live: LiveSource) => live),
  pending: [
    z.array(z.strictObject({
      intent_id: z.string(),
      action: z.string(),
      deadline_at_ms: z.number().nullable(),
    })).describe("Accepted by the relayer, not settled: next to settle first."),
    (live) => live.intents.pending,
  ],
  queue_places: [
    z.record(z.string(), z.number().int()).describe(
      "Queue place by intent id (1 = next), from the queue-rank read: streams do not carry it.",
    ),
    (live) =>
      Object.fromEntries(
        live.ranked.flatMap((op) =>
          op.queuePosition === null ? [] : [[op.intentId, op.queuePosition]]
        ),
      ),
  ],
  queue_at_ms: [
    z.number().nullable().describe("When queue_places was read; null when it carries none."),
    (live) => live.ranked.some((op) => op.queuePosition !== null) ? live.now : null,
  ],
  outcomes: [
    z.array(z.strictObject({
      intent_id: z.string(),
      outcome: z.enum(["settled", "succeeded", "failed", "expired", "cancelled", "unknown"]),
      reported_at_ms: z.number(),
    })).describe("Newest first, one per intent, none for an intent still pending."),
    (live) => live.intents.outcomes,
  ],
  closed_positions: [
    z.array(z.strictObject({
      position_id: integerStringOut,
      market: z.string(),
      net_pnl_usd: z.number(),
      liquidated: z.boolean(),
    })).describe("Positions closed while the stream was open, newest first."),
    (live) => {
      const symbols = new Map(live.positions.map((v) => [v.position.instrumentId, v.symbol]));
      return live.account.recentClosedPositions.slice(0, RECENT_SHOWN).map((closed) => ({
        position_id: closed.positionId,
        market: symbols.get(closed.instrumentId) ?? `instrument ${closed.instrumentId}`,
        net_pnl_usd: fromWad(closed.netPnl),
        liquidated: closed.liquidated,
      }));
    },
  ],
  marks_at_ms: [
    z.number().nullable().describe("Time of the newest mark used; null when no position has one."),
    (live) => {
      const times = live.positions.flatMap(({ mark }) => mark?.at ?? []);
      return times.length === 0 ? null : Math.max(...times);
    },
  ],
  account_block: [
    z.number().int().describe("The block the account state is indexed through."),
    (live) => live.account.indexedThroughBlock,
  ],
  account_at_ms: [z.number(), (live) => live.account.indexedThroughTimestamp],
  generated_at_ms: [
    z.number().describe("Server clock when this was built; the islands age times against it."),
    (live) => live.now,
  ],
});

/** The live wallet's schema (`positions.json` and the stream's frames answer it). */
export const liveWalletSchema = liveWalletJson.schema;

export type LiveWallet = z.input<typeof liveWalletSchema>;

/**
 * The live wallet of valued positions at server time `now` (ms). `keep`: a position id listed
 * even past {@link LIVE_POSITIONS_LISTED} (after the others), for the position page, whose live
 * table follows that one position.
 */
export function liveWalletOf(
  input: LiveWalletInput,
  now: number,
  options: { keep?: string } = {},
): LiveWallet {
  const sorted = [...input.positions].sort(byDistanceToBust);
  const listed = sorted.slice(0, LIVE_POSITIONS_LISTED);
  let notListed = sorted.slice(LIVE_POSITIONS_LISTED);
  const kept = notListed.find((valuation) => valuation.position.positionId === options.keep);
  if (kept) {
    listed.push(kept);
    notListed = notListed.filter((valuation) => valuation !== kept);
  }
  // Next to settle first; intents whose queue place was not read go last.
  const ranked = [...input.account.operations].sort((a, b) =>
    (a.queuePosition ?? Number.MAX_SAFE_INTEGER) - (b.queuePosition ?? Number.MAX_SAFE_INTEGER)
  );
  const pending = ranked.map((op): PendingJson => ({
    intent_id: op.intentId,
    action: op.action,
    deadline_at_ms: op.deadline === null ? null : op.deadline * 1000,
  }));
  // Pending and outcomes exclude each other, one outcome per intent (outcomes.ts).
  const intents = splitIntents(pending, [
    ...input.account.recentEndedIntents.map(({ intentId, outcome, reportedAt }): OutcomeJson => ({
      intent_id: intentId,
      outcome,
      reported_at_ms: reportedAt,
    })),
    ...input.settled ?? [],
  ]);
  const pendingRewards = pendingRewardsOf(input.account, input.accumulator);
  return liveWalletJson.of({ ...input, now, listed, notListed, pendingRewards, ranked, intents });
}

/** The live wallet without its build time: equal keys show the same figures (not sent twice). */
export function liveContentKey(live: LiveWallet): string {
  return JSON.stringify({ ...live, generated_at_ms: 0 });
}

/** Orders valuations nearest-to-bust first; positions without a distance go last, by id. */
function byDistanceToBust(a: PositionValuation, b: PositionValuation): number {
  const da = a.distanceToBustPercent;
  const db = b.distanceToBustPercent;
  if (da !== null && db !== null && da !== db) return da < db ? -1 : 1;
  if (da === null && db !== null) return 1;
  if (db === null && da !== null) return -1;
  return Number(BigInt(a.position.positionId) - BigInt(b.position.positionId));
}
