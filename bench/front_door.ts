/**
 * A probe of a front door (the reverse proxy of `deploy/`, or the app alone on Deno's server):
 * what an adversary on the open internet can do to it over HTTP/1.1 and HTTP/2, in raw bytes so
 * nothing is smoothed over by a client library. Each scenario opens its own connection and
 * reports what the server did: how long it held the connection (`Infinity` if it was still open
 * when the probe gave up) or which status it answered. `tests/front_door_test.ts` runs the
 * scenarios with short timeouts; `bench/hardening_bench.ts` runs them at full scale and over
 * each proxy Debian ships, for `bench/RESULTS.md`.
 */

/** Where a front door listens; `caCert` (PEM) when it speaks TLS. */
export interface Door {
  port: number;
  caCert?: string;
}

const encoder = new TextEncoder();

/** A TCP (or, for a TLS door, TLS) connection to `door`, offering `alpn` protocols. */
export async function connect(door: Door, alpn?: string[]): Promise<Deno.Conn> {
  if (!door.caCert) return await Deno.connect({ hostname: "127.0.0.1", port: door.port });
  const conn = await Deno.connectTls({
    hostname: "127.0.0.1",
    port: door.port,
    caCerts: [door.caCert],
    alpnProtocols: alpn,
  });
  await conn.handshake();
  return conn;
}

/**
 * Reads `conn` until the server closes it or `boundMs` passes, calling `during` meanwhile (to
 * trickle bytes or pings); the milliseconds it stayed open, `Infinity` when it outlived the bound.
 * Closes `conn` either way.
 */
export async function heldFor(
  conn: Deno.Conn,
  boundMs: number,
  during?: (signal: AbortSignal) => Promise<void>,
  onBytes: (bytes: Uint8Array) => void = () => {},
): Promise<number> {
  const started = performance.now();
  const stop = new AbortController();
  const bound = setTimeout(() => stop.abort(), boundMs);
  const reading = (async () => {
    const buffer = new Uint8Array(16 * 1024);
    while (true) {
      const read = await conn.read(buffer).catch(() => null);
      if (read === null) return performance.now() - started;
      onBytes(buffer.slice(0, read));
    }
  })();
  stop.signal.addEventListener("abort", () => closeQuietly(conn), { once: true });
  during?.(stop.signal).catch(() => {});
  const held = await reading;
  const outlived = stop.signal.aborted;
  clearTimeout(bound);
  stop.abort();
  return outlived ? Infinity : held;
}

/** Closes `conn` unless it is closed already. */
export function closeQuietly(conn: Deno.Conn): void {
  try {
    conn.close();
  } catch { /* already closed */ }
}

/** Calls `step` every `everyMs` until `signal` aborts (for trickles and pings). */
export async function every(
  everyMs: number,
  signal: AbortSignal,
  step: () => Promise<unknown>,
): Promise<void> {
  while (!signal.aborted) {
    await new Promise((resolve) => setTimeout(resolve, everyMs));
    if (!signal.aborted) await step();
  }
}

/**
 * Sends `request` (raw HTTP/1.1; with `splitAt`, in two writes a moment apart, as a client
 * that sends the head before its body does) and returns the status the door answered, or 0
 * when it closed without answering.
 */
export async function statusOf(
  door: Door,
  request: string,
  options: { splitAt?: number } = {},
): Promise<number> {
  const conn = await connect(door, ["http/1.1"]).catch(() => null);
  if (!conn) return 0; // refused or reset before a byte was sent
  let answer = "";
  const parts = options.splitAt === undefined
    ? [request]
    : [request.slice(0, options.splitAt), request.slice(options.splitAt)];
  const sending = (async () => {
    for (const [index, part] of parts.entries()) {
      if (index > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      await conn.write(encoder.encode(part));
    }
  })().catch(() => {});
  await heldFor(conn, 10_000, undefined, (bytes) => answer += new TextDecoder().decode(bytes));
  await sending;
  return Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? 0);
}

/**
 * Sends `requests` pipelined on one connection (raw HTTP/1.1, in one write) and returns the
 * status of each answer the door sent, in order, until it closed the connection.
 */
