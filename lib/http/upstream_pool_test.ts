import assert from "node:assert/strict";
import { serveGuarded } from "./connection_guard.ts";
import { POOL_MAX_IDLE_PER_HOST, upstreamFetch } from "./upstream_pool.ts";

Deno.test("the upstream pool keeps at most a few idle connections per host after a burst", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  // The guard counts the connections held open from the server's side.
  const release = Promise.withResolvers<void>();
  const server = await serveGuarded(async () => {
    await release.promise;
    return new Response("ok");
  }, { listener, sweepEveryMs: 3_600_000 });
  try {
    const url = `http://127.0.0.1:${listener.addr.port}/`;
    const burst = Array.from({ length: 40 }, () => upstreamFetch(url).then((r) => r.text()));
    while (server.connections < 40) await new Promise((resolve) => setTimeout(resolve, 5));
    release.resolve();
    await Promise.all(burst);
    // Connections past the idle limit are closed by the client once their answer is read.
    for (let turn = 0; turn < 200 && server.connections > POOL_MAX_IDLE_PER_HOST; turn++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.ok(server.connections <= POOL_MAX_IDLE_PER_HOST, `${server.connections} still open`);
  } finally {
    await server.shutdown();
  }
});
