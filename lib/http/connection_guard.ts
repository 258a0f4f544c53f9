/**
 * A TCP front for `Deno.serve` when the app runs bare (self-hosted without the reverse proxy of
 * `deploy/`, which is the front door the docs tell people to run). `Deno.serve` has no idle or
 * header timeouts and no connection cap, speaks cleartext HTTP/2 to anyone who starts with its
 * preface, and when `accept` fails at the open-file limit it rejects inside its own loop and
 * the process dies ("Too many open files"). This guard owns the public listener instead: it
 * accepts connections itself, relays each to a `Deno.serve` on a loopback port, and
 * - closes a connection idle in both directions for `idleTimeoutMs` (SSE heartbeats and
 *   answers in progress count as activity), or one whose request bytes have waited
 *   `requestTimeoutMs` without a byte of answer (slow headers, a body that never ends);
 * - closes a connection that opens with the HTTP/2 preface (browsers never speak cleartext
 *   HTTP/2, and the inner server's HTTP/2 would escape these timeouts);
 * - answers 431 to a first request head over `maxHeadBytes`, and 400 to a request without
 *   `Host`;
 * - holds at most `maxConnections` (each costs three descriptors). To make room it closes, in
 *   this order: the connection whose first request head has been unfinished the longest (a
 *   socket that never spoke, a trickled head), the least recently active idle keep-alive, and
 *   only then the oldest with a request in progress; so neither idle nor slow sockets can lock
 *   clients out, and a newcomer is never the one closed while an older unfinished one exists;
 * - survives accept errors: the first one is logged, the least recently active
 *   connection is closed to free descriptors, and accepting resumes;
 * - closes every socket of a relay when it ends, also an inner connection that was still
 *   being opened when its relay was closed (`openDescriptors` counts what it holds);
 * - refuses requests that reach the inner server's port without coming through the guard.
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
  /** A connection's first request head may be this long. Default 32 KiB. */
  maxHeadBytes?: number;
  /** How often timeouts are checked. Default 1 s, or a quarter of a shorter idle timeout. */
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
  /** The inner server's loopback address (it answers only connections the guard relays). */
  readonly innerAddr: Deno.NetAddr;
  /** Connections held now. */
  readonly connections: number;
  /** Sockets the guard holds open now: each client's and each relay's own. */
  readonly openDescriptors: number;
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
  acceptedAt: number;
  lastActivity: number;
  /** When the client sent bytes not yet answered by any server byte. */
  waitingSince?: number;
  /** Watches the connection's first bytes until its first head ends or is answered. */
  screen: HeadScreen;
  closed: boolean;
}

const encoder = new TextEncoder();
const NOTHING: Uint8Array = new Uint8Array(0);
const H2_PREFACE = encoder.encode("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n");
const HEAD_END = encoder.encode("\r\n\r\n");

/** What to do with bytes read from the client: pass these on, or refuse the connection. */
type Screened = { forward: Uint8Array } | { refuse: "h2" | "too_large" };

interface HeadScreen {
  /** Looks at the next bytes from the client. */
  take(chunk: Uint8Array): Screened;
  /** The server answered: whatever follows is not the first head any more. */
  finish(): void;
  /** True once the first head has ended or been answered. */
  readonly ended: boolean;
}

/**
 * Screens a connection's first request head: bytes that could still become the HTTP/2 preface
 * are held back until they are told apart from it (however the client split them), then the
 * head is counted until its blank line, refusing one longer than `maxHeadBytes`. Not a parser:
 * it looks only for the preface and for the end of the head.
 */
function headScreen(maxHeadBytes: number): HeadScreen {
  let held: Uint8Array | undefined = NOTHING;
  let tail: Uint8Array = NOTHING;
  let counted = 0;
  let done = false;
  const take = (chunk: Uint8Array): Screened => {
    if (done) return { forward: chunk };
    let bytes = chunk;
    if (held) {
      held = concat(held, chunk);
      const length = Math.min(held.length, H2_PREFACE.length);
      if (held.subarray(0, length).every((byte, index) => byte === H2_PREFACE[index])) {
        return length === H2_PREFACE.length ? { refuse: "h2" } : { forward: NOTHING };
      }
      bytes = held;
      held = undefined;
    }
    const window = concat(tail, bytes);
    const end = indexOf(window, HEAD_END);
    counted += end >= 0 ? end + HEAD_END.length - tail.length : bytes.length;
    if (counted > maxHeadBytes) return { refuse: "too_large" };
    done = end >= 0;
    tail = window.subarray(Math.max(0, window.length - HEAD_END.length + 1));
    return { forward: bytes };
  };
  return {
    take,
    finish() {
      done = true;
    },
    get ended() {
      return done;
    },
  };
}

