/**
 * The at-risk board over many wallets (issue 27 point 5): the replay upstream (in this process)
 * with synthetic wallets holding positions added to its data (`fixtures/_synthetic.ts`), and the
 * board's own steps (`lib/at_risk/tick.ts`) run one after the other on a simulated clock that
 * moves one step (10 s) each time, with the board's real budget. Every read goes to the replay
 * over HTTP and is counted there; only the clock is simulated, so the figures are the minutes a
 * deployment would take, however fast this machine reads. Used by
 * `bench/board_coverage_bench.ts` and `tests/at_risk/board_scale_test.ts`.
 */
import { catalog, startReplayUpstream } from "../fixtures/mod.ts";
import { createPapertradeClient } from "../lib/papertrade/mod.ts";
import { createLiveQuotes } from "../lib/marks.ts";
import { createHyperEvmClient } from "../lib/hyperevm/mod.ts";
import { readAtRiskBoard } from "../lib/at_risk/board.ts";
import { type BoardState, tickBoard } from "../lib/at_risk/tick.ts";
import { DEFAULT_LIMITS } from "../lib/at_risk/limits.ts";
import type { AtRiskSource } from "../lib/at_risk/refresh.ts";

/** The data's wallets with open positions (the leaderboard's count), before synthetic ones. */
export const DATA_WALLETS_WITH_POSITIONS = 70;

export interface Ages {
  medianS: number;
  maxS: number;
}

export interface CoverageRun {
  /** Wallets the board knows hold positions once its first pass over the leaderboard ended. */
  known: number;
  /** Simulated minutes from the first step until every known wallet was read. */
  minutesToCover: number;
  /** The most Papertrade API reads of the board in any 60 simulated seconds. */
  mostRequestsInAMinute: number;
  /**
   * How old the reads of the 100 positions nearest to bust were (median and largest, seconds):
   * at full coverage, and `steadyMinutes` later.
   */
  nearest100: { atCoverage: Ages; afterSteady: Ages };
}

/** Runs the board over `wallets` wallets holding positions until covered, then `steadyMinutes`. */
export async function coverBoard(
  options: { wallets: number; steadyMinutes: number; maxMinutes?: number },
): Promise<CoverageRun> {
  const synthetic = Math.max(0, options.wallets - DATA_WALLETS_WITH_POSITIONS);
  const upstream = await startReplayUpstream({ port: 0, syntheticWallets: synthetic });
  try {
    let at = catalog.baseTimeMs;
    // The board's budget is of Papertrade API reads (wallet snapshots and lists); the marks it
    // reads with each step are the live quotes every page shares, counted apart.
    let apiReads = 0;
    const now = () => at;
    const sources = {
      papertrade: createPapertradeClient({
        baseUrl: upstream.apiUrl,
        timeoutMs: 10_000,
        fetch: (input, init) => (apiReads++, fetch(input, init)),
      }),
      quotes: createLiveQuotes({ ...upstream, timeoutMs: 10_000, now }),
      hyperevm: createHyperEvmClient({
        rpcUrl: upstream.rpcUrl,
        fallbackRpcUrl: upstream.fallbackRpcUrl,
        timeoutMs: 10_000,
      }),
    };
    const limits = DEFAULT_LIMITS;
    const stepsPerMinute = 60_000 / limits.tickMs;
    const requestsByStep: number[] = [];
    let state: BoardState | null = null;
    let coveredAt: number | null = null;
    let atCoverage: Ages | null = null;
    let afterSteady: Ages | null = null;
    const maxSteps = (options.maxMinutes ?? 240) * stepsPerMinute;
    for (let step = 0; step < maxSteps; step++) {
      const before = apiReads;
      state = await tickBoard(sources, state, limits, at);
      requestsByStep.push(apiReads - before);
      if (coveredAt === null && state.listComplete && state.held.size === state.known.size) {
        coveredAt = at;
      }
      if (coveredAt !== null) {
        const held = state;
        const source: AtRiskSource = {
          state: () => Promise.resolve(held),
          settled: () => Promise.resolve(),
          home: "memory",
        };
        const board = await readAtRiskBoard({ ...sources, now }, {}, { source });
        const ages = board.rows.slice(0, 100).map((row) => (at - row.readAt) / 1000)
          .sort((a, b) => a - b);
        afterSteady = { medianS: ages[Math.floor(ages.length / 2)], maxS: ages.at(-1)! };
        atCoverage ??= afterSteady;
        if (at - coveredAt >= options.steadyMinutes * 60_000) break;
      }
      at += limits.tickMs;
    }
    if (coveredAt === null || state === null) {
      throw new Error(`not covered within ${options.maxMinutes ?? 240} simulated minutes`);
    }
    let most = 0;
    for (let i = 0; i < requestsByStep.length; i++) {
      const window = requestsByStep.slice(i, i + stepsPerMinute).reduce((a, b) => a + b, 0);
      most = Math.max(most, window);
    }
    return {
      known: state.known.size,
      minutesToCover: (coveredAt - catalog.baseTimeMs) / 60_000,
      mostRequestsInAMinute: most,
      nearest100: { atCoverage: atCoverage!, afterSteady: afterSteady! },
    };
  } finally {
    await upstream.close();
  }
}
