/**
 * Which answers of one page render or tool call were last good copies (the upstream failed). The
 * shared read cache, below any handler's reach, notes each in the scope of the request it
 * answers (AsyncLocalStorage: the one channel that reaches that deep); pages get them as
 * `c.var.staleReads`, a tool call reads its own scope, to label what they show.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { MiddlewareHandler } from "hono";

/** A last-good answer served: its cache key, when it was read (`asOf`, ms) and its age then. */
export interface StaleRead {
  key: string;
  asOf: number;
  ageMs: number;
}

const scopes = new AsyncLocalStorage<{ reads: StaleRead[] }>();

/** Runs `body` in a new scope, which records every stale read made inside. */
export function withFreshnessScope<T>(
  body: () => Promise<T>,
): { scope: { reads: StaleRead[] }; result: Promise<T> } {
  const scope = { reads: [] as StaleRead[] };
  return { scope, result: scopes.run(scope, body) };
}

/** Middleware: each request in its own scope, whose reads are `c.var.staleReads`. */
export function freshnessScopes(): MiddlewareHandler<{ Variables: { staleReads: StaleRead[] } }> {
  return async (c, next) => {
    const scope = { reads: [] as StaleRead[] };
    c.set("staleReads", scope.reads);
    await scopes.run(scope, next);
  };
}

/** Records a stale read in the current scope (no-op outside one). */
export function noteStaleRead(read: StaleRead): void {
  scopes.getStore()?.reads.push(read);
}
