/**
 * One shared snapshot in Deno KV (the at-risk board, say): one instance writes it, every instance
 * reads it back with its writer's meta and its age. Its JSON (bigints exact) may be far over
 * KV's 64 KiB value limit, so it is cut into chunks under `[...prefix, "chunk", id, i]`; then
 * one atomic operation, carrying the writer's lease fence if any, points `[...prefix, "current"]`
 * at the new id. A reader sees one whole snapshot or the whole one before; a writer that lost
 * its lease changes nothing. Everything expires `keepMs` after writing; a reader that finds a
 * chunk gone reads the pointer again.
 */
import { retryLocked } from "./retry.ts";

/** Bytes of JSON per chunk: under the 64 KiB value limit with room for the key. */
export const SNAPSHOT_CHUNK_BYTES = 60_000;
/** Most chunks of one snapshot (one atomic operation deletes them all): about 60 MB. */
const MAX_CHUNKS = 1_000;
/** Chunks per atomic write: within KV's 800 KiB per atomic operation. */
const CHUNKS_PER_WRITE = 10;
/** Deletes per atomic operation (KV allows 1,000 mutations). */
const DELETES_PER_WRITE = 500;

/** The pointer to the current snapshot, and what its writer said about it. */
interface Pointer<M> {
  id: string;
  chunks: number;
  bytes: number;
  writtenAt: number;
  meta: M;
}

/** A snapshot read back. */
export interface StoredSnapshot<T, M> {
  /** Unique per write: a reader that holds this one need not read it again. */
  id: string;
  value: T;
  meta: M;
  /** When it was written (ms, the writer's clock) and how old it is on the reader's. */
  writtenAt: number;
  ageMs: number;
  /** Its size as JSON, and in how many chunks. */
  bytes: number;
  chunks: number;
}

/** A store of one snapshot under `prefix`, each kept `keepMs` (default 1 hour). */
export function createKvSnapshotStore<T, M = unknown>(
  options: { kv: Deno.Kv; prefix: Deno.KvKey; keepMs?: number; now?: () => number },
) {
  const { kv, prefix } = options;
  const keepMs = options.keepMs ?? 60 * 60_000;
  const now = options.now ?? Date.now;
  const current = [...prefix, "current"];
  const chunkKey = (id: string, index: number) => [...prefix, "chunk", id, index];

  async function readOnce(
    held: string | null = null,
  ): Promise<StoredSnapshot<T, M> | null | "moved" | "unchanged"> {
    const pointer = (await kv.get<Pointer<M>>(current)).value;
    if (pointer === null) return null;
    if (pointer.id === held) return "unchanged";
    const parts: Uint8Array<ArrayBuffer>[] = [];
    const listed = kv.list<Uint8Array<ArrayBuffer>>({ prefix: [...prefix, "chunk", pointer.id] }, {
      limit: pointer.chunks,
      batchSize: Math.min(pointer.chunks, 1_000),
    });
    for await (const entry of listed) parts.push(entry.value);
    if (parts.length !== pointer.chunks) return "moved";
    return {
      id: pointer.id,
      value: decode(await new Blob(parts).text()) as T,
      meta: pointer.meta,
      writtenAt: pointer.writtenAt,
      ageMs: now() - pointer.writtenAt,
      bytes: pointer.bytes,
      chunks: pointer.chunks,
    };
  }

  return {
    /**
     * Writes `value` and makes it current; with `fence`, only while that check holds (else
     * `ok: false`, the current snapshot unchanged).
     */
    async write(value: T, meta: M, { fence }: { fence?: Deno.AtomicCheck | null } = {}) {
      const bytes = encode(value);
      const chunks = Math.max(1, Math.ceil(bytes.length / SNAPSHOT_CHUNK_BYTES));
      if (chunks > MAX_CHUNKS) {
        throw new RangeError(`a snapshot of ${bytes.length} bytes is over ${MAX_CHUNKS} chunks`);
      }
      const id = `${now().toString().padStart(15, "0")}-${crypto.randomUUID()}`;
      for (let first = 0; first < chunks; first += CHUNKS_PER_WRITE) {
        await retryLocked(() => {
          const op = kv.atomic();
          for (let i = first; i < Math.min(chunks, first + CHUNKS_PER_WRITE); i++) {
            const part = bytes.subarray(i * SNAPSHOT_CHUNK_BYTES, (i + 1) * SNAPSHOT_CHUNK_BYTES);
            op.set(chunkKey(id, i), part, { expireIn: keepMs });
          }
          return op.commit();
        });
      }
      const pointer: Pointer<M> = { id, chunks, bytes: bytes.length, writtenAt: now(), meta };
      const before = await retryLocked(() => kv.get<Pointer<M>>(current));
      const { ok } = await retryLocked(() => {
        const op = kv.atomic().check(before);
        if (fence) op.check(fence);
        return op.set(current, pointer, { expireIn: keepMs }).commit();
      });
      // Fenced out, the chunks are nobody's; written, the replaced snapshot's are. Either way
      // they go now rather than at their expiry (a reader half-way through reads the pointer
      // again), so a writer every few seconds keeps one snapshot, not an hour of them.
      const drop = ok ? before.value : { id, chunks };
      if (drop !== null) await dropChunks(drop.id, drop.chunks).catch(() => {});
      return { ok, id, bytes: bytes.length, chunks };
    },
    /** The current snapshot, or null when none is kept. */
    read: () => readCurrent(null) as Promise<StoredSnapshot<T, M> | null>,
    /** The current snapshot, or "unchanged" (one small read) while it is still `held`. */
    readIfChanged: (held: string | null) => readCurrent(held),
  };

  async function readCurrent(held: string | null) {
    for (let tries = 0; tries < 3; tries++) {
      const found = await retryLocked(() => readOnce(held));
      if (found !== "moved") return found;
    }
    return null;
  }

  async function dropChunks(id: string, chunks: number) {
    for (let first = 0; first < chunks; first += DELETES_PER_WRITE) {
      await retryLocked(() => {
        const op = kv.atomic();
        for (let i = first; i < Math.min(chunks, first + DELETES_PER_WRITE); i++) {
          op.delete(chunkKey(id, i));
        }
        return op.commit();
      });
    }
  }
}

/** Bigints travel as `{"$bigint": "digits"}`, so figures stay exact. */
const BIGINT_TAG = "$bigint";

function encode(value: unknown): Uint8Array {
  const json = JSON.stringify(
    value,
    (_key, item) => (typeof item === "bigint" ? { [BIGINT_TAG]: item.toString() } : item),
  );
  if (json === undefined) throw new TypeError("a snapshot must be a JSON value");
  return new TextEncoder().encode(json);
}

function decode(json: string): unknown {
  return JSON.parse(json, (_key, item) => {
    if (item && typeof item === "object" && !Array.isArray(item)) {
      const keys = Object.keys(item);
      if (keys.length === 1 && keys[0] === BIGINT_TAG && typeof item[BIGINT_TAG] === "string") {
        return BigInt(item[BIGINT_TAG]);
      }
    }
    return item;
  });
}
