/**
 * A TCP front for `Deno.serve` on self-hosted runs. `Deno.serve` has no idle or header
 * timeouts and no connection cap, and when `accept` fails at the open-file limit it rejects
 * inside its own loop and the process dies ("Too many open files"). This guard owns the public
 * listener instead: it accepts connections itself, relays each to a `Deno.serve` on a
 * loopback port, and
 * - closes a connection idle in both directions for `idleTimeoutMs` (SSE heartbeats and
 *   answers in progress count as activity), or one whose request bytes have waited
 *   `requestTimeoutMs` without a byte of answer (slow headers);
 * - holds at most `maxConnections` (each costs three descriptors), closing the least recently
 *   active idle connection to make room for a new one (one with a request in progress only
 *   when none is idle), so idle sockets cannot lock clients out;
 * - survives accept errors: the first one is logged, the least recently active
 *   connection is closed to free descriptors, and accepting resumes.
 * The relay keeps the client's address: the handler sees it as `info.remoteAddr`.
 */

/** Options of {@link serveGuarded}. */
export interface GuardOptions {
  /** The public listener, already bound (so the caller can report a busy port itself). */
  listener: Deno.TcpListener;
  /** Connections held at most. Default 512, lowered to fit the open-file limit. */
  maxConnections?: number;
  /** Close a connection silent both ways for this long. Default 30 s. */
  idleTimeoutMs?: number;
  /** Close a connection whose request has had no answer byte for this long. Default 60 s. */
  requestTimeoutMs?: number;
  /** How often timeouts are checked. Default 1 s. */
  sweepEveryMs?: number;
  /** Told about accept trouble, once. Default console.error. */
  log?: (line: string) => void;
  /** Clock, for tests. */
  now?: () => number;
  /** Passed on to the inner `Deno.serve`. */
  onError?: (error: unknown) => Response | Promise<Response>;
}

/** A running guarded server. */
export interface GuardedServer {
  /** The public address (the real port when 0 was asked for). */
  addr: Deno.NetAddr;
  /** Connections held now. */
  readonly connections: number;
  /** Accept errors survived so far (only the first is logged). */
  readonly acceptErrors: number;
  /** Applies the timeouts now (the timer does this every `sweepEveryMs`). */
  sweep(): void;
  /** Stops accepting, closes every connection and the inner server. */
  shutdown(): Promise<void>;
  /** Resolves when the server has stopped. */
  finished: Promise<void>;
}

interface Relay {
  client: Deno.Conn;
  inner?: Deno.Conn;
  lastActivity: number;
  /** When the client sent bytes not yet answered by any server byte. */
  waitingSince?: number;
  closed: boolean;
}

