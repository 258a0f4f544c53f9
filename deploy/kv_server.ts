/**
 * A Deno KV server for explorers on several machines: one SQLite KV file served over HTTP with
 * Deno's KV Connect protocol (version 2: a JSON metadata exchange, then protobuf reads and atomic
 * writes), behind an access token. Each explorer runs with `KV_PATH=http://<host>:<port>` and
 * `DENO_KV_ACCESS_TOKEN=<token>`; `Deno.openKv` speaks the protocol itself.
 *
 *   KV_SERVER_TOKEN=<token> deno run -A --unstable-kv deploy/kv_server.ts /data/explorer.kv [port]
 *
 * Keys and values pass through as the client encoded them: each key is stored as one byte-string
 * key part (its order is the bytes' order, as the protocol's ranges need), each value with its
 * encoding, 64-bit counters as `Deno.KvU64` so sum, min and max stay atomic. Checks and
 * versionstamps are the file's own. Queues and watches are not served (the explorer uses neither).
 */
import protobuf from "protobufjs";

const bytes = (id: number) => ({ type: "bytes", id });
const schema = protobuf.Root.fromJSON({
  nested: {
    ReadRange: {
      fields: {
        start: bytes(1),
        end: bytes(2),
        limit: { type: "int32", id: 3 },
        reverse: { type: "bool", id: 4 },
      },
    },
    SnapshotRead: { fields: { ranges: { rule: "repeated", type: "ReadRange", id: 1 } } },
    KvEntry: {
      fields: {
        key: bytes(1),
        value: bytes(2),
        encoding: { type: "int32", id: 3 },
        versionstamp: bytes(4),
      },
    },
    ReadRangeOutput: { fields: { values: { rule: "repeated", type: "KvEntry", id: 1 } } },
    SnapshotReadOutput: {
      fields: {
        ranges: { rule: "repeated", type: "ReadRangeOutput", id: 1 },
        readIsStronglyConsistent: { type: "bool", id: 4 },
        status: { type: "int32", id: 8 },
      },
    },
    KvValue: { fields: { data: bytes(1), encoding: { type: "int32", id: 2 } } },
    Check: { fields: { key: bytes(1), versionstamp: bytes(2) } },
    Mutation: {
      fields: {
        key: bytes(1),
        value: { type: "KvValue", id: 2 },
        mutationType: { type: "int32", id: 3 },
        expireAtMs: { type: "int64", id: 4 },
      },
    },
    AtomicWrite: {
      fields: {
        checks: { rule: "repeated", type: "Check", id: 1 },
        mutations: { rule: "repeated", type: "Mutation", id: 2 },
        enqueues: { rule: "repeated", type: "bytes", id: 3 },
      },
    },
    AtomicWriteOutput: {
      fields: {
        status: { type: "int32", id: 1 },
        versionstamp: bytes(2),
        failedChecks: { rule: "repeated", type: "uint32", id: 4 },
      },
    },
  },
});
const type = (name: string) => schema.lookupType(name);
const [LE64, SUCCESS, CHECK_FAILURE] = [2, 1, 2];
const [SET, DELETE, SUM, MAX, MIN] = [1, 2, 3, 4, 5];

type Stored = { e: number; d: Uint8Array } | Deno.KvU64;
const hex = (raw: Uint8Array) => Array.from(raw, (b) => b.toString(16).padStart(2, "0")).join("");
const unhex = (text: string) => Uint8Array.from(text.match(/../g)!, (h) => parseInt(h, 16));
const le64 = (raw: Uint8Array) => new DataView(raw.buffer, raw.byteOffset, 8).getBigUint64(0, true);
function valueOf(stored: Stored): { value: Uint8Array; encoding: number } {
  if (!(stored instanceof Deno.KvU64)) return { value: stored.d, encoding: stored.e };
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, stored.value, true);
  return { value: out, encoding: LE64 };
}

