import assert from "node:assert/strict";
import { retryLocked } from "./retry.ts";

Deno.test("a locked KV file is tried again, a bounded number of times; other errors go straight up", async () => {
  const waits: number[] = [];
  const wait = (ms: number) => (waits.push(ms), Promise.resolve());
  let calls = 0;
  const locked = () => new TypeError("database is locked");
  assert.equal(
    await retryLocked(() => (++calls < 4 ? Promise.reject(locked()) : Promise.resolve("ok")), wait),
    "ok",
  );
  assert.deepEqual([calls, waits.length], [4, 3]);
  assert.ok(waits.every((ms) => ms >= 0 && ms <= 50));

  calls = 0;
  await assert.rejects(retryLocked(() => (++calls, Promise.reject(locked())), wait), /locked/);
  assert.equal(calls, 12);

  calls = 0;
  await assert.rejects(
    retryLocked(() => (++calls, Promise.reject(new RangeError("value too large"))), wait),
    RangeError,
  );
  assert.equal(calls, 1);
});
