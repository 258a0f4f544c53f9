import * as assert from "node:assert/strict";
import { Parts } from "./parts.ts";
import { PapertradeApiError } from "./papertrade/mod.ts";

const down = () =>
  new PapertradeApiError("/state/trading answered 503", {
    endpoint: "/state/trading",
    kind: "http",
    status: 503,
  });

Deno.test("a read that fails upstream, rejected or thrown at once, is a named missing part", async () => {
  const parts = new Parts();
  assert.equal(await parts.read(Promise.reject(down()), "trading"), null);
  assert.equal(
    await parts.read(() => {
      throw down();
    }, "state"),
    null,
  );
  assert.deepEqual(parts.unavailable.map((u) => [u.part, u.endpoint]), [
    ["trading", "/state/trading"],
    ["state", "/state/trading"],
  ]);
  assert.match(parts.unavailable[0].reason, /503/);
});

Deno.test("a read's value comes back, and a fault of our own is not absorbed", async () => {
  const parts = new Parts();
  assert.equal(await parts.read(() => Promise.resolve(7)), 7);
  await assert.rejects(parts.read(() => Promise.reject(new TypeError("bug"))), TypeError);
  await assert.rejects(
    parts.read(() => {
      throw new RangeError("bug");
    }),
    RangeError,
  );
  assert.deepEqual(parts.unavailable, []);
});

Deno.test("the same part and endpoint are named once", async () => {
  const parts = new Parts();
  await parts.read(Promise.reject(down()), "trading");
  await parts.read(Promise.reject(down()), "trading");
  assert.equal(parts.unavailable.length, 1);
});
