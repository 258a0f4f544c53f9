/**
 * Local entry. With `--demo` (the `demo` and `dev` tasks) it starts the replay upstream in the
 * same process and points the explorer at it, so everything runs offline on loopback.
 */
import { createDeps } from "./lib/boot.ts";
import { createApp } from "./app.tsx";
import { startReplayUpstream } from "./fixtures/replay.ts";
import { catalog } from "./fixtures/mod.ts";
import { configOrExit, startServer } from "./lib/start.ts";

const demo = Deno.args.includes("--demo");
let config = configOrExit();
let now = Date.now;
if (demo) {
  // The fixtures describe one moment (catalog.baseTimeMs); the demo clock starts there and
  // runs, so ages, deadlines and session-key expiries read as they would have live.
  const startedAt = Date.now();
  now = () => catalog.baseTimeMs + (Date.now() - startedAt);
  // Moving marks and periodic stream patches make live pages visibly change in the demo.
  const upstream = await startReplayUpstream({
    port: 0,
    now,
    heartbeatMs: 5000,
    patchEveryMs: 4000,
  });
  config = {
    ...config,
    papertradeApiUrl: upstream.apiUrl,
    rpcUrl: upstream.rpcUrl,
    fallbackRpcUrl: upstream.fallbackRpcUrl,
  };
  console.log(`replay upstream: ${upstream.origin}`);
}
await startServer({
  config,
  label: `Papertrade Explorer${demo ? " (offline demo)" : ""}`,
  createHandler: (settled) => createApp(createDeps(settled, { now })).fetch,
});
