/**
 * `Deno.serve` that outlives the open-file limit. When `accept` fails for want of a descriptor,
 * Deno's server stops and rejects its `finished` promise, which nobody awaits: the process dies
 * with "Uncaught (in promise) Http: Error: Too many open files". Here that rejection is caught
 * and the server is started again on the same address as soon as a descriptor is free (tried
 * every {@link RESTART_EVERY_MS}), so the process keeps serving once the crowd has gone.
 */
import { describeErrorOnOneLine, oncePerInterval } from "./log_line.ts";

/** How often a stopped server tries to listen again. */
const RESTART_EVERY_MS = 50;

/** A server that restarts itself after accept errors; `shutdown` stops it for good. */
export interface ResilientServer {
  readonly addr: Deno.NetAddr;
  /** Times it was started again. */
  readonly restarts: number;
  shutdown(): Promise<void>;
}

/** Serves `handler` on `options.hostname`:`options.port` (0 picks a free port, kept after). */
export function serveResilient(
  options: Deno.ServeTcpOptions,
  handler: Deno.ServeHandler<Deno.NetAddr>,
  log: (line: string) => void = oncePerInterval(60_000, (line) => console.error(line)),
): ResilientServer {
  let stopping = false;
  let restarts = 0;
  let current = Deno.serve({ ...options, onListen: options.onListen ?? (() => {}) }, handler);
  const addr = current.addr;
  const watch = (server: Deno.HttpServer<Deno.NetAddr>) => {
    server.finished.catch(async (error) => {
      if (stopping) return;
      log(
        `[server] stopped accepting (${describeErrorOnOneLine(error)}); listening again on port ` +
          `${addr.port} as soon as a descriptor is free.`,
      );
      while (!stopping) {
        try {
          current = Deno.serve({ ...options, port: addr.port, onListen: () => {} }, handler);
          restarts++;
          watch(current);
          return;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, RESTART_EVERY_MS));
        }
      }
    });
  };
  watch(current);
  return {
    addr,
    get restarts() {
      return restarts;
    },
    async shutdown() {
      stopping = true;
      await current.shutdown().catch(() => {});
    },
  };
}
