import assert from "node:assert/strict";
import { createPngCache } from "./png_cache.ts";

Deno.test("a card is drawn once per content, concurrent requests share the drawing, and the oldest leaves first", async () => {
  const cache = createPngCache(2);
  let draws = 0;
  const draw = (byte: number) => () => {
    draws++;
    return Promise.resolve(new Uint8Array([byte]));
  };
  const [a, b] = await Promise.all([cache.get("a", draw(1)), cache.get("a", draw(9))]);
  assert.deepEqual([...a, ...b], [1, 1]);
  assert.equal(draws, 1);
  await cache.get("b", draw(2));
  await cache.get("a", draw(9)); // a is now the most recent
  await cache.get("c", draw(3)); // b leaves
  assert.deepEqual([...await cache.get("a", draw(9))], [1]);
  assert.deepEqual([...await cache.get("b", draw(4))], [4]);
  assert.equal(draws, 4);
});

Deno.test("a failed drawing is not kept", async () => {
  const cache = createPngCache();
  await assert.rejects(cache.get("x", () => Promise.reject(new Error("boom"))));
  assert.deepEqual([...await cache.get("x", () => Promise.resolve(new Uint8Array([7])))], [7]);
});
