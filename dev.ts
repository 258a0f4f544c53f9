/**
 * Local entry. With `--demo` (the `demo` and `dev` tasks) it starts the replay upstream in the
 * same process and points the explorer at it, so everything runs offline on loopback.
 */
import { createDeps } from "./lib/boot.ts";
import { createApp } from "./app.tsx";
import { configOrExit, startServer } from "./lib/start.ts";

const demo = Deno.args.includes("--demo");
let config = configOrExit();
if (demo) {
  // One clock: the demo's data is generated afresh with "now" at the wall clock (fixtures/_time.ts
  // reads FIXTURES_NOW_S when it loads, so the fixture modules are imported only after it is
  // set), and pages, headers, session-key expiries and ages all read the same time.
  Deno.env.set("FIXTURES_NOW_S", String(Math.floor(Date.now() / 1000)));
  const { generateFixtures } = await import("./fixtures/generate.ts");
  const { startReplayUpstream } = await import("./fixtures/replay.ts");
  const dataDir = await Deno.makeTempDir({ prefix: "papertrade-demo-" });
  for (const [path, text] of Object.entries(await generateFixtures())) {
    const file = `${dataDir}/${path.replace(/^data\//, "")}`;
    await Deno.writeTextFile(file, text);
  }
  Deno.addSignalListener("SIGINT", () => {
    Deno.removeSync(dataDir, { recursive: true });
    Deno.exit(130);
  });
  // Moving marks, periodic stream patches and an indexer that keeps up with the clock make live
  // pages visibly change in the demo.
  const upstream = await startReplayUpstream({
    port: 0,
    dataDir,
    heartbeatMs: 5000,
    patchEveryMs: 4000,
    followClock: true,
  });
  config = {
    ...config,
    papertradeApiUrl: upstream.apiUrl,
    rpcUrl: upstream.rpcUrl,
    fallbackRpcUrl: upstream.fallbackRpcUrl,
    hyperliquidInfoUrl: upstream.hyperliquidInfoUrl,
  };
  console.log(`replay upstream: ${upstream.origin}`);
}
startServer({
  config,
  label: `Papertrade Explorer${demo ? " (offline demo)" : ""}`,
  createHandler: (settled) => createApp(createDeps(settled)).fetch,
});
