import assert from "node:assert/strict";
import { createLease, type LeaseRow, type LeaseStatus } from "./lease.ts";
import { kvChild } from "../../tests/support/kv_child.ts";

const KEY = ["lease", "at-risk board"];

Deno.test("one holder at a time: renewed by its holder, taken over once it expires, the old holder fenced out", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    let clock = 1_000_000;
    const now = () => clock;
    const a = createLease({ kv, key: KEY, holder: "a", ttlMs: 10_000, now });
    const b = createLease({ kv, key: KEY, holder: "b", ttlMs: 10_000, now });
    assert.deepEqual(await a.tick(), {
      held: true,
      term: 1,
      expiresAt: 1_010_000,
      takenOver: true,
    });
    const aFence = a.fence()!;
    assert.deepEqual(await b.tick(), { held: false, holder: "a", expiresAt: 1_010_000 });
    assert.equal(b.fence(), null);

    clock += 9_000; // a renews before it lapses: same term, later expiry
    assert.deepEqual(await a.tick(), {
      held: true,
      term: 1,
      expiresAt: 1_019_000,
      takenOver: false,
    });
    clock += 9_999;
    assert.equal((await b.tick()).held, false, "not taken a millisecond before it lapses");

    clock += 1; // a stopped renewing: b takes over
    assert.equal(a.fence(), null, "a knows its own lease lapsed");
    assert.deepEqual(await b.tick(), {
      held: true,
      term: 2,
      expiresAt: 1_029_000,
      takenOver: true,
    });
    assert.deepEqual(await a.tick(), { held: false, holder: "b", expiresAt: 1_029_000 });

    // A write fenced by a's old lease fails; b's goes through.
    const stale = await kv.atomic().check(aFence).set(["board"], "a's").commit();
    assert.equal(stale.ok, false);
    const fresh = await kv.atomic().check(b.fence()!).set(["board"], "b's").commit();
    assert.equal(fresh.ok, true);
    assert.equal((await kv.get(["board"])).value, "b's");
  } finally {
    kv.close();
  }
});

Deno.test("of many instances asking at once for a free lease, exactly one gets it", async () => {
  const kv = await Deno.openKv(":memory:");
  try {
    const leases = Array.from(
      { length: 8 },
      (_, i) => createLease({ kv, key: KEY, holder: `i${i}`, ttlMs: 5_000, now: () => 0 }),
    );
    const statuses = await Promise.all(leases.map((lease) => lease.tick()));
    const holders = statuses.filter((status) => status.held);
    assert.equal(holders.length, 1);
    const row = (await kv.get<LeaseRow>(KEY)).value;
    assert.equal(row?.term, 1);
    for (const status of statuses.filter((s) => !s.held)) {
      assert.deepEqual(status, { held: false, holder: row!.holder, expiresAt: 5_000 });
    }
  } finally {
    kv.close();
  }
});

/** A child's tick: its clock just before and just after it. */
type Tick = LeaseStatus & { at: number; after: number };

Deno.test("two processes on one KV file: the holder killed with kill -9, the other takes over at its first try after the lease lapses", async () => {
  const path = await Deno.makeTempFile({ suffix: ".kv" });
  const ttlMs = 1_500;
  const program = (holder: string) => `
    import { createLease } from ${JSON.stringify(new URL("./lease.ts", import.meta.url).href)};
    const kv = await Deno.openKv(${JSON.stringify(path)});
    const lease = createLease({ kv, key: ${
    JSON.stringify(KEY)
  }, holder: "${holder}", ttlMs: ${ttlMs} });
    while (true) {
      const at = Date.now();
      const status = await lease.tick();
      console.log(JSON.stringify({ at, after: Date.now(), ...status }));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }`;
  const a = kvChild<Tick>(program("a"));
  let b: ReturnType<typeof kvChild<Tick>> | undefined;
  try {
    await a.until((tick) => tick.held);
    b = kvChild<Tick>(program("b"));
    await b.until((tick) => !tick.held && tick.holder === "a");
    a.kill("SIGKILL");
    await a.exited;
    const kv = await Deno.openKv(path);
    const lapsed = (await kv.get<{ holder: string; expiresAt: number; term: number }>(KEY)).value!;
    kv.close();
    assert.equal(lapsed.holder, "a");
    const taken = await b.until((tick) => tick.held);
    assert.deepEqual(
      [taken.held && taken.takenOver, taken.held && taken.term],
      [true, lapsed.term + 1],
    );
    assert.ok(taken.after >= lapsed.expiresAt, "not before a's lease lapsed");
    const refused = b.lines.filter((tick) => !tick.held);
    assert.ok(refused.length > 0);
    for (const tick of refused) {
      assert.ok(tick.at < lapsed.expiresAt, `refused at ${tick.at}, after the lapse`);
    }
  } finally {
    a.kill("SIGKILL");
    b?.kill("SIGKILL");
    await a.exited;
    await b?.exited;
    await Deno.remove(path).catch(() => {});
  }
});