/** Serves `kv` with KV Connect on `port` (0: any) of `hostname`, for requests bearing `token`. */
export function serveKvConnect(
  kv: Deno.Kv,
  options: {
    token: string;
    hostname?: string;
    port?: number;
    onListen?: (addr: Deno.NetAddr) => void;
  },
): Deno.HttpServer<Deno.NetAddr> {
  const databaseId = crypto.randomUUID();
  const proto = (message: Uint8Array) =>
    new Response(new Uint8Array(message), {
      headers: { "content-type": "application/x-protobuf" },
    });
  return Deno.serve({
    hostname: options.hostname ?? "127.0.0.1",
    port: options.port ?? 0,
    onListen: options.onListen,
  }, async (req) => {
    if (req.headers.get("authorization") !== `Bearer ${options.token}`) {
      return new Response("wrong or missing access token\n", { status: 401 });
    }
    const path = new URL(req.url).pathname;
    if (req.method !== "POST") return new Response("POST only\n", { status: 405 });
    if (path === "/") {
      const asked = await req.json().catch(() => ({ supportedVersions: [1] }));
      if (!asked?.supportedVersions?.includes(2)) {
        return new Response("version 2 only\n", { status: 400 });
      }
      const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
      return Response.json({
        version: 2,
        databaseId,
        endpoints: [{ url: "/v2", consistency: "strong" }],
        token: options.token,
        expiresAt,
      });
    }
    const body = new Uint8Array(await req.arrayBuffer());
    if (path === "/v2/snapshot_read") {
      const read = type("SnapshotRead").toObject(type("SnapshotRead").decode(body), {
        defaults: true,
      });
      const ranges = [];
      for (
        const range of read.ranges as Array<
          { start: Uint8Array; end: Uint8Array; limit: number; reverse: boolean }
        >
      ) {
        const values = [];
        if (hex(range.start) < hex(range.end)) {
          const listed = kv.list<Stored>({ start: [range.start], end: [range.end] }, {
            limit: range.limit,
            reverse: range.reverse,
          });
          for await (const entry of listed) {
            values.push({
              key: entry.key[0],
              ...valueOf(entry.value),
              versionstamp: unhex(entry.versionstamp),
            });
          }
        }
        ranges.push({ values });
      }
      return proto(
        type("SnapshotReadOutput").encode({
          ranges,
          readIsStronglyConsistent: true,
          status: SUCCESS,
        }).finish(),
      );
    }
    if (path === "/v2/atomic_write") {
      const write = type("AtomicWrite").toObject(type("AtomicWrite").decode(body), {
        defaults: true,
        longs: Number,
      });
      if (write.enqueues.length > 0) {
        return new Response("queues are not served\n", { status: 400 });
      }
      const op = kv.atomic();
      for (const check of write.checks as Array<{ key: Uint8Array; versionstamp: Uint8Array }>) {
        op.check({
          key: [check.key],
          versionstamp: check.versionstamp.length ? hex(check.versionstamp) : null,
        });
      }
      for (
        const m of write.mutations as Array<
          {
            key: Uint8Array;
            value?: { data: Uint8Array; encoding: number };
            mutationType: number;
            expireAtMs: number;
          }
        >
      ) {
        const key = [m.key];
        const data = m.value?.data ?? new Uint8Array();
        const encoding = m.value?.encoding ?? 0;
        if (m.mutationType === DELETE) op.delete(key);
        else if (m.mutationType === SET) {
          const stored: Stored = encoding === LE64
            ? new Deno.KvU64(le64(data))
            : { e: encoding, d: data };
          const expireIn = m.expireAtMs > 0 ? m.expireAtMs - Date.now() : undefined;
          if (expireIn !== undefined && expireIn <= 0) op.delete(key);
          else op.set(key, stored, { expireIn });
        } else if (encoding === LE64 && [SUM, MAX, MIN].includes(m.mutationType)) {
          const n = le64(data);
          if (m.mutationType === SUM) op.sum(key, n);
          else if (m.mutationType === MAX) op.max(key, n);
          else op.min(key, n);
        } else return new Response(`mutation ${m.mutationType} is not served\n`, { status: 400 });
      }
      const result = await op.commit();
      const output = result.ok
        ? { status: SUCCESS, versionstamp: unhex(result.versionstamp) }
        : { status: CHECK_FAILURE };
      return proto(type("AtomicWriteOutput").encode(output).finish());
    }
    return new Response("not found\n", { status: 404 });
  });
}

if (import.meta.main) {
  const [path, port] = Deno.args;
  const token = Deno.env.get("KV_SERVER_TOKEN");
  if (!path || !token) {
    console.error(
      "usage: KV_SERVER_TOKEN=<token> deno run -A --unstable-kv deploy/kv_server.ts <file.kv> [port]",
    );
    Deno.exit(2);
  }
  serveKvConnect(await Deno.openKv(path), {
    token,
    hostname: Deno.env.get("KV_SERVER_HOST") ?? "127.0.0.1",
    port: Number(port ?? 4512),
    onListen: ({ hostname, port }) => console.log(`KV Connect on http://${hostname}:${port}`),
  });
}