export async function statusesOnOneConnection(door: Door, requests: string[]): Promise<number[]> {
  const conn = await connect(door, ["http/1.1"]).catch(() => null);
  if (!conn) return [];
  let answer = "";
  const sending = conn.write(encoder.encode(requests.join(""))).catch(() => 0);
  await heldFor(conn, 10_000, undefined, (bytes) => answer += new TextDecoder().decode(bytes));
  await sending;
  return [...answer.matchAll(/HTTP\/1\.[01] (\d{3}) /g)].map((match) => Number(match[1]));
}

/** The HTTP/1.1 scenarios: each the milliseconds the door held the connection. */
export function idleHeld(door: Door, boundMs: number): Promise<number> {
  return connect(door, ["http/1.1"]).then((conn) => heldFor(conn, boundMs));
}

/** A head that never ends: one more header line every `trickleMs`. */
export async function slowHeadHeld(door: Door, trickleMs: number, boundMs: number) {
  const conn = await connect(door, ["http/1.1"]);
  await conn.write(encoder.encode("GET / HTTP/1.1\r\nHost: probe\r\n"));
  let line = 0;
  return await heldFor(
    conn,
    boundMs,
    (signal) =>
      every(trickleMs, signal, () => conn.write(encoder.encode(`X-Slow-${line++}: 1\r\n`))),
  );
}

/** A body that never ends: one more byte every `trickleMs`. */
export async function slowBodyHeld(door: Door, trickleMs: number, boundMs: number) {
  const conn = await connect(door, ["http/1.1"]);
  await conn.write(encoder.encode(
    "POST /api/tools/get_protocol_overview HTTP/1.1\r\nHost: probe\r\n" +
      "Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{",
  ));
  return await heldFor(
    conn,
    boundMs,
    (signal) => every(trickleMs, signal, () => conn.write(encoder.encode(" "))),
  );
}

/** A request whose head is `bytes` long. */
export function oversizedHead(bytes: number): string {
  return `GET /robots.txt HTTP/1.1\r\nHost: probe\r\nConnection: close\r\nX-Big: ${
    "a".repeat(bytes)
  }\r\n\r\n`;
}

/** A request with no Host header. */
export const NO_HOST = "GET /robots.txt HTTP/1.1\r\nConnection: close\r\n\r\n";

/** A tool call whose chunked body has a chunk size that is not hex. */
export const MALFORMED_CHUNKED =
  "POST /api/tools/get_protocol_overview HTTP/1.1\r\nHost: probe\r\n" +
  "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n" +
  "2\r\n{}\r\nzz\r\n\r\n";

// ---- HTTP/2 in raw frames ------------------------------------------------------------------

const PREFACE = encoder.encode("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n");
const FRAME = { DATA: 0, HEADERS: 1, RST_STREAM: 3, SETTINGS: 4, PING: 6, GOAWAY: 7 } as const;

function frame(type: number, flags: number, stream: number, payload: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(9 + payload.length);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, payload.length << 8);
  bytes[3] = type;
  bytes[4] = flags;
  view.setUint32(5, stream & 0x7fffffff);
  bytes.set(payload, 9);
  return bytes;
}

/** An HPACK integer with an `prefixBits`-bit prefix (RFC 7541 section 5.1). */
function hpackInteger(value: number, prefixBits: number, firstByte = 0): number[] {
  const max = (1 << prefixBits) - 1;
  if (value < max) return [firstByte | value];
  const out = [firstByte | max];
  value -= max;
  while (value >= 128) {
    out.push((value % 128) + 128);
    value = Math.floor(value / 128);
  }
  out.push(value);
  return out;
}

/** A header block of literal fields without indexing, names and values as plain strings. */
function headerBlock(fields: [string, string][]): Uint8Array {
  const out: number[] = [];
  for (const [name, value] of fields) {
    out.push(0x00, ...hpackInteger(name.length, 7), ...encoder.encode(name));
    out.push(...hpackInteger(value.length, 7), ...encoder.encode(value));
  }
  return new Uint8Array(out);
}

