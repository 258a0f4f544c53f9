import assert from "node:assert/strict";
import { kvConfigured, openSharedKv } from "./kv.ts";

Deno.test("KV is used on Deno Deploy or when KV_PATH names a file, not otherwise", () => {
  const env = (vars: Record<string, string>) => ({ get: (name: string) => vars[name] });
  assert.equal(kvConfigured(env({})), false);
  assert.equal(kvConfigured(env({ KV_PATH: "  " })), false);
  assert.equal(kvConfigured(env({ KV_PATH: "./explorer.kv" })), true);
  assert.equal(kvConfigured(env({ DENO_DEPLOYMENT_ID: "abc" })), true);
});

Deno.test("one KV handle per path is shared by every caller of the process", async () => {
  const path = await Deno.makeTempFile({ suffix: ".kv" });
  try {
    const first = openSharedKv(path);
    assert.equal(openSharedKv(path), first);
    const kv = await first;
    await kv.set(["shared"], 1);
    assert.equal((await (await openSharedKv(path)).get(["shared"])).value, 1);
  } finally {
    (await openSharedKv(path)).close();
    await Deno.remove(path);
  }
});
