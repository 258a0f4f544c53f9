/**
 * The replay upstream as a process of its own, for `bench/processes.ts`: with
 * `REPLAY_DEMO_CLOCK=1` its data is generated afresh with "now" at the wall clock and served
 * following the clock, as the demo does (`dev.ts`: `FIXTURES_NOW_S` is set by the parent before
 * this process loads the fixtures); otherwise the committed data. It is reached through a
 * counting door (below), unless `REPLAY_UNCOUNTED=1`. Prints its URLs as one JSON line, and stops (removing its data) on
 * SIGTERM.
 */
const demoClock = Deno.env.get("REPLAY_DEMO_CLOCK") === "1";
const { startReplayUpstream } = await import("../fixtures/replay.ts");
let dataDir: string | undefined;
if (demoClock) {
  const { generateFixtures } = await import("../fixtures/generate.ts");
  dataDir = await Deno.makeTempDir({ prefix: "papertrade-replay-" });
  for (const [path, text] of Object.entries(await generateFixtures())) {
    await Deno.writeTextFile(`${dataDir}/${path.replace(/^data\//, "")}`, text);
  }
}
const number = (name: string) => {
  const raw = Deno.env.get(name);
  return raw ? Number(raw) : undefined;
};
const upstream = await startReplayUpstream({
  port: 0,
  dataDir,
  heartbeatMs: number("REPLAY_HEARTBEAT_MS") ?? 5_000,
  patchEveryMs: number("REPLAY_PATCH_MS"),
  followClock: demoClock,
  syntheticWallets: number("REPLAY_SYNTHETIC_WALLETS"),
});
Deno.addSignalListener("SIGTERM", async () => {
  await door.shutdown();
  await upstream.close();
  if (dataDir) await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  Deno.exit(0);
});

// A counting door in front of the replay: every request passes through as it is, counted by
// what it reads (the path with any wallet as {wallet}; JSON-RPC by method, `eth_call` by target;
// `/info` by type), served at GET /_bench/counts. The replay's own counter stays the total.
const counts: Record<string, number> = {};
async function kindOf(req: Request, url: URL): Promise<string> {
  const path = url.pathname.replace(/0x[0-9a-fA-F]{40}/g, "{wallet}");
  if (req.method !== "POST") return `${req.method} ${path}`;
  const body = await req.clone().json().catch(() => null);
  if (url.pathname === "/info") return `POST /info ${body?.type}`;
  const calls = Array.isArray(body) ? body : [body];
  const methods = calls.map((call) => {
    const to = call?.method === "eth_call" ? call?.params?.[0]?.to : undefined;
    return to ? `${call.method}(${String(to).slice(0, 6)}…${String(to).slice(-4)})` : call?.method;
  });
  return `RPC ${[...new Set(methods)].join("+")}${calls.length > 1 ? ` ×${calls.length}` : ""}`;
}
const door = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
  const url = new URL(req.url);
  if (url.pathname === "/_bench/counts") return Response.json(counts);
  if (!url.pathname.startsWith("/_control/")) {
    const kind = await kindOf(req, url);
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  const headers = new Headers(req.headers);
  headers.delete("host");
  headers.delete("accept-encoding"); // the door passes bodies as they are
  try {
    const answer = await fetch(new URL(url.pathname + url.search, upstream.origin), {
      method: req.method,
      headers,
      body: req.body,
      signal: req.signal,
    });
    const out = new Headers(answer.headers);
    out.delete("content-encoding");
    out.delete("content-length");
    return new Response(answer.body, { status: answer.status, headers: out });
  } catch {
    return new Response(null, { status: 502 });
  }
});
const origin = Deno.env.get("REPLAY_UNCOUNTED") === "1"
  ? upstream.origin
  : `http://127.0.0.1:${door.addr.port}`;
console.log(JSON.stringify({
  origin,
  apiUrl: origin,
  rpcUrl: `${origin}/rpc/primary`,
  fallbackRpcUrl: `${origin}/rpc/fallback`,
  hyperliquidInfoUrl: `${origin}/info`,
}));