/** An HTTP/2 connection driven frame by frame, counting what the server sent back. */
export interface H2Session {
  conn: Deno.Conn;
  /** Frames received so far, by type name. */
  received: Record<string, number>;
  /** The `:status` of each response so far (read only in the forms HAProxy and hyper send). */
  statuses: number[];
  /** Sends a complete GET of `path`. */
  get(path: string): Promise<void>;
  /** Feeds bytes read from the connection to the frame counter (answers SETTINGS). */
  onBytes(bytes: Uint8Array): void;
  /** Opens `count` POST streams whose bodies never end (one byte sent of 100000 declared). */
  openUnfinishedStreams(count: number): Promise<void>;
  ping(): Promise<void>;
}

/**
 * Opens an HTTP/2 connection: over TLS with ALPN `h2` when the door has a certificate, else
 * with prior knowledge (h2c). `null` when the door would not speak HTTP/2.
 */
export async function openH2(door: Door): Promise<H2Session | null> {
  const conn = await connect(door, ["h2"]);
  if (door.caCert) {
    const { alpnProtocol } = await (conn as Deno.TlsConn).handshake();
    if (alpnProtocol !== "h2") {
      conn.close();
      return null;
    }
  }
  const received: Record<string, number> = {};
  const names = Object.fromEntries(Object.entries(FRAME).map(([name, type]) => [type, name]));
  let pending: Uint8Array = new Uint8Array(0);
  let nextStream = 1;
  const statuses: number[] = [];
  const request = (method: string, path: string, extra: [string, string][] = []) =>
    headerBlock([
      [":method", method],
      [":scheme", door.caCert ? "https" : "http"],
      [":authority", "probe"],
      [":path", path],
      ...extra,
    ]);
  const session: H2Session = {
    conn,
    received,
    statuses,
    async openUnfinishedStreams(count) {
      const frames: Uint8Array[] = [];
      for (let index = 0; index < count; index++) {
        const stream = nextStream;
        nextStream += 2;
        const head = request("POST", "/api/tools/get_protocol_overview", [
          ["content-type", "application/json"],
          ["content-length", "100000"],
        ]);
        frames.push(
          frame(FRAME.HEADERS, 0x4, stream, head),
          frame(FRAME.DATA, 0, stream, encoder.encode("{")),
        );
      }
      await writeAll(conn, concatAll(frames));
    },
    async get(path) {
      const stream = nextStream;
      nextStream += 2;
      await writeAll(conn, frame(FRAME.HEADERS, 0x5, stream, request("GET", path)));
    },
    ping: () => writeAll(conn, frame(FRAME.PING, 0, 0, new Uint8Array(8))),
    onBytes(bytes) {
      pending = concatAll([pending, bytes]);
      while (pending.length >= 9) {
        const length = (pending[0] << 16) | (pending[1] << 8) | pending[2];
        if (pending.length < 9 + length) break;
        const type = pending[3];
        const flags = pending[4];
        const name = names[type] ?? `type${type}`;
        received[name] = (received[name] ?? 0) + 1;
        if (type === FRAME.HEADERS) statuses.push(responseStatus(pending.subarray(9, 9 + length)));
        if (type === FRAME.SETTINGS && !(flags & 1)) {
          writeAll(conn, frame(FRAME.SETTINGS, 1, 0, new Uint8Array(0))).catch(() => {});
        }
        pending = pending.slice(9 + length);
      }
    },
  };
  await writeAll(conn, concatAll([PREFACE, frame(FRAME.SETTINGS, 0, 0, new Uint8Array(0))]));
  return session;
}

/**
 * How long the door held an HTTP/2 connection carrying `streams` never-finishing request
 * bodies (0 for a connection that only pings), pinged every `pingMs`; null when the door does
 * not speak HTTP/2 at all.
 */
export async function h2Held(
  door: Door,
  options: { streams: number; pingMs: number; boundMs: number },
): Promise<{ heldMs: number; received: Record<string, number> } | null> {
  const session = await openH2(door).catch(() => null);
  if (!session) return null;
  if (options.streams > 0) await session.openUnfinishedStreams(options.streams).catch(() => {});
  const heldMs = await heldFor(
    session.conn,
    options.boundMs,
    (signal) => every(options.pingMs, signal, () => session.ping()),
    (bytes) => session.onBytes(bytes),
  );
  return { heldMs, received: session.received };
}

