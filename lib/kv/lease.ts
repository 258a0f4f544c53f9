/**
 * A lease in Deno KV: at most one holder at a time under a key (the instance refreshing the
 * at-risk board for the deployment). The holder renews it; once expired, whoever asks next
 * takes it over, so a holder killed with `kill -9` is replaced within the lease time. Every
 * change is one `kv.atomic()` checked against the row read, so two never both take it. Each
 * take-over starts a new `term`; a holder-only write carries `fence()` in its atomic operation,
 * so a holder that lost the lease unknowingly (paused past expiry) cannot overwrite its
 * successor's work. Expiry is judged on `now` against the row's time, so the instances' clocks
 * must agree well within the lease time (NTP and Deno Deploy do).
 */

import { retryLocked } from "./retry.ts";

/** The row under the lease's key. */
export interface LeaseRow {
  holder: string;
  /** When it lapses unless renewed (ms, on the holder's clock). */
  expiresAt: number;
  /** Counts take-overs: a renewal keeps it, a new holder adds one. */
  term: number;
}

/** What `tick` found. */
export type LeaseStatus =
  | { held: true; term: number; expiresAt: number; takenOver: boolean }
  | { held: false; holder: string | null; expiresAt: number | null };

/**
 * A lease under `key`, written from the first `tick`; `holder` names this instance (default a
 * random UUID), `ttlMs` is how long a take-over or renewal lasts.
 */
export function createLease(options: {
  kv: Deno.Kv;
  key: Deno.KvKey;
  holder?: string;
  ttlMs: number;
  now?: () => number;
}) {
  const { kv, key, ttlMs } = options;
  const now = options.now ?? Date.now;
  const holder = options.holder ?? crypto.randomUUID();
  if (!(ttlMs > 0)) throw new RangeError("ttlMs must be positive");
  // Our last successful write: its versionstamp fences holder-only writes.
  let mine: { versionstamp: string; expiresAt: number } | null = null;

  const attempt = () => retryLocked(attemptOnce);

  async function attemptOnce(): Promise<LeaseStatus | "raced"> {
    const entry = await kv.get<LeaseRow>(key);
    const row = entry.value;
    const at = now();
    const ours = row?.holder === holder;
    if (row !== null && !ours && row.expiresAt > at) {
      mine = null;
      return { held: false, holder: row.holder, expiresAt: row.expiresAt };
    }
    const next: LeaseRow = {
      holder,
      expiresAt: at + ttlMs,
      term: ours ? row!.term : (row?.term ?? 0) + 1,
    };
    const result = await kv.atomic().check(entry).set(key, next).commit();
    if (!result.ok) return "raced";
    mine = { versionstamp: result.versionstamp, expiresAt: next.expiresAt };
    return { held: true, term: next.term, expiresAt: next.expiresAt, takenOver: !ours };
  }

  return {
    holder,
    /** Takes a free or expired lease, renews ours; says who holds it. Call every `ttlMs / 3`. */
    async tick(): Promise<LeaseStatus> {
      // A lost race means someone else wrote the row just now: read it again, once.
      const first = await attempt();
      if (first !== "raced") return first;
      const second = await attempt();
      if (second !== "raced") return second;
      mine = null;
      const row = (await retryLocked(() => kv.get<LeaseRow>(key))).value;
      return { held: false, holder: row?.holder ?? null, expiresAt: row?.expiresAt ?? null };
    },
    /**
     * A holder-only write's check (fails once anyone else wrote the row); null when not ours or
     * when our last take-over or renewal has expired on this instance's clock.
     */
    fence: (): Deno.AtomicCheck | null =>
      mine && now() < mine.expiresAt ? { key, versionstamp: mine.versionstamp } : null,
  };
}
