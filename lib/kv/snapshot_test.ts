import assert from "node:assert/strict";
import { createLease } from "./lease.ts";
import { createKvSnapshotStore, SNAPSHOT_CHUNK_BYTES } from "./snapshot.ts";
import { kvChild } from "../../tests/support/kv_child.ts";

const PREFIX = ["at_risk_board", "v1"];

/** A board of `wallets` wallets, two positions each, figures as bigints: far over 64 KiB. */
function board(wallets: number, seed = 0) {
  return {
    refreshedAt: 1_791_896_854_000 + seed,
    wallets: Array.from({ length: wallets }, (_, i) => ({
      address: `0x${(i + seed).toString(16).padStart(40, "0")}`,
      name: i % 7 === 0 ? `trader "${i}" <b>` : null,
      positions: [0, 1].map((k) => ({
        id: `${i * 2 + k}`,
        entryRaw: 830_655n + BigInt(i),
        marginWad: 10n ** 20n + BigInt(k),
        bustRaw: -5n,
      })),
    })),
  };
}

Deno.test("a board far over 64 KiB is written in chunks and read back whole, with its coverage and age", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    let clock = 50_000;
    const store = createKvSnapshotStore<
      ReturnType<typeof board>,
      { covered: number; known: number }
    >(
      { kv, prefix: PREFIX, now: () => clock },
    );
    assert.equal(await store.read(), null);
    const value = board(5_000);
    const written = await store.write(value, { covered: 4_870, known: 5_000 });
    assert.ok(written.ok);
    assert.ok(written.bytes > 10 * 64 * 1024, `${written.bytes} bytes`);
    assert.equal(written.chunks, Math.ceil(written.bytes / SNAPSHOT_CHUNK_BYTES));
    clock += 12_345;
    const read = await store.read();
    assert.deepEqual(read?.value, value, "bigints, nulls and strings exactly as written");
    assert.deepEqual(read?.meta, { covered: 4_870, known: 5_000 });
    assert.deepEqual([read?.writtenAt, read?.ageMs], [50_000, 12_345]);
    // A second instance (its own store over the same KV) reads the same.
    const other = createKvSnapshotStore({ kv, prefix: PREFIX, now: () => clock });
    assert.deepEqual((await other.read())?.value, value);
    // A reader holding the current one is told so without reading it again; a new one is read.
    assert.equal(await other.readIfChanged(read!.id), "unchanged");
    await store.write(board(3, 9), { covered: 3, known: 3 });
    const changed = await other.readIfChanged(read!.id);
    assert.ok(changed !== null && changed !== "unchanged");
    assert.deepEqual(changed.value, board(3, 9));
  } finally {
    kv.close();
  }
});

Deno.test("a writer whose lease was taken over changes nothing; a snapshot missing a chunk is not served", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    let clock = 0;
    const now = () => clock;
    const store = createKvSnapshotStore<ReturnType<typeof board>>({ kv, prefix: PREFIX, now });
    const a = createLease({ kv, key: ["lease"], holder: "a", ttlMs: 1_000, now });
    const b = createLease({ kv, key: ["lease"], holder: "b", ttlMs: 1_000, now });
    await a.tick();
    const aFence = a.fence();
    assert.ok((await store.write(board(10, 1), null, { fence: aFence })).ok);
    clock = 1_000;
    await b.tick();
    assert.ok((await store.write(board(10, 2), null, { fence: b.fence() })).ok);
    const late = await store.write(board(3_000, 3), null, { fence: aFence });
    assert.equal(late.ok, false, "a's fence no longer holds");
    assert.equal((await store.read())?.value.refreshedAt, board(10, 2).refreshedAt);
    let chunkKeys = 0;
    for await (const _ of kv.list({ prefix: [...PREFIX, "chunk"] })) chunkKeys++;
    assert.equal(chunkKeys, 1, "a's refused chunks and the replaced snapshot's were dropped");

    for await (const entry of kv.list({ prefix: [...PREFIX, "chunk"] }, { reverse: true })) {
      await kv.delete(entry.key); // the current snapshot's only chunk lapses early
      break;
    }
    assert.equal(await store.read(), null, "no half snapshot");
  } finally {
    kv.close();
  }
});

Deno.test("a board written by one process is read whole by another on the same KV file", async () => {
  const path = await Deno.makeTempFile({ suffix: ".kv" });
  const child = kvChild<{ ok: boolean; chunks: number }>(`
    import { createKvSnapshotStore } from ${
    JSON.stringify(new URL("./snapshot.ts", import.meta.url).href)
  };
    const kv = await Deno.openKv(${JSON.stringify(path)});
    const store = createKvSnapshotStore({ kv, prefix: ${JSON.stringify(PREFIX)} });
    const wallets = Array.from({ length: 3000 }, (_, i) => ({ i, margin: 10n ** 20n + BigInt(i) }));
    const { ok, chunks } = await store.write({ wallets }, { covered: 3000 });
    console.log(JSON.stringify({ ok, chunks }));`);
  try {
    const written = await child.until(() => true);
    assert.equal(written.ok, true);
    assert.ok(written.chunks > 1);
    await child.exited;
    const kv = await Deno.openKv(path);
    const read = await createKvSnapshotStore<{ wallets: { i: number; margin: bigint }[] }>({
      kv,
      prefix: PREFIX,
    }).read();
    kv.close();
    assert.equal(read?.chunks, written.chunks);
    assert.deepEqual(read?.meta, { covered: 3000 });
    assert.equal(read?.value.wallets.length, 3000);
    assert.equal(read?.value.wallets[2999].margin, 10n ** 20n + 2999n);
  } finally {
    child.kill("SIGKILL");
    await child.exited;
    await Deno.remove(path).catch(() => {});
  }
});