/** The status a response's header block starts with, if it starts with `:status` (else 0). */
function responseStatus(block: Uint8Array): number {
  const first = block[0];
  const indexed: Record<number, number> = {
    8: 200,
    9: 204,
    10: 206,
    11: 304,
    12: 400,
    13: 404,
    14: 500,
  };
  if (first & 0x80) return indexed[first & 0x7f] ?? 0;
  // A literal whose name is the static table's :status (index 8), value not Huffman-coded.
  if ((first & 0x0f) !== 8 && (first & 0x3f) !== 8) return 0;
  const length = block[1];
  return length & 0x80 ? 0 : Number(new TextDecoder().decode(block.subarray(2, 2 + length)));
}

/**
 * The status of one complete HTTP/2 GET of `path`, or 0 when no response came within
 * `boundMs`; null when the door does not speak HTTP/2.
 */
export async function h2Status(door: Door, path: string, boundMs = 10_000) {
  const session = await openH2(door).catch(() => null);
  if (!session) return null;
  await session.get(path);
  await heldFor(session.conn, boundMs, async (signal) => {
    while (!signal.aborted && session.statuses.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    closeQuietly(session.conn);
  }, (bytes) => session.onBytes(bytes));
  return session.statuses[0] ?? 0;
}

async function writeAll(conn: Deno.Conn, bytes: Uint8Array): Promise<void> {
  let written = 0;
  while (written < bytes.length) written += await conn.write(bytes.subarray(written));
}

function concatAll(parts: Uint8Array[]): Uint8Array {
  return Uint8Array.from(parts.flatMap((part) => [...part]));
}

// ---- the process behind the door ------------------------------------------------------------

/** Open descriptors of process `pid` (Linux). */
export function openFiles(pid: number): number {
  return [...Deno.readDirSync(`/proc/${pid}/fd`)].length;
}

/** Resident memory of process `pid` in MiB (Linux). */
export function residentMiB(pid: number): number {
  const status = Deno.readTextFileSync(`/proc/${pid}/status`);
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

// ---- the processes: the app and the front door of deploy/ -----------------------------------

const ROOT = new URL("../", import.meta.url);
const QUIET_ENV = { RUST_BACKTRACE: "0", NO_COLOR: "1" };

/** A child process started by this module. */
export interface Child {
  pid: number;
  /** Everything it wrote to stderr so far. */
  stderr: () => string;
  /** True once it has exited. */
  exited: () => boolean;
  stop: () => Promise<void>;
}

function spawn(command: string, args: string[], env: Record<string, string>) {
  let process: Deno.ChildProcess;
  try {
    process = new Deno.Command(command, {
      args,
      env: { ...QUIET_ENV, ...env },
      stdout: command === Deno.execPath() || command === "sh" ? "piped" : "null",
      stderr: "piped",
    }).spawn();
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
    throw new Error(`${command} is not installed (on Debian: apt-get install ${command})`);
  }
  let errors = "";
  let exited = false;
  process.status.then(() => exited = true);
  (async () => {
    for await (const chunk of process.stderr.pipeThrough(new TextDecoderStream())) errors += chunk;
  })();
  const child: Child = {
    pid: process.pid,
    stderr: () => errors,
    exited: () => exited,
    stop: async () => {
      if (!exited) process.kill("SIGTERM");
      await process.status;
    },
  };
  return { process, child };
}

/** A running explorer (`main.ts`) in a child process. */
export interface RunningExplorer extends Child {
  /** Its URL, ending in `/`. */
  url: string;
  port: number;
}

/**
 * Starts `main.ts` (or, with `demo`, `dev.ts --demo`: `deno task demo`, with its own replay
 * upstream) with `env` (upstreams pointed nowhere unless given), optionally under an open-file
 * limit (`ulimit -n`), and waits for the URL it prints.
 */
export async function startExplorer(
  env: Record<string, string>,
  fileLimit?: number,
  options: { demo?: boolean } = {},
): Promise<RunningExplorer> {
  const entry = new URL(options.demo ? "dev.ts" : "main.ts", ROOT).pathname;
  const extra = options.demo ? " --demo" : "";
  const deno = Deno.execPath();
  const nowhere = "http://127.0.0.1:9";
  const { process, child } = spawn(
    fileLimit === undefined ? deno : "sh",
    fileLimit === undefined
      ? ["run", "-A", "--unstable-kv", entry, ...(options.demo ? ["--demo"] : [])]
      : [
        "-c",
        `ulimit -n ${fileLimit} && exec "$0" run -A --unstable-kv "$1"${extra}`,
        deno,
        entry,
      ],
    {
      PAPERTRADE_API_URL: nowhere,
      HYPEREVM_RPC_URL: nowhere,
      HYPEREVM_RPC_FALLBACK_URL: nowhere,
      ...env,
    },
  );
  const reader = process.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let seen = "";
  // A server that never prints its URL fails the caller instead of hanging it.
  const giveUp = setTimeout(() => process.kill("SIGKILL"), 30_000);
  try {
    while (!/Papertrade Explorer[^\n]*http:\/\/\S+\//.test(seen)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the server exited before printing its URL: ${child.stderr()}`);
      seen += value;
    }
  } finally {
    clearTimeout(giveUp);
  }
  reader.releaseLock();
  process.stdout.cancel().catch(() => {});
  const url = /Papertrade Explorer[^\n]*(http:\/\/\S+\/)/.exec(seen)![1];
  return { ...child, url, port: Number(new URL(url).port) };
}

/** A free loopback port (bound and released: fine for a test's own child processes). */
export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr;
  listener.close();
  return port;
}

/**
 * A throwaway certificate authority and a certificate for 127.0.0.1 signed by it, made with the
 * `openssl` command in `dir`: the CA's PEM (to trust) and the path of the PEM bundle HAProxy
 * loads (certificate and key).
 */
export async function testCertificate(dir: string): Promise<{ caCert: string; bundle: string }> {
  const run = async (...args: string[]) => {
    const output = await new Deno.Command("openssl", { args, cwd: dir, stderr: "piped" }).output();
    if (!output.success) throw new Error(new TextDecoder().decode(output.stderr));
  };
  const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
  await run(
    "req",
    "-x509",
    ...ec,
    "-days",
    "2",
    "-subj",
    "/CN=probe-ca",
    "-keyout",
    "ca.key",
    "-out",
    "ca.pem",
  );
  await run("req", ...ec, "-subj", "/CN=127.0.0.1", "-keyout", "leaf.key", "-out", "leaf.csr");
  await Deno.writeTextFile(
    `${dir}/ext.cnf`,
    "subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\n",
  );
  await run(
    "x509",
    "-req",
    "-in",
    "leaf.csr",
    "-CA",
    "ca.pem",
    "-CAkey",
    "ca.key",
    "-CAcreateserial",
    "-days",
    "2",
    "-extfile",
    "ext.cnf",
    "-out",
    "leaf.pem",
  );
  const bundle = `${dir}/bundle.pem`;
  await Deno.writeTextFile(
    bundle,
    (await Deno.readTextFile(`${dir}/leaf.pem`)) + (await Deno.readTextFile(`${dir}/leaf.key`)),
  );
  return { caCert: await Deno.readTextFile(`${dir}/ca.pem`), bundle };
}

/** The front door of `deploy/haproxy.cfg`, running. */
export interface RunningFrontDoor extends Child {
  /** Plain HTTP/1.1 and h2c. */
  plain: Door;
  /** TLS with HTTP/2 and HTTP/1.1 by ALPN. */
  tls: Door;
}

/** Options of {@link startFrontDoor}: the config's variables, as `deploy/haproxy.cfg` names them. */
export interface FrontDoorOptions {
  /** The app's port on 127.0.0.1. */
  appPort: number;
  /** From {@link testCertificate}. */
  certificate: { caCert: string; bundle: string };
  idleTimeoutMs?: number;
  requestTimeoutMs?: number;
  /** FRONT_ANSWER_TIMEOUT: how long the door waits on a silent app. */
  answerTimeoutMs?: number;
  maxPerClient?: number;
  /** FRONT_MAX_CONNECTIONS, FRONT_CROWDED_CONNECTIONS and FRONT_CROWDED_PER_CLIENT. */
  maxConnections?: number;
  crowdedConnections?: number;
  crowdedPerClient?: number;
  /** FRONT_APP_CONNECTIONS and FRONT_LIVE_CONNECTIONS. */
  appConnections?: number;
  liveConnections?: number;
}

/** Starts HAProxy on `deploy/haproxy.cfg` in front of the app, on two free loopback ports. */
export async function startFrontDoor(options: FrontDoorOptions): Promise<RunningFrontDoor> {
  const [plainPort, tlsPort] = [freePort(), freePort()];
  const config = new URL("deploy/haproxy.cfg", ROOT).pathname;
  const env: Record<string, string> = {
    FRONT_HTTP_BIND: `127.0.0.1:${plainPort}`,
    FRONT_HTTPS_BIND: `127.0.0.1:${tlsPort}`,
    FRONT_CERT: options.certificate.bundle,
    FRONT_APP: `127.0.0.1:${options.appPort}`,
  };
  if (options.idleTimeoutMs) env.FRONT_IDLE_TIMEOUT = `${options.idleTimeoutMs}ms`;
  if (options.requestTimeoutMs) env.FRONT_REQUEST_TIMEOUT = `${options.requestTimeoutMs}ms`;
  if (options.answerTimeoutMs) env.FRONT_ANSWER_TIMEOUT = `${options.answerTimeoutMs}ms`;
  if (options.maxPerClient) env.FRONT_MAX_PER_CLIENT = String(options.maxPerClient);
  const budgets: [keyof FrontDoorOptions, string][] = [
    ["maxConnections", "FRONT_MAX_CONNECTIONS"],
    ["crowdedConnections", "FRONT_CROWDED_CONNECTIONS"],
    ["crowdedPerClient", "FRONT_CROWDED_PER_CLIENT"],
    ["appConnections", "FRONT_APP_CONNECTIONS"],
    ["liveConnections", "FRONT_LIVE_CONNECTIONS"],
  ];
  for (const [option, name] of budgets) {
    if (options[option] !== undefined) env[name] = String(options[option]);
  }
  return await startProxy("haproxy", ["-db", "-f", config], env, {
    plain: { port: plainPort },
    tls: { port: tlsPort, caCert: options.certificate.caCert },
  });
}

/**
 * Starts a proxy process (`command` with `args` and `env`) and waits until its plain listener
 * accepts; for the bench's comparison of HAProxy, Caddy and nginx too.
 */
export async function startProxy(
  command: string,
  args: string[],
  env: Record<string, string>,
  doors: { plain: Door; tls: Door },
): Promise<RunningFrontDoor> {
  const { child } = spawn(command, args, env);
  for (let attempt = 0;; attempt++) {
    try {
      (await connect(doors.plain)).close();
      break;
    } catch (error) {
      if (child.exited() || attempt >= 100) {
        await child.stop();
        throw new Error(`${command} did not start: ${child.stderr() || error}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return { ...child, ...doors };
}

// ---- floods ---------------------------------------------------------------------------------

/** `count` loopback addresses to send from, 127.0.0.`first` onwards (crossing into 127.0.1.x). */
export function loopbackAddresses(count: number, first = 2): string[] {
  return Array.from({ length: count }, (_, index) => {
    const n = first + index;
    return `127.0.${Math.floor(n / 254)}.${(n % 254) + 1}`;
  });
}

/** Connections held open, to be closed by the caller. */
export interface HeldConnections {
  /** How many are still open (accepted, or waiting in the door's backlog). */
  open(): number;
  close(): void;
}

/**
 * `perAddress` connections from each of `addresses` to `door`, opened and left silent (no
 * byte sent), as a crowd of idle clients holds a door. Resolves once each was accepted or
 * refused. Deno's own `connect` cannot choose the source address; `node:net` can.
 */
export async function idleConnectionsFrom(
  door: Door,
  addresses: string[],
  perAddress: number,
): Promise<HeldConnections> {
  const { connect: netConnect } = await import("node:net");
  type Socket = ReturnType<typeof netConnect>;
  const sockets: Socket[] = [];
  await Promise.all(
    addresses.flatMap((localAddress) =>
      Array.from({ length: perAddress }, () =>
        new Promise<void>((resolve) => {
          const socket = netConnect({ host: "127.0.0.1", port: door.port, localAddress });
          sockets.push(socket);
          const settle = setTimeout(resolve, 5_000);
          const done = () => (clearTimeout(settle), resolve());
          // Connected, then maybe closed at once by a door's rule: give it a moment to say so.
          socket.on("connect", () => setTimeout(done, 200));
          socket.on("close", done);
          socket.on("error", () => {});
        }))
    ),
  );
  return {
    open: () => sockets.filter((socket) => !socket.destroyed && !socket.closed).length,
    close: () => sockets.forEach((socket) => socket.destroy()),
  };
}

/** Live viewers held open, to be closed by the caller. */
export interface LiveViewers {
  /** The status each viewer's stream was answered with (0: no answer), in order. */
  statuses: number[];
  /** Milliseconds from each request to its first byte of stream (or its refusal). */
  firstByteMs: number[];
  close(): Promise<void>;
}

/**
 * One live position stream (`/wallet/<address>/live`) per address of `addresses`, each from that
 * source address, over `wallets` in turn; each is read up to its first chunk, then held open
 * (unread) until `close`.
 */
export async function openLiveViewers(
  base: string,
  wallets: string[],
  addresses: string[],
): Promise<LiveViewers> {
  const clients: Deno.HttpClient[] = [];
  const bodies: ReadableStreamDefaultReader<Uint8Array>[] = [];
  const statuses: number[] = [];
  const firstByteMs: number[] = [];
  await Promise.all(addresses.map(async (localAddress, index) => {
    const client = Deno.createHttpClient({ localAddress, poolMaxIdlePerHost: 0 });
    clients.push(client);
    const started = performance.now();
    try {
      const response = await fetch(`${base}wallet/${wallets[index % wallets.length]}/live`, {
        client,
        signal: AbortSignal.timeout(30_000),
      } as RequestInit);
      statuses[index] = response.status;
      const reader = response.body!.getReader();
      bodies.push(reader);
      await reader.read();
    } catch {
      statuses[index] ??= 0;
    }
    firstByteMs[index] = performance.now() - started;
  }));
  return {
    statuses,
    firstByteMs,
    async close() {
      await Promise.all(bodies.map((reader) => reader.cancel().catch(() => {})));
      for (const client of clients) client.close();
    },
  };
}

/** A random wallet address, one the upstream has never seen. */
export function randomWallet(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  return `0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * `count` pages of distinct wallets requested at once from `base` (ending in `/`), each on its
 * own connection (from the source addresses `from` in turn, when given), each given `timeoutMs`;
 * how they were answered, by status (or error name).
 */
export async function distinctWalletPages(
  base: string,
  count: number,
  timeoutMs = 60_000,
  from: string[] = [],
): Promise<Record<string, number>> {
  const tally: Record<string, number> = {};
  const clients = (from.length ? from : [undefined]).map((localAddress) =>
    Deno.createHttpClient({ poolMaxIdlePerHost: 0, ...(localAddress ? { localAddress } : {}) })
  );
  await Promise.all(Array.from({ length: count }, async (_, index) => {
    let outcome: string;
    try {
      const response = await fetch(`${base}wallet/${randomWallet()}`, {
        client: clients[index % clients.length],
        signal: AbortSignal.timeout(timeoutMs),
      } as RequestInit);
      await response.body?.cancel();
      outcome = String(response.status);
    } catch (error) {
      outcome = (error as Error).name;
    }
    tally[outcome] = (tally[outcome] ?? 0) + 1;
  }));
  for (const client of clients) client.close();
  return tally;
}

/** Options of {@link flood}. */
export interface FloodOptions {
  /** Where the flood goes: the app's port, or the proxy's. */
  door: Door;
  /** Processes whose descriptors are counted (the app, and the proxy when there is one). */
  pids: number[];
  /** A URL a normal client fetches during and after, from 127.0.0.2 (another client). */
  normalUrl: string;
  bursts: number;
  /** Never-finishing connections per burst: a head begun, then silence. */
  burstSize: number;
  /** How long after a burst its descriptors are counted, its connections still open. */
  settleMs: number;
  /** Length of the reconnect flood after the bursts, and its concurrent reconnecting loops. */
  reconnectMs: number;
  reconnectLoops: number;
}

/** What a {@link flood} saw. */
export interface FloodReport {
  /** Descriptors of each watched process before the flood. */
  baseline: number[];
  /** ... and `settleMs` after each burst, with the burst's connections still held open. */
  afterBursts: number[][];
  /** ... and after the reconnect flood. */
  afterReconnects: number[];
  /** Connections of each burst that the door accepted. */
  opened: number[];
  /** Whether the normal client was answered 200 during each burst, during the reconnect flood,
   * and after everything. */
  answeredDuring: boolean[];
  answeredAfter: boolean;
  /** Why the normal client was not answered, each time it was not. */
  unanswered: string[];
  /** Connections made by the reconnect flood. */
  reconnects: number;
}

/** Runs bursts of never-finishing connections, then a reconnect flood, against `options.door`. */
export async function flood(options: FloodOptions): Promise<FloodReport> {
  const counts = () => options.pids.map(openFiles);
  const report: FloodReport = {
    baseline: counts(),
    afterBursts: [],
    afterReconnects: [],
    opened: [],
    answeredDuring: [],
    answeredAfter: false,
    unanswered: [],
    reconnects: 0,
  };
  // A new connection each time, as a visitor arriving during the flood makes: a kept-alive one
  // could be the one the door just closed for idling, a race that says nothing of the flood.
  const normal = Deno.createHttpClient({ localAddress: "127.0.0.2", poolMaxIdlePerHost: 0 });
  const answered = () =>
    fetch(options.normalUrl, { client: normal, signal: AbortSignal.timeout(10_000) } as RequestInit)
      .then(async (response) => {
        await response.body?.cancel();
        if (response.status !== 200) report.unanswered.push(`HTTP ${response.status}`);
        return response.status === 200;
      })
      .catch((error) => (report.unanswered.push(String(error?.cause ?? error)), false));
  const head = encoder.encode("GET /robots.txt HTTP/1.1\r\nHost: probe\r\n");
  for (let burst = 0; burst < options.bursts; burst++) {
    const held: Deno.Conn[] = [];
    await Promise.all(Array.from({ length: options.burstSize }, async () => {
      try {
        const conn = await connect(options.door);
        held.push(conn);
        await conn.write(head);
      } catch { /* refused or reset: the door's choice */ }
    }));
    report.opened.push(held.length);
    report.answeredDuring.push(await answered());
    await new Promise((resolve) => setTimeout(resolve, options.settleMs));
    report.afterBursts.push(counts());
    for (const conn of held) closeQuietly(conn);
  }
  const stopAt = performance.now() + options.reconnectMs;
  const loops = Array.from({ length: options.reconnectLoops }, async () => {
    while (performance.now() < stopAt) {
      try {
        const conn = await connect(options.door);
        report.reconnects++;
        await conn.write(head).catch(() => 0);
        closeQuietly(conn);
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
  });
  await new Promise((resolve) => setTimeout(resolve, options.reconnectMs / 2));
  report.answeredDuring.push(await answered());
  await Promise.all(loops);
  await new Promise((resolve) => setTimeout(resolve, options.settleMs));
  report.afterReconnects = counts();
  report.answeredAfter = await answered();
  normal.close();
  return report;
}

/** Tool calls one client key made through several servers at once, by how they were answered. */
export interface HammerTally {
  allowed: number;
  limited: number;
  unavailable: number;
}

/**
 * `clientsEach` concurrent clients per server URL call a tool as fast as they are answered
 * for `durationMs` (or until `untilLimited` calls were refused by the limit), all from 127.0.0.1
 * (one client key); counts the calls allowed (whatever the tool then answered), refused by the
 * limit (429) and refused by its store (503).
 */
export async function hammerToolCalls(
  urls: string[],
  options: { clientsEach: number; durationMs: number; untilLimited?: number },
): Promise<HammerTally> {
  const tally: HammerTally = { allowed: 0, limited: 0, unavailable: 0 };
  const stopAt = performance.now() + options.durationMs;
  const client = async (url: string) => {
    while (performance.now() < stopAt && tally.limited < (options.untilLimited ?? Infinity)) {
      const response = await fetch(`${url}api/tools/get_protocol_overview`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      const { error } = await response.json();
      if (error === "rate_limited") tally.limited++;
      else if (error === "rate_limit_unavailable") tally.unavailable++;
      else tally.allowed++;
    }
  };
  await Promise.all(
    urls.flatMap((url) => Array.from({ length: options.clientsEach }, () => client(url))),
  );
  return tally;
}
