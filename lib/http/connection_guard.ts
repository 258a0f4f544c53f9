/**
 * A TCP front for `Deno.serve` when the app runs bare (self-hosted without the reverse proxy of
 * `deploy/`, the front door the docs tell people to run). `Deno.serve` has no idle or header
 * timeouts and no connection cap, speaks cleartext HTTP/2 to anyone who sends its preface, and
 * dies when `accept` fails at the open-file limit. This guard owns the public listener instead,
 * relays each connection to a `Deno.serve` on a loopback port, and
 * - closes a connection idle both ways for `idleTimeoutMs` (SSE heartbeats and answers in
 *   progress count as activity), or one whose request bytes have waited `requestTimeoutMs`
 *   without a byte of answer (slow headers, a body that never ends);
 * - closes a connection that opens with the HTTP/2 preface (its streams would escape these
 *   timeouts; browsers never speak cleartext HTTP/2), answers 431 to a first request head over
 *   `maxHeadBytes` and 400 to a request without `Host`;
 * - holds at most `maxConnections` (three descriptors each). To make room, and after an accept
 *   error (logged once), it closes the connection whose first head has been unfinished the
 *   longest (a socket that never spoke, a trickled head), else the least recently active idle
 *   keep-alive, else the oldest request in progress: no socket flood locks clients out, and a
 *   newcomer is not closed while an older unfinished one is open;
 * - reads each connection's first request head whole before opening its inner connection, so
 *   a socket that never finishes one costs one descriptor and never reaches `Deno.serve`;
 * - closes every socket of a relay when it ends, also an inner connection still being opened
 *   when its relay was closed (`openDescriptors` counts what it holds);
 * - refuses requests that reach the inner server's port without coming through the guard.
 * The handler sees the client's address as `info.remoteAddr`. */
import { describeErrorOnOneLine } from "./log_line.ts";
import { serveResilient } from "./resilient_serve.ts";
import {
  concat,
  type HeadScreen,
  headScreen,
  pump,
  tooLargeAnswer,
  writeAll,
} from "./_relay_bytes.ts";

export interface GuardOptions {
  /** The public listener, already bound (so the caller can report a busy port itself). */
  listener: Deno.TcpListener;
  /** Connections held at most. Default 512, lowered to fit the open-file limit. */
  maxConnections?: number;
  /** Close a connection silent both ways for this long. Default 30 s. */
  idleTimeoutMs?: number;
  /** Close a connection whose request has had no answer byte for this long. Default 60 s. */
  requestTimeoutMs?: number;
  /** A connection's first request head may be this long. Default 32 KiB. */
  maxHeadBytes?: number;
  /** How often timeouts are checked. Default 1 s, or a quarter of a shorter idle timeout. */
  sweepEveryMs?: number;
  /** Told about accept trouble, once. Default console.error. */
  log?: (line: string) => void;
  now?: () => number;
  /** Opens the inner connections (default `Deno.connect`); tests hold it to race evictions. */
  connect?: (options: Deno.ConnectOptions) => Promise<Deno.TcpConn>;
  onError?: (error: unknown) => Response | Promise<Response>;
}

export interface GuardedServer {
  /** The public address (the real port when 0 was asked for). */
  addr: Deno.NetAddr;
  /** The inner server's loopback address (it answers only connections the guard relays). */
  readonly innerAddr: Deno.NetAddr;
  readonly connections: number;
  /** Sockets the guard holds open now: each client's and each relay's own. */
  readonly openDescriptors: number;
  /** Applies the timeouts now (the timer does this every `sweepEveryMs`). */
  sweep(): void;
  /** Stops accepting, closes every connection and the inner server. */
  shutdown(): Promise<void>;
  finished: Promise<void>;
}

interface Relay {
  client: Deno.Conn;
  inner?: Deno.Conn;
  acceptedAt: number;
  lastActivity: number;
  /** When the client sent bytes not yet answered by any server byte. */
  waitingSince?: number;
  screen: HeadScreen;
  closed: boolean;
}