/** A plain answer the guard writes itself, closing the connection. */
function plainAnswer(status: string, text: string): Uint8Array {
  return encoder.encode(
    `HTTP/1.1 ${status}\r\ncontent-type: text/plain; charset=utf-8\r\n` +
      `content-length: ${text.length + 1}\r\nconnection: close\r\n\r\n${text}\n`,
  );
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
  const maxHeadBytes = options.maxHeadBytes ?? 32 * 1024;
  const maxConnections = Math.max(1, Math.min(options.maxConnections ?? 512, await fdBudget()));
  // The local port of each relay's inner connection → the client it carries.
  const clients = new Map<number, Deno.NetAddr>();
  const relays = new Set<Relay>();
  let openDescriptors = 0;
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
      const client = clients.get(info.remoteAddr.port);
      if (!client) {
        return new Response("Connect through the public port.\n", { status: 403 });
      }
      if (!request.headers.has("host")) {
        return new Response("Bad Request: a Host header is required.\n", { status: 400 });
      }
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

  // Makes room (see the module comment for the order).
  function evictOldest(): boolean {
    let victim: Relay | undefined;
    let victimRank = 0;
    for (const relay of relays) {
      const rank = !relay.screen.ended ? 3 : relay.waitingSince === undefined ? 2 : 1;
      const age = rank === 3 ? relay.acceptedAt : relay.lastActivity;
      const victimAge = victim && (victimRank === 3 ? victim.acceptedAt : victim.lastActivity);
      if (!victim || rank > victimRank || (rank === victimRank && age < victimAge!)) {
        victim = relay;
        victimRank = rank;
      }
    }
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
    const state: Relay = {
      client,
      acceptedAt: now(),
      lastActivity: now(),
      screen: headScreen(maxHeadBytes),
      closed: false,
    };
    relays.add(state);
    let innerConn: Deno.TcpConn | undefined;
    // A refused connect may mean the inner server was just restarted on a new port: try that.
    for (let attempt = 0; !innerConn && attempt < 3 && !state.closed; attempt++) {
      innerConn = await Deno.connect({ hostname: "127.0.0.1", port: inner.addr.port })
        .catch(() => new Promise<undefined>((resolve) => setTimeout(resolve, 20)));
    }
    if (!innerConn) return close(state);
    openDescriptors++;
    // Evicted or timed out while the connect was pending: nothing else will close it.
    if (state.closed) return closeConn(innerConn);
    state.inner = innerConn;
    const port = innerConn.localAddr.port;
    clients.set(port, client.remoteAddr as Deno.NetAddr);
    await Promise.all([
      pump(client, innerConn, {
        fail: () => close(state),
        onBytes: () => {
          state.lastActivity = now();
          state.waitingSince ??= state.lastActivity;
        },
        screen: state.screen.take,
        refuse: async (reason) => {
          if (reason === "too_large") {
            const text = `Request Header Fields Too Large: at most ${maxHeadBytes} bytes.`;
            await client.write(plainAnswer("431 Request Header Fields Too Large", text))
              .catch(() => 0);
          }
          close(state);
        },
      }),
      pump(innerConn, client, {
        fail: () => close(state),
        onBytes: () => {
          state.lastActivity = now();
          state.waitingSince = undefined;
          state.screen.finish();
        },
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
      openDescriptors++;
      if (relays.size >= maxConnections) evictOldest();
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
    get acceptErrors() {
      return acceptErrors;
    },
    sweep,
    shutdown,
    finished: accepting.then(() => inner.finished).catch(() => {}),
  };
}

interface PumpOptions {
  onBytes: () => void;
  /** Closes both sides, after a read or write failed. */
  fail: () => void;
  /** Looks at what the client sends before it is passed on (client to server only). */
  screen?: (chunk: Uint8Array) => Screened;
  refuse?: (reason: "h2" | "too_large") => Promise<void>;
}

async function pump(from: Deno.Conn, to: Deno.Conn, options: PumpOptions): Promise<void> {
  const buffer = new Uint8Array(16 * 1024);
  try {
    while (true) {
      const read = await from.read(buffer);
      if (read === null) break;
      options.onBytes();
      const screened = options.screen?.(buffer.subarray(0, read)) ??
        { forward: buffer.subarray(0, read) };
      if ("refuse" in screened) return await options.refuse!(screened.refuse);
      const bytes = screened.forward;
      let written = 0;
      while (written < bytes.length) written += await to.write(bytes.subarray(written));
    }
    await to.closeWrite().catch(() => {});
  } catch {
    // A reset or a close from the other side ends this direction; the relay closes both.
    options.fail();
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

function indexOf(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let start = 0; start + needle.length <= haystack.length; start++) {
    for (let index = 0; index < needle.length; index++) {
      if (haystack[start + index] !== needle[index]) continue outer;
    }
    return start;
  }
  return -1;
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
