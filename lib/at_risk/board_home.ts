/**
 * Where the at-risk board lives. Without KV (no `KV_PATH`) in this process's memory, always
 * leading. With KV, one board per deployment: the holder of the lease under {@link LEASE_KEY}
 * takes the steps and writes each to the snapshot store, fenced by its lease (a leader that lost
 * it unknowingly writes nothing); the others read the last one written. A leader killed with
 * `kill -9` stops renewing, and the first instance to look after {@link AT_RISK_LEASE_MS} goes on
 * from the last board written, its schedule and budget included.
 */
import { createLease } from "../kv/lease.ts";
import { createKvSnapshotStore } from "../kv/snapshot.ts";
import type { Address } from "../papertrade/mod.ts";
import type { BoardState } from "./tick.ts";
import type { HeldWallet } from "./limits.ts";

/** How long a leader's lease lasts unless renewed (it renews every third of it). */
export const AT_RISK_LEASE_MS = 30_000;
export const LEASE_KEY = ["at_risk", "lease"];
const BOARD_PREFIX = ["at_risk", "board", "v2"];
/** A written board is kept this long (a deployment nobody reads starts again after it). */
const BOARD_KEEP_MS = 60 * 60_000;

export interface BoardHome {
  readonly kind: "memory" | "kv";
  /** True when this instance takes the next step (it leads, or has just taken the lead). */
  lead(): Promise<boolean>;
  /** The board last written by the leader when it is not the one `held` (null: none). */
  load(held: BoardState | null): Promise<BoardState | null>;
  /** Publishes a step; false when this instance no longer leads (nothing was written). */
  save(state: BoardState): Promise<boolean>;
  /**
   * Runs a step, renewing the lead meanwhile: a step that reads slow wallets may last longer
   * than the lease, and must not hand the board to another instance half-way.
   */
  holding<T>(step: () => Promise<T>): Promise<T>;
}

export const MEMORY_HOME: BoardHome = {
  kind: "memory",
  lead: () => Promise.resolve(true),
  load: () => Promise.resolve(null),
  save: () => Promise.resolve(true),
  holding: (step) => step(),
};

/** The board as JSON can hold it: the maps as lists of entries. */
type StoredBoard = Omit<BoardState, "known" | "held" | "failed"> & {
  known: Array<[Address, string | null]>;
  held: Array<[Address, HeldWallet]>;
  failed: Array<[Address, string]>;
};

/** What a reader can see of a stored board without reading it whole. */
type BoardMeta = { refreshedAt: number; known: number; covered: number };

/** The deployment's board in `kv`, on the instances' clock `now`. */
export function kvBoardHome(
  kv: Deno.Kv,
  options: { now?: () => number; leaseMs?: number; holder?: string } = {},
): BoardHome {
  const now = options.now ?? Date.now;
  const ttlMs = options.leaseMs ?? AT_RISK_LEASE_MS;
  // The process id in the holder's name says which process leads (the bench, a test, an operator).
  const holder = options.holder ?? `pid ${Deno.pid} ${crypto.randomUUID()}`;
  const lease = createLease({ kv, key: LEASE_KEY, ttlMs, now, holder });
  const store = createKvSnapshotStore<StoredBoard, BoardMeta>({
    kv,
    prefix: BOARD_PREFIX,
    keepMs: BOARD_KEEP_MS,
    now,
  });
  // Until when this instance's lease holds without asking KV, or need not be asked about again.
  let leadUntil = -Infinity;
  let askAt = -Infinity;
  const ids = new WeakMap<BoardState, string>();
  return {
    kind: "kv",
    async lead() {
      const at = now();
      if (at < leadUntil) return true;
      if (at < askAt) return false;
      const status = await lease.tick();
      if (status.held) {
        leadUntil = at + ttlMs / 3;
        return true;
      }
      leadUntil = -Infinity;
      askAt = Math.min(status.expiresAt ?? at, at + ttlMs / 3);
      return false;
    },
    async load(held) {
      const found = await store.readIfChanged((held && ids.get(held)) ?? null);
      if (found === null || found === "unchanged") return null;
      const { known, held: wallets, failed, ...rest } = found.value;
      const state: BoardState = {
        ...rest,
        known: new Map(known),
        held: new Map(wallets),
        failed: new Map(failed),
      };
      ids.set(state, found.id);
      return state;
    },
    async holding(step) {
      const renew = setInterval(() => {
        leadUntil = -Infinity; // ask KV: renews the lease while this instance holds it
        this.lead().catch(() => {});
      }, ttlMs / 3);
      try {
        return await step();
      } finally {
        clearInterval(renew);
      }
    },
    async save(state) {
      const { known, held, failed, refreshedAt } = state;
      const stored = { ...state, known: [...known], held: [...held], failed: [...failed] };
      const meta = { refreshedAt, known: known.size, covered: held.size };
      const fence = lease.fence();
      const { ok, id } = fence === null
        ? { ok: false, id: "" }
        : await store.write(stored, meta, { fence });
      if (ok) ids.set(state, id);
      else leadUntil = -Infinity;
      return ok;
    },
  };
}
