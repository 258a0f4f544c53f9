/**
 * A deadline for whole requests: past `ms` the client gets `onTimeout`'s answer (pages: a 504
 * page) however slow the upstream. Streams (SSE, CSV) are `exempt`. Hono's `timeout` takes
 * neither exempt paths nor an injected timer (tests fire it themselves), so this one is ours.
 */
import type { Context, MiddlewareHandler } from "hono";

/** How long a page may take before its 504 page is sent (docs "Security and limits"). */
const PAGE_DEADLINE_MS = 25_000;

/**
 * The most one upstream read may take, retries and fallback included: 5 s short of the page
 * deadline, so a failing read is reported as what it is rather than as the generic 504.
 */
export const UPSTREAM_BUDGET_MS = PAGE_DEADLINE_MS - 5_000;

/** `ms` defaults to {@link PAGE_DEADLINE_MS}; `timer` resolves after `ms` (tests fire it). */
export interface DeadlineOptions {
  ms?: number;
  onTimeout: (c: Context) => Response | Promise<Response>;
  exempt?: (path: string) => boolean;
  timer?: (ms: number, signal: AbortSignal) => Promise<void>;
}

function realTimer(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const id = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => clearTimeout(id), { once: true });
  });
}

export function deadline(options: DeadlineOptions): MiddlewareHandler {
  const ms = options.ms ?? PAGE_DEADLINE_MS;
  const timer = options.timer ?? realTimer;
  return async (c, next) => {
    if (options.exempt?.(c.req.path)) return await next();
    const done = new AbortController();
    let timedOut = false;
    const expiry = timer(ms, done.signal).then(() => {
      timedOut = true;
    });
    const handled = next().finally(() => done.abort());
    // A handler that fails after the deadline has nobody left to tell.
    handled.catch(() => {});
    await Promise.race([handled, expiry]);
    if (timedOut) {
      c.res = await options.onTimeout(c);
      return;
    }
    await handled;
  };
}
