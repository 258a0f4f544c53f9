/**
 * `Deno.serve` that outlives the open-file limit: when `accept` finds no descriptor, Deno's
 * server stops and rejects `finished`, which nobody awaits, killing the process ("Uncaught (in
 * promise) Http: Error: Too many open files"). Here it is caught and the server restarted on
 * the same address, every {@link RESTART_EVERY_MS} until a descriptor is free.
 */
import { describeErrorOnOneLine, oncePerInterval } from "./log_line.ts";

/** How often a stopped server tries to listen again. */
const RESTART_EVERY_MS = 20;

let signalsReady = false;

/**
 * Deno sets up signal handling on the first signal listener; if that comes at the open-file
 * limit, Deno 2.9.6 panics in ext/signals instead of rejecting `finished` (measured). So the
 * first server listens for SIGWINCH (ignored by default) while descriptors are plentiful; not
 * on Windows, which has no such signal.
 */
function prepareSignals(): void {
  if (signalsReady || Deno.build.os === "windows") return;
  signalsReady = true;
  Deno.addSignalListener("SIGWINCH", () => {});
}

/**
 * Serves `handler` on `options.hostname`:`options.port` (0 picks a free port, kept after), and
 * restarts itself after accept errors; `shutdown` stops it for good, then `finished` resolves.
 */
export function serveResilient(
  options: Deno.ServeTcpOptions,
  handler: Deno.ServeHandler<Deno.NetAddr>,
  log: (line: string) => void = oncePerInterval(60_000, (line) => console.error(line)),
) {
  prepareSignals();
  let stopping = false;
  let restarts = 0;
  let current = Deno.serve({ ...options, onListen: options.onListen ?? (() => {}) }, handler);
  const stopped = Promise.withResolvers<void>();
  const watch = (server: Deno.HttpServer<Deno.NetAddr>) => {
    server.finished.then(() => stopping && stopped.resolve(), async (error) => {
      if (stopping) return stopped.resolve();
      const port = server.addr.port;
      log(
        `[server] stopped accepting (${describeErrorOnOneLine(error)}); listening again on port ` +
          `${port} as soon as a descriptor is free.`,
      );
      while (!stopping) {
        try {
          current = Deno.serve({ ...options, port, onListen: () => {} }, handler);
        } catch (listenError) {
          // Taken meanwhile (a port picked by the system may be): any free port will do.
          if (listenError instanceof Deno.errors.AddrInUse && options.port === 0) {
            try {
              current = Deno.serve({ ...options, port: 0, onListen: () => {} }, handler);
            } catch { /* try again later */ }
          }
        }
        if (current !== server) {
          restarts++;
          return watch(current);
        }
        await new Promise((resolve) => setTimeout(resolve, RESTART_EVERY_MS));
      }
      stopped.resolve();
    });
  };
  watch(current);
  return {
    /** Where it listens now (the same port after a restart, unless that port was taken). */
    get addr() {
      return current.addr;
    },
    finished: stopped.promise,
    get restarts() {
      return restarts;
    },
    async shutdown() {
      stopping = true;
      await current.shutdown().catch(() => {});
      stopped.resolve();
    },
  };
}

/** A server that restarts itself after accept errors. */
export type ResilientServer = ReturnType<typeof serveResilient>;
