/**
 * Issue 25: what the MCP protocol layer costs a fresh process. For each checkout, rounds spawn
 * `main.ts` over a replay upstream in this process, wait until it answers `GET /robots.txt`,
 * then time its first `POST /mcp` (`tools/list`: the MCP module graph loads then) and, after 20
 * warm-up requests, the mean of 200 sequential ones. Checkouts are measured side by side in
 * interleaved rounds: this one, and with `--base=DIR` another (a worktree of an older commit,
 * `deno install`ed), e.g.
 *   git worktree add --detach /tmp/base 01753c7 && (cd /tmp/base && deno install)
 *   deno run -A --unstable-kv bench/mcp_first_request_bench.ts 15 --base=/tmp/base
 */
import { startReplayUpstream } from "../fixtures/mod.ts";
import { spawnEntry } from "./processes.ts";

const ROUNDS = Number(Deno.args.find((arg) => /^\d+$/.test(arg)) ?? 9);
const base = Deno.args.find((arg) => arg.startsWith("--base="))?.slice("--base=".length);
const here = new URL("..", import.meta.url).pathname;
const checkouts = base ? [{ name: `base (${base})`, dir: base }] : [];
checkouts.push({ name: "this checkout", dir: here });

const upstream = await startReplayUpstream();
const LIST = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });

/** Milliseconds of one `POST /mcp` tools/list, checked to list the tools. */
async function list(port: number): Promise<number> {
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}/mcp`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: LIST,
  });
  const text = await response.text();
  if (!text.includes('"get_wallet"')) throw new Error(`tools/list failed: ${text.slice(0, 200)}`);
  return performance.now() - started;
}

/** The first request's time and the mean of 200 warm ones, in a fresh process of `dir`. */
async function measure(dir: string): Promise<[number, number]> {
  const { port, stop } = await spawnEntry({
    dir,
    script: "main.ts",
    path: "/robots.txt",
    upstream,
  });
  try {
    const first = await list(port);
    for (let i = 0; i < 20; i++) await list(port);
    let warm = 0;
    for (let i = 0; i < 200; i++) warm += await list(port);
    return [first, warm / 200];
  } finally {
    await stop();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];

for (const checkout of checkouts) await measure(checkout.dir); // fills the code cache
const results = new Map(
  checkouts.map((c) => [c.name, { first: [] as number[], warm: [] as number[] }]),
);
for (let round = 0; round < ROUNDS; round++) {
  for (const checkout of checkouts) {
    const [first, warm] = await measure(checkout.dir);
    results.get(checkout.name)!.first.push(first);
    results.get(checkout.name)!.warm.push(warm);
  }
}
await upstream.close();

console.log(`POST /mcp tools/list in a fresh process, ${ROUNDS} interleaved rounds\n`);
console.log("| checkout | first: min ms | median ms | max ms | warm mean ms (median of rounds) |");
console.log("| --- | ---: | ---: | ---: | ---: |");
for (const checkout of checkouts) {
  const { first, warm } = results.get(checkout.name)!;
  console.log(
    `| ${checkout.name} | ${Math.min(...first).toFixed(0)} | ${median(first).toFixed(0)} | ` +
      `${Math.max(...first).toFixed(0)} | ${median(warm).toFixed(2)} |`,
  );
}
