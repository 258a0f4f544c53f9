/**
 * The at-risk board's refresh: while the board is read, one instance of the deployment takes a
 * step (`tick.ts`) every tick and every instance serves the last step's board, from memory or KV
 * (`board_home.ts`). Concurrent readers share one step; only a process's first step is waited on.
 */
import type { MarketSources } from "../marks.ts";
import { kvConfigured, openSharedKv } from "../kv.ts";
import { AT_RISK_LEASE_MS, type BoardHome, kvBoardHome, MEMORY_HOME } from "./board_home.ts";
import { type BoardState, tickBoard } from "./tick.ts";
import { type BoardLimits, DEFAULT_LIMITS } from "./limits.ts";

/** After a step that read nothing (the trading state or the first page failed). */
const AT_RISK_RETRY_MS = 10_000;
/** How often an instance that does not lead looks for a newer board (one small KV read). */
export const AT_RISK_FOLLOW_MS = 2_000;
/**
 * How long a page that only consults the board (the leaderboard's nearest to bust, an id looked up
 * without its wallet) waits for a process's first board (up to 120 wallet reads) before going on.
 */
export const AT_RISK_WAIT_MS = 1_500;

export interface AtRiskSource {
  /** The last step's board; a step (or a look for a newer board) due starts meanwhile. */
  state(): Promise<BoardState>;
  /** Resolves once the step in flight (if any) has landed. */
  settled(): Promise<void>;
  /**
   * The board this instance holds, else the KV's (one read: no step, no lead); null when none yet.
   * Then `state` answers it without waiting.
   */
  peek?(): Promise<BoardState | null>;
  readonly home: BoardHome["kind"];
}

const sources = new WeakMap<object, AtRiskSource>();

/** A Papertrade client's process-wide board: in KV where configured (Deploy, `KV_PATH`). */
export function sharedAtRiskSource(
  deps: MarketSources & { now: () => number; config?: { atRiskLeaseMs?: number } },
): AtRiskSource {
  return sources.getOrInsertComputed(deps.papertrade, () =>
    createAtRiskSource(deps, {
      now: deps.now,
      kv: kvConfigured() ? openSharedKv() : null,
      leaseMs: deps.config?.atRiskLeaseMs,
    }));
}

/** A board with its own steps, budget, lease and clock (tests shrink them); no `kv`: memory. */
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
