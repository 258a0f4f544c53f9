/**
 * Issue 18: cold start, from process start to the first answer, for the explorer (`main.ts`,
 * the production entry, pointed at a replay upstream in this process) against the smallest Hono
 * app (`bench/_minimal_hono.ts`), measured side by side in interleaved rounds. Each round spawns a
 * fresh `deno run` process, then asks for one path every 2 ms until it answers; the time is from
 * the spawn to the first complete response. One discarded round first fills Deno's code cache,
 * as a deployed isolate has it. Cases:
 * - the minimal Hono app, `GET /`;
 * - the explorer, `GET /robots.txt` (its first answer of any kind, no upstream read);
 * - the explorer, `GET /` (the home page, several upstream reads from the replay);
 * - the app without its upstream clients (`bench/_app_without_clients.ts`), `GET /robots.txt`:
 *   the app's own share, apart from what `lib/boot.ts` loads to build the clients.
 */
import { startReplayUpstream } from "../fixtures/mod.ts";

const ROUNDS = Number(Deno.args[0] ?? 9); // `deno run -A bench/cold_start_bench.ts 5` for fewer
const root = new URL("..", import.meta.url).pathname;
const upstream = await startReplayUpstream();

interface Case {
  name: string;
  script: string;
  path: string;
}

const CASES: Case[] = [
  { name: "minimal Hono app, GET /", script: "bench/_minimal_hono.ts", path: "/" },
  { name: "explorer (main.ts), GET /robots.txt", script: "main.ts", path: "/robots.txt" },
  { name: "explorer (main.ts), GET / (home page)", script: "main.ts", path: "/" },
  {
    name: "app without its clients, GET /robots.txt",
    script: "bench/_app_without_clients.ts",
    path: "/robots.txt",
  },
];

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = listener.addr.port;
  listener.close();
  return port;
}

/** Milliseconds from spawning `script` to the first complete answer on `path`. */
async function coldStart(item: Case): Promise<number> {
  const port = freePort();
  const started = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--unstable-kv", item.script],
    cwd: root,
    stdout: "null",
    stderr: "null",
    env: {
      RUST_BACKTRACE: "0",
      NO_COLOR: "1",
      HOST: "127.0.0.1",
      PORT: String(port),
      PAPERTRADE_API_URL: upstream.apiUrl,
      HYPEREVM_RPC_URL: upstream.rpcUrl,
      HYPEREVM_RPC_FALLBACK_URL: upstream.fallbackRpcUrl,
    },
  }).spawn();
  try {
    while (performance.now() - started < 20_000) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}${item.path}`);
        await response.arrayBuffer();
        if (response.status < 500) return performance.now() - started;
      } catch { /* not listening yet */ }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    throw new Error(`${item.name}: no answer within 20 s`);
  } finally {
    child.kill("SIGKILL");
    await child.status;
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

for (const item of CASES) await coldStart(item); // fills the code cache; not counted
const times = new Map<string, number[]>(CASES.map((c) => [c.name, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const item of CASES) times.get(item.name)!.push(await coldStart(item));
}
await upstream.close();

const base = median(times.get(CASES[0].name)!);
console.log(`Cold start, ${ROUNDS} interleaved rounds, Deno ${Deno.version.deno}\n`);
console.log("| case | min ms | median ms | max ms | median / minimal Hono |");
console.log("| --- | ---: | ---: | ---: | ---: |");
for (const item of CASES) {
  const values = times.get(item.name)!;
  const m = median(values);
  console.log(
    `| ${item.name} | ${Math.min(...values).toFixed(0)} | ${m.toFixed(0)} | ` +
      `${Math.max(...values).toFixed(0)} | ${(m / base).toFixed(2)}x |`,
  );
}