/** Serves `handler` behind the guard on `options.listener`. */
export async function serveGuarded(
  handler: Deno.ServeHandler<Deno.NetAddr>,
  options: GuardOptions,
): Promise<GuardedServer> {
  const now = options.now ?? Date.now;
  const log = options.log ?? ((line: string) => console.error(line));
  const idleTimeoutMs = options.idleTimeoutMs ?? 30_000;
  const requestTimeoutMs = options.requestTimeoutMs ?? 60_000;
  const maxConnections = Math.max(1, Math.min(options.maxConnections ?? 512, await fdBudget()));
  const clients = new Map<number, Deno.NetAddr>();
  const relays = new Set<Relay>();
  let stopping = false;
  let innerFailures = 0;
  // The inner server can hit the descriptor limit too (accepting the relay's connection);
  // Deno.serve then ends with a rejected `finished`. Start a fresh one instead of dying.
  function startInner(): Deno.HttpServer<Deno.NetAddr> {
    const server = Deno.serve({
      hostname: "127.0.0.1",
      port: 0,
      onListen: () => {},
      onError: options.onError,
    }, (request, info) => {
      const client = clients.get(info.remoteAddr.port) ?? info.remoteAddr;
      return handler(request, { ...info, remoteAddr: client });
    });
    server.finished.catch((error) => {
      if (stopping) return;
      if (innerFailures++ === 0) {
        log(`[server] inner server stopped (${describe(error)}); restarting it.`);
      }
      evictOldest();
      inner = startInner();
    });
    return server;
  }
  let inner = startInner();

  function close(relay: Relay): void {
    if (relay.closed) return;
    relay.closed = true;
    relays.delete(relay);
    for (const conn of [relay.client, relay.inner]) {
      try {
        conn?.close();
      } catch { /* already closed */ }
    }
  }

  // Makes room: the least recently active connection that has no request waiting for its
  // answer goes first (an idle keep-alive or a socket that never spoke); one with a request
  // in progress only when every connection has one.
  function evictOldest(): boolean {
    let oldestIdle: Relay | undefined;
    let oldest: Relay | undefined;
    for (const relay of relays) {
      if (!oldest || relay.lastActivity < oldest.lastActivity) oldest = relay;
      const idle = relay.waitingSince === undefined;
      if (idle && (!oldestIdle || relay.lastActivity < oldestIdle.lastActivity)) oldestIdle = relay;
    }
    const victim = oldestIdle ?? oldest;
    if (victim) close(victim);
    return victim !== undefined;
  }

  function sweep(): void {
    const time = now();
    for (const relay of relays) {
      const idle = time - relay.lastActivity >= idleTimeoutMs;
      const stalled = relay.waitingSince !== undefined &&
        time - relay.waitingSince >= requestTimeoutMs;
      if (idle || stalled) close(relay);
    }
  }

  async function relay(client: Deno.Conn): Promise<void> {
    const state: Relay = { client, lastActivity: now(), closed: false };
    relays.add(state);
    let innerConn: Deno.TcpConn;
    try {
      innerConn = await Deno.connect({ hostname: "127.0.0.1", port: inner.addr.port });
    } catch {
      close(state);
      return;
    }
    state.inner = innerConn;
    if (state.closed) return close(state);
    const port = innerConn.localAddr.port;
    clients.set(port, client.remoteAddr as Deno.NetAddr);
    await Promise.all([
      pump(client, innerConn, () => {
        state.lastActivity = now();
        state.waitingSince ??= state.lastActivity;
      }),
      pump(innerConn, client, () => {
        state.lastActivity = now();
        state.waitingSince = undefined;
      }),
    ]);
    clients.delete(port);
    close(state);
  }

  let acceptErrors = 0;
  const accepting = (async () => {
    let logged = false;
    while (!stopping) {
      let conn: Deno.Conn;
      try {
        conn = await options.listener.accept();
      } catch (error) {
        if (stopping || error instanceof Deno.errors.BadResource) break;
        acceptErrors++;
        if (!logged) {
          log(
            `[server] accept failed (${describe(error)}); closing the least recently active ` +
              `connection and retrying. Raise the open-file limit or lower MAX_CONNECTIONS.`,
          );
        }
        logged = true; // once per process: a flood would otherwise flood the log too
        evictOldest();
        await new Promise((resolve) => setTimeout(resolve, 20));
        continue;
      }
      if (relays.size >= maxConnections) evictOldest();
      relay(conn).catch(() => {});
    }
  })();

  const timer = setInterval(sweep, options.sweepEveryMs ?? 1000);
  async function shutdown(): Promise<void> {
    if (stopping) return;
    stopping = true;
    clearInterval(timer);
    try {
      options.listener.close();
    } catch { /* closed */ }
    for (const relay of [...relays]) close(relay);
    await accepting;
    await inner.shutdown();
  }
  return {
    addr: options.listener.addr,
    get connections() {
      return relays.size;
    },
    get acceptErrors() {
      return acceptErrors;
    },
    sweep,
    shutdown,
    finished: accepting.then(() => inner.finished).catch(() => {}),
  };
}

async function pump(from: Deno.Conn, to: Deno.Conn, onBytes: () => void): Promise<void> {
  const buffer = new Uint8Array(16 * 1024);
  try {
    while (true) {
      const read = await from.read(buffer);
      if (read === null) break;
      onBytes();
      let written = 0;
      while (written < read) written += await to.write(buffer.subarray(written, read));
    }
    await to.closeWrite().catch(() => {});
  } catch {
    // A reset or a close from the other side ends this direction; the relay closes both.
    try {
      from.close();
    } catch { /* closed */ }
    try {
      to.close();
    } catch { /* closed */ }
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * How many relayed connections the open-file limit allows: three descriptors each (client,
 * relay, inner server side), with 64 kept for files, KV and upstream requests. Linux only;
 * elsewhere no limit is derived.
 */
export async function fdBudget(): Promise<number> {
  try {
    const limits = await Deno.readTextFile("/proc/self/limits");
    const soft = /Max open files\s+(\d+)/.exec(limits)?.[1];
    if (soft) return Math.max(1, Math.floor((Number(soft) - 64) / 3));
  } catch { /* not Linux, or not allowed to read it */ }
  return Number.MAX_SAFE_INTEGER;
}
