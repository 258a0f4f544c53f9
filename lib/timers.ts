/** The two timer calls, as a dependency so code that waits or expires can run on a test's clock. */
export interface Timers {
  /** Returns a handle for `clearTimeout`. */
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
}

export const SYSTEM_TIMERS: Timers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout> | undefined),
};

/** Resolves after `ms`, or at once when `signal` aborts. */
export function sleep(timers: Timers, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      timers.clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = timers.setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}
