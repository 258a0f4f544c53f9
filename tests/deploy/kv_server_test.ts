/**
 * `deploy/kv_server.ts`: Deno's own KV client (`Deno.openKv` with a KV Connect URL and an access
 * token, as an explorer on another machine opens `KV_PATH`) reads and writes the served file, and
 * two such clients see one database: the at-risk board's lease taken by one is seen, and refused,
 * by the other; and two explorer processes (`main.ts`) with `KV_PATH` at the server share the
 * at-risk board's lease and the market history through it. Loopback only; the server is stopped
 * by the test.
 */
import assert from "node:assert/strict";
import { serveKvConnect } from "../../deploy/kv_server.ts";
import { createLease } from "../../lib/kv/lease.ts";
import { LEASE_KEY } from "../../lib/at_risk/board_home.ts";
import { pageViewers, startDeployment, startReplayProcess } from "../../bench/processes.ts";

Deno.test("the KV Connect server shares one KV file between clients, with checks, ranges and counters", async () => {
  const path = await Deno.makeTempFile({ suffix: ".kv" });
  const file = await Deno.openKv(path);
  const token = crypto.randomUUID();
  const server = serveKvConnect(file, { token, onListen: () => {} });
  const url = `http://127.0.0.1:${server.addr.port}`;
  Deno.env.set("DENO_KV_ACCESS_TOKEN", token);
  const one = await Deno.openKv(url);
  const two = await Deno.openKv(url);
  try {
    // One client's lease is the other's: the second is refused while it holds.
    const a = createLease({ kv: one, key: LEASE_KEY, ttlMs: 30_000, holder: "machine a" });
    const b = createLease({ kv: two, key: LEASE_KEY, ttlMs: 30_000, holder: "machine b" });
    assert.equal((await a.tick()).held, true);
    const refused = await b.tick();
    assert.equal(refused.held, false);
    assert.equal(refused.held === false && refused.holder, "machine a");
    assert.equal((await two.get<{ holder: string }>(LEASE_KEY)).value?.holder, "machine a");
    const later = () => Date.now() + 30_001;
    const c = createLease({
      kv: two,
      key: LEASE_KEY,
      ttlMs: 30_000,
      holder: "machine b",
      now: later,
    });
    assert.equal((await c.tick()).held, true, "taken over once expired");

    // Values as written, in Deno KV's key order (strings before numbers); a check on a stale
    // versionstamp fails.
    await one.set(["k", 2], { n: 2n, at: new Date(0) });
    await one.set(["k", 1], "one");
    await one.set(["k", "x"], new Uint8Array([0, 255]));
    const listed = await Array.fromAsync(two.list({ prefix: ["k"] }));
    assert.deepEqual(listed.map((e) => e.key), [["k", "x"], ["k", 1], ["k", 2]]);
    assert.deepEqual(listed[2].value, { n: 2n, at: new Date(0) });
    assert.deepEqual(listed[0].value, new Uint8Array([0, 255]));
    const reversed = await Array.fromAsync(
      two.list({ prefix: ["k"] }, { reverse: true, limit: 1 }),
    );
    assert.deepEqual(reversed.map((e) => e.key), [["k", 2]]);
    const seen = await two.get(["k", 1]);
    await one.set(["k", 1], "changed");
    assert.equal((await two.atomic().check(seen).set(["k", 1], "late").commit()).ok, false);
    assert.equal((await two.get(["k", 1])).value, "changed");
    await two.delete(["k", 1]);
    assert.equal((await one.get(["k", 1])).value, null);

    // Counters add up atomically.
    await one.atomic().sum(["count"], 2n).commit();
    await two.atomic().sum(["count"], 3n).commit();
    assert.equal((await one.get<Deno.KvU64>(["count"])).value?.value, 5n);
  } finally {
    one.close();
    two.close();
    await server.shutdown();
    file.close();
    Deno.env.delete("DENO_KV_ACCESS_TOKEN");
    await Deno.remove(path).catch(() => {});
  }
});

Deno.test("the KV Connect server refuses a wrong access token", async () => {
  const path = await Deno.makeTempFile({ suffix: ".kv" });
  const file = await Deno.openKv(path);
  const server = serveKvConnect(file, { token: "right", onListen: () => {} });
  try {
    const answer = await fetch(`http://127.0.0.1:${server.addr.port}/`, {
      method: "POST",
      headers: { authorization: "Bearer wrong" },
      body: JSON.stringify({ supportedVersions: [2] }),
    });
    assert.equal(answer.status, 401);
    await answer.body?.cancel();
  } finally {
    await server.shutdown();
    file.close();
    await Deno.remove(path).catch(() => {});
  }
});

Deno.test("two explorer processes with KV_PATH at the KV Connect server share the board and the market history", async () => {
  const path = await Deno.makeTempFile({ suffix: ".kv" });
  const file = await Deno.openKv(path);
  const token = crypto.randomUUID();
  const server = serveKvConnect(file, { token, onListen: () => {} });
  const url = `http://127.0.0.1:${server.addr.port}`;
  const replay = await startReplayProcess();
  try {
    const d = await startDeployment({
      processes: 2,
      replay,
      env: { KV_PATH: url, DENO_KV_ACCESS_TOKEN: token },
    });
    try {
      for (const path of ["/at-risk", "/markets/BTC"]) {
        const seen = await pageViewers({
          urls: d.urls,
          path,
          viewers: 2,
          everyMs: 1_000,
          durationMs: 3_000,
        });
        assert.deepEqual(Object.keys(seen.statuses), ["200"], path);
      }
      Deno.env.set("DENO_KV_ACCESS_TOKEN", token);
      const kv = await Deno.openKv(url);
      try {
        const lease = (await kv.get<{ holder: string }>(LEASE_KEY)).value;
        assert.ok(lease !== null, "the board's lease is in the served KV");
        assert.ok(
          d.processes.some((p) => lease.holder.startsWith(`pid ${p.pid} `)),
          `held by one of the two (${lease.holder})`,
        );
        const board = await Array.fromAsync(kv.list({ prefix: ["at_risk", "board"] }));
        assert.ok(board.length > 0, "the board written there");
        const history = await Array.fromAsync(kv.list({ prefix: ["market_history", "v1"] }));
        assert.ok(history.length > 0, "the market history written there");
      } finally {
        kv.close();
        Deno.env.delete("DENO_KV_ACCESS_TOKEN");
      }
    } finally {
      await d.close();
    }
  } finally {
    await replay.stop();
    await server.shutdown();
    file.close();
    await Deno.remove(path).catch(() => {});
  }
});
