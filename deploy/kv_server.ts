/**
 * A Deno KV server for explorers on several machines: one SQLite KV file served with Deno's KV
 * Connect protocol (version 2: JSON metadata, then protobuf reads and atomic writes), behind a
 * token. Explorers run with `KV_PATH=http://<host>:<port>` and `DENO_KV_ACCESS_TOKEN=<token>`.
 *
 *   KV_SERVER_TOKEN=<token> deno run -A --unstable-kv deploy/kv_server.ts /data/explorer.kv [port]
 *
 * Keys and values pass through as encoded: a key as one byte-string part (byte order, as the
 * protocol's ranges need), a value with its encoding, 64-bit counters as `Deno.KvU64` so sum,
 * min and max stay atomic; checks and versionstamps are the file's own. No queues or watches.
 */
import protobuf from "protobufjs";

// Deno's KV Connect messages (denoland/denokv, proto/schema/datapath.proto), the fields served.
const schema = protobuf.parse(`syntax = "proto3";
message ReadRange { bytes start = 1; bytes end = 2; int32 limit = 3; bool reverse = 4; }
message SnapshotRead { repeated ReadRange ranges = 1; }
message KvEntry { bytes key = 1; bytes value = 2; int32 encoding = 3; bytes versionstamp = 4; }
message ReadRangeOutput { repeated KvEntry values = 1; }
message SnapshotReadOutput {
  repeated ReadRangeOutput ranges = 1;
  bool readIsStronglyConsistent = 4;
  int32 status = 8;
}
message KvValue { bytes data = 1; int32 encoding = 2; }
message Check { bytes key = 1; bytes versionstamp = 2; }
message Mutation { bytes key = 1; KvValue value = 2; int32 mutationType = 3; int64 expireAtMs = 4; }
message AtomicWrite {
  repeated Check checks = 1;
  repeated Mutation mutations = 2;
  repeated bytes enqueues = 3;
}
message AtomicWriteOutput {
  int32 status = 1;
  bytes versionstamp = 2;
  repeated uint32 failedChecks = 4;
}
`).root;
const type = (name: string) => schema.lookupType(name);
/** A request message as a plain object, every field present, 64-bit numbers as numbers. */
const decode = <T>(name: string, body: Uint8Array) =>
  type(name).toObject(type(name).decode(body), { defaults: true, longs: Number }) as T;
const [LE64, SUCCESS, CHECK_FAILURE] = [2, 1, 2];
const [SET, DELETE, SUM, MAX, MIN] = [1, 2, 3, 4, 5];

type Stored = { e: number; d: Uint8Array } | Deno.KvU64;
type ReadRange = { start: Uint8Array; end: Uint8Array; limit: number; reverse: boolean };
type Mutation = {
  key: Uint8Array;
  value?: { data: Uint8Array; encoding: number };
  mutationType: number;
  expireAtMs: number;
};
type AtomicWrite = {
  checks: { key: Uint8Array; versionstamp: Uint8Array }[];
  mutations: Mutation[];
  enqueues: Uint8Array[];
};
const le64 = (raw: Uint8Array) => new DataView(raw.buffer, raw.byteOffset, 8).getBigUint64(0, true);
function valueOf(stored: Stored): { value: Uint8Array; encoding: number } {
  if (!(stored instanceof Deno.KvU64)) return { value: stored.d, encoding: stored.e };
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, stored.value, true);
  return { value: out, encoding: LE64 };
}

/** Serves `kv` with KV Connect (default 127.0.0.1, any port) to requests bearing `token`. */
export function serveKvConnect(
  kv: Deno.Kv,
  { token, ...listen }: Deno.ServeTcpOptions & { token: string },
): Deno.HttpServer<Deno.NetAddr> {
  const databaseId = crypto.randomUUID();
  const proto = (name: string, message: object) =>
    new Response(new Uint8Array(type(name).encode(message).finish()), {
      headers: { "content-type": "application/x-protobuf" },
    });
  return Deno.serve({ hostname: "127.0.0.1", port: 0, ...listen }, async (req) => {
    if (req.headers.get("authorization") !== `Bearer ${token}`) {
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
        token,
        expiresAt,
      });
    }
    const body = new Uint8Array(await req.arrayBuffer());
    if (path === "/v2/snapshot_read") {
      const ranges = [];
      for (const range of decode<{ ranges: ReadRange[] }>("SnapshotRead", body).ranges) {
        const values = [];
        if (range.start.toHex() < range.end.toHex()) {
          const listed = kv.list<Stored>({ start: [range.start], end: [range.end] }, {
            limit: range.limit,
            reverse: range.reverse,
          });
          for await (const entry of listed) {
            values.push({
              key: entry.key[0],
              ...valueOf(entry.value),
              versionstamp: Uint8Array.fromHex(entry.versionstamp),
            });
          }
        }
        ranges.push({ values });
      }
      return proto("SnapshotReadOutput", {
        ranges,
        readIsStronglyConsistent: true,
        status: SUCCESS,
      });
    }
    if (path === "/v2/atomic_write") {
      const write = decode<AtomicWrite>("AtomicWrite", body);
      if (write.enqueues.length > 0) {
        return new Response("queues are not served\n", { status: 400 });
      }
      const op = kv.atomic();
      for (const check of write.checks) {
        op.check({
          key: [check.key],
          versionstamp: check.versionstamp.length ? check.versionstamp.toHex() : null,
        });
      }
      for (const m of write.mutations) {
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
      return proto(
        "AtomicWriteOutput",
        result.ok
          ? { status: SUCCESS, versionstamp: Uint8Array.fromHex(result.versionstamp) }
          : { status: CHECK_FAILURE },
      );
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