/** Serves `handler` behind the guard on `options.listener`. */
export async function serveGuarded(
  handler: Deno.ServeHandler<Deno.NetAddr>,
  options: GuardOptions,
): Promise<GuardedServer> {
  const now = options.now ?? Date.now;
  const connect = options.connect ?? ((to: Deno.ConnectOptions) => Deno.connect(to));
  const log = options.log ?? ((line: string) => console.error(line));
  const idleTimeoutMs = options.idleTimeoutMs ?? 30_000;
  const requestTimeoutMs = options.requestTimeoutMs ?? 60_000;
  const maxHeadBytes = options.maxHeadBytes ?? 32 * 1024;
  const maxConnections = Math.max(1, Math.min(options.maxConnections ?? 512, await fdBudget()));
  // The local port of each relay's inner connection → the client it carries.
  const clients = new Map<number, Deno.NetAddr>();
  const relays = new Set<Relay>();
  let openDescriptors = 0;
  let stopping = false;
  // The inner server can hit the descriptor limit too (accepting the relay's connection);
  // Deno.serve then stops. It listens again as soon as a descriptor is free (a restart that
  // itself failed for want of one killed the process).
  let innerFailures = 0;
  const inner = serveResilient({
    hostname: "127.0.0.1",
    port: 0,
    onListen: () => {},
    onError: options.onError,
  }, (request, info) => {
    const client = clients.get(info.remoteAddr.port);
    if (!client) {
      return new Response("Connect through the public port.\n", { status: 403 });
    }
    if (!request.headers.has("host")) {
      return new Response("Bad Request: a Host header is required.\n", { status: 400 });
    }
    return handler(request, { ...info, remoteAddr: client });
  }, (line) => {
    if (innerFailures++ === 0) log(line.replace("stopped accepting", "inner server stopped"));
  });

  function closeConn(conn: Deno.Conn): void {
    try {
      conn.close();
      openDescriptors--;
    } catch { /* already closed */ }
  }

  function close(relay: Relay): void {
    if (relay.closed) return;
    relay.closed = true;
    relays.delete(relay);
    closeConn(relay.client);
    if (relay.inner) closeConn(relay.inner);
  }

  // Makes room, in the order of the module comment: lower rank first, then older.
  function evictOne(): void {
    const rankOf = (relay: Relay) =>
      !relay.screen.ended
        ? [0, relay.acceptedAt]
        : [relay.waitingSince === undefined ? 1 : 2, relay.lastActivity];
    let victim: Relay | undefined;
    let best = [Infinity, Infinity];
    for (const relay of relays) {
      const rank = rankOf(relay);
      if (rank[0] < best[0] || (rank[0] === best[0] && rank[1] < best[1])) {
        [victim, best] = [relay, rank];
      }
    }
    if (victim) close(victim);
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

  /** The first request head (and any body bytes read with it), or null: refused or gone. */
  async function readFirstHead(state: Relay): Promise<Uint8Array | null> {
    const buffer = new Uint8Array(16 * 1024);
    const parts: Uint8Array[] = [];
    while (!state.screen.ended) {
      const read = await state.client.read(buffer).catch(() => null);
      if (read === null || state.closed) return null;
      state.lastActivity = now();
      state.waitingSince ??= state.lastActivity;
      const screened = state.screen.take(buffer.slice(0, read));
      if ("refuse" in screened) {
        if (screened.refuse === "too_large") {
          await state.client.write(tooLargeAnswer(maxHeadBytes)).catch(() => 0);
        }
        return null;
      }
      parts.push(screened.forward);
    }
    return concat(...parts);
  }

  async function connectInner(state: Relay): Promise<Deno.TcpConn | undefined> {
    // A failed connect may mean no descriptor was free, or an inner server just restarted on a
    // new port: try again.
    for (let attempt = 0; attempt < 5 && !state.closed; attempt++) {
      try {
        const conn = await connect({ hostname: "127.0.0.1", port: inner.addr.port });
        openDescriptors++;
        return conn;
      } catch (error) {
        const restarting = error instanceof Deno.errors.ConnectionRefused ||
          error instanceof Deno.errors.ConnectionReset;
        if (!restarting) evictOne(); // out of descriptors, most likely: free some
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    return undefined;
  }

  async function relay(client: Deno.Conn): Promise<void> {
    const state: Relay = {
      client,
      acceptedAt: now(),
      lastActivity: now(),
      screen: headScreen(maxHeadBytes),
      closed: false,
    };
    relays.add(state);
    const head = await readFirstHead(state);
    const innerConn = head && await connectInner(state);
    if (!innerConn) return close(state);
    // Evicted or timed out while the connect was pending: nothing else will close it.
    if (state.closed) return closeConn(innerConn);
    state.inner = innerConn;
    const port = innerConn.localAddr.port;
    clients.set(port, client.remoteAddr as Deno.NetAddr);
    const onClientBytes = () => {
      state.lastActivity = now();
      state.waitingSince ??= state.lastActivity;
    };
    const onServerBytes = () => {
      state.lastActivity = now();
      state.waitingSince = undefined;
    };
    await Promise.all([
      writeAll(innerConn, head).then(
        () => pump(client, innerConn, onClientBytes, () => close(state)),
        () => close(state),
      ),
      pump(innerConn, client, onServerBytes, () => close(state)),
    ]);
    clients.delete(port);
    close(state);
  }

  const accepting = (async () => {
    let logged = false;
    while (!stopping) {
      let conn: Deno.Conn;
      try {
        conn = await options.listener.accept();
      } catch (error) {
        if (stopping || error instanceof Deno.errors.BadResource) break;
        if (!logged) {
          log(
            `[server] accept failed (${describeErrorOnOneLine(error)}); closing a connection ` +
              "and retrying. Raise the open-file limit or lower MAX_CONNECTIONS.",
          );
        }
        logged = true; // once per process: a flood would otherwise flood the log too
        evictOne();
        await new Promise((resolve) => setTimeout(resolve, 20));
        continue;
      }
      openDescriptors++;
      if (relays.size >= maxConnections) evictOne();
      relay(conn).catch(() => {});
    }
  })();

  const timer = setInterval(sweep, options.sweepEveryMs ?? Math.min(1000, idleTimeoutMs / 4));
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
    get innerAddr() {
      return inner.addr;
    },
    get connections() {
      return relays.size;
    },
    get openDescriptors() {
      return openDescriptors;
    },
    sweep,
    shutdown,
    finished: accepting.then(() => inner.finished).catch(() => {}),
  };
}

/**
 * How many relayed connections the open-file limit allows: three descriptors each (client,
 * relay, inner server side), with 64 kept for files, KV and upstream requests. A connection
 * still sending its first head costs one only, so this errs on the safe side. Linux only;
 * elsewhere no limit is derived.
 */
async function fdBudget(): Promise<number> {
  try {
    const limits = await Deno.readTextFile("/proc/self/limits");
    const soft = /Max open files\s+(\d+)/.exec(limits)?.[1];
    if (soft) return Math.max(1, Math.floor((Number(soft) - 64) / 3));
  } catch { /* not Linux, or not allowed to read it */ }
  return Number.MAX_SAFE_INTEGER;
}
