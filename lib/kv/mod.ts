/**
 * What several instances of the explorer share through Deno KV (opened by `lib/kv.ts`), beside
 * the rate limiter's counters and the read cache's last good answers: a lease (one instance does
 * a job at a time), a time series (the market history), and a snapshot (the at-risk board).
 * Each takes its `Deno.Kv` and its clock, so tests use `Deno.openKv(":memory:")` or a temporary
 * file shared with a child process.
 */
export { createLease, type Lease, type LeaseRow, type LeaseStatus } from "./lease.ts";
export {
  createKvSeries,
  type KvSeries,
  MARKET_HISTORY_TIERS,
  MAX_SAMPLE_BYTES,
  type RecordOutcome,
  type SeriesPoint,
  type SeriesRange,
  type SeriesTier,
} from "./series.ts";
export {
  createKvSnapshotStore,
  type KvSnapshotStore,
  SNAPSHOT_CHUNK_BYTES,
  type StoredSnapshot,
} from "./snapshot.ts";
export { isKvLocked, retryLocked } from "./retry.ts";
