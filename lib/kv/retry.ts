/**
 * Processes sharing one local KV file (`KV_PATH`) take turns at SQLite's write lock, and a
 * write that finds it taken fails at once with "database is locked" rather than waiting. The
 * shared stores of this folder retry such a failure a bounded number of times, after a short
 * random wait; any other error, and the last locked one, goes to the caller. (Deno Deploy's KV
 * and a KV Connect server do not answer so.)
 */

const ATTEMPTS = 12;
const MAX_WAIT_MS = 50;

export function isKvLocked(error: unknown): boolean {
  return error instanceof Error && /database is locked/i.test(error.message);
}

/** `op`, tried again while it fails with "database is locked" (or what `retryable` names). */
export async function retryLocked<T>(
  op: () => Promise<T>,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  retryable: (error: unknown) => boolean = isKvLocked,
): Promise<T> {
  for (let attempt = 1;; attempt++) {
    try {
      return await op();
    } catch (error) {
      if (!retryable(error) || attempt >= ATTEMPTS) throw error;
      await wait(Math.random() * Math.min(MAX_WAIT_MS, 2 ** attempt));
    }
  }
}
