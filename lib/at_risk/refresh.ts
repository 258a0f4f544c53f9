/**
 * The at-risk board's refresh: while the board is read, every {@link AT_RISK_TICK_MS} one
 * instance of the deployment takes a step (`tick.ts`) and every instance serves the board of the
 * last step. Where the board lives (`board_home.ts`): in this process's memory without KV, or in
 * KV for the whole deployment (one leader under a lease, the others reading what it wrote).
 * Concurrent readers share one step; no reader waits on a step but the first of a process.
 * `board.ts` reads it.
 */
import type { MarketSources } from "../marks.ts";
import { kvConfigured, openSharedKv } from "../kv.ts";
import { AT_RISK_LEASE_MS, type BoardHome, kvBoardHome, MEMORY_HOME } from "./board_home.ts";
import { type BoardState, DEFAULT_LIMITS, tickBoard } from "./tick.ts";
import type { BoardLimits } from "./limits.ts";

/** After a step that read nothing (the trading state or the first page failed). */
const AT_RISK_RETRY_MS = 10_000;
/** How often an instance that does not lead looks for a newer board (one small KV read). */
export const AT_RISK_FOLLOW_MS = 2_000;
/**
 * How long a page that only consults the board (the leaderboard's nearest-to-bust figures, an id
 * looked up without its wallet) waits for it: only a process's first board is ever waited on, and
 * its first step reads up to 120 wallet snapshots, so past this the reader goes on without it.
 */
export const AT_RISK_WAIT_MS = 1_500;

export interface AtRiskSource {
  /**
   * The board of the last step. When a step (or a look for a newer board) is due it starts, and
   * the last board is served until it lands.
   */
  state(): Promise<BoardState>;
  /** Resolves once the step in flight (if any) has landed. */
  settled(): Promise<void>;
  /**
   * The board this instance holds, else the one the deployment's KV holds (one KV read: no step,
   * no lead); null when there is none yet. Then `state` answers it without waiting.
   */
  peek?(): Promise<BoardState | null>;
  readonly home: BoardHome["kind"];
}

const sources = new WeakMap<object, AtRiskSource>();

/**
 * The process-wide board of a Papertrade client (created on first use): in KV for the whole
 * deployment where KV is configured (Deno Deploy, or `KV_PATH`), else in memory.
 */
export function sharedAtRiskSource(
  deps: MarketSources & { now: () => number; config?: { atRiskLeaseMs?: number } },
): AtRiskSource {
  let source = sources.get(deps.papertrade);
  if (!source) {
    const kv = kvConfigured() ? openSharedKv() : null;
    const leaseMs = deps.config?.atRiskLeaseMs;
    sources.set(deps.papertrade, source = createAtRiskSource(deps, { now: deps.now, kv, leaseMs }));
  }
  return source;
}

/**
 * A board over `sources` with its own steps, budget and clock (tests shrink the budget and the
 * lease); `kv` null or absent: this process's memory.
 */
export function createAtRiskSource(
  sources: MarketSources,
  options: Partial<BoardLimits> & {
    now?: () => number;
    kv?: Promise<Deno.Kv> | Deno.Kv | null;
    leaseMs?: number;
  } = {},
): AtRiskSource {
  const { now = Date.now, kv, leaseMs = AT_RISK_LEASE_MS, ...sizes } = options;
  const limits: BoardLimits = { ...DEFAULT_LIMITS, ...sizes };
  let home: Promise<BoardHome> = Promise.resolve(MEMORY_HOME);
  let homeKind: BoardHome["kind"] = "memory";
  if (kv) {
    homeKind = "kv";
    home = Promise.resolve(kv).then(
      (opened) => kvBoardHome(opened, { now, leaseMs }),
      (error) => {
        console.error("[at-risk] Deno KV unavailable, the board is this process's own:", error);
        homeKind = "memory";
        return MEMORY_HOME;
      },
    );
  }
  let last: BoardState | null = null;
  let running: Promise<BoardState | null> | null = null;
  let failure: Promise<BoardState> | null = null;
  let dueAt = Number.NEGATIVE_INFINITY;

  /** One step if this instance leads, else the newest board written (waits for the first). */
  async function cycle(): Promise<BoardState | null> {
    const where = await home;
    for (let waited = 0;; waited++) {
      if (await where.lead()) {
        // A new leader goes on from the last board written, not from its own older copy, and
        // keeps its step times; a leader looks in again within a third of its lease to renew it.
        const base = (where.kind === "kv" ? await where.load(last) : null) ?? last;
        const stepAt = base === null ? now() : base.refreshedAt + limits.tickMs;
        if (now() < stepAt) {
          dueAt = Math.min(stepAt, now() + leaseMs / 3);
          return last = base;
        }
        const next = await where.holding(() => tickBoard(sources, base, limits, now()));
        if (await where.save(next)) {
          dueAt = Math.min(next.refreshedAt + limits.tickMs, now() + leaseMs / 3);
          return last = next;
        }
        continue; // it lost the lead meanwhile: follow
      }
      const stored = await where.load(last);
      if (stored !== null) last = stored;
      if (last !== null) {
        dueAt = now() + AT_RISK_FOLLOW_MS;
        return last;
      }
      // No board written yet, and another instance leads: look again shortly.
      await new Promise((resolve) => setTimeout(resolve, Math.min(50 * 2 ** waited, 1_000)));
    }
  }

  return {
    state() {
      if (running === null && now() >= dueAt) {
        const next = running = cycle();
        next.then(() => failure = null, () => {
          dueAt = now() + AT_RISK_RETRY_MS;
          failure = next as Promise<BoardState>;
        }).finally(() => running = null);
      }
      if (last !== null) return Promise.resolve(last);
      return (running ?? failure!) as Promise<BoardState>;
    },
    settled: () => (running ?? Promise.resolve()).then(() => {}, () => {}),
    async peek() {
      if (last !== null) return last;
      const where = await home;
      const stored = where.kind === "kv" ? await where.load(null) : null;
      if (stored !== null && last === null) last = stored;
      return last;
    },
    get home() {
      return homeKind;
    },
  };
}
