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
import { spawnEntry } from "./processes.ts";

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

/** Milliseconds from spawning `script` to the first complete answer on `path`. */
async function coldStart(item: Case): Promise<number> {
  const entry = await spawnEntry({ dir: root, script: item.script, path: item.path, upstream });
  await entry.stop();
  return entry.firstAnswerMs;
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
