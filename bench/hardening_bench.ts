/**
 * Issue 10 (hardening), measured side by side in one run:
 * 1. a key flood against the rate limiter: time per call and heap as 100,000 new keys arrive,
 *    for the GCRA + LRU-capped MemoryStore against the previous fixed-window store (copied
 *    below as the baseline), and heap after 2,000 calls carrying 60 KB X-Forwarded-For values
 *    (previous key rule: the first hop, kept whole; now: the connection address);
 * 2. idle sockets past the open-file limit (`ulimit -n 256`, 600 idle sockets) against a child
 *    process: whether it survives and how long /robots.txt takes, guarded against bare;
 * 3. a hanging primary RPC: time to answer eth_blockNumber with the hedged fallback against
 *    the previous rule (fallback only after the primary's full 8 s timeout).
 */
import { createRateLimiter } from "../lib/http/rate_limit.ts";
import { MemoryStore } from "../lib/http/memory_store.ts";
import { clientKeyFromRequest } from "../lib/http/client_key.ts";
import { createHyperEvmClient } from "../lib/hyperevm/client.ts";

// ---- 1. key flood -------------------------------------------------------------------------

/** The store before issue 10: fixed windows, sweeping every key past 10,000 on each new key. */
class PreviousFixedWindowStore {
  #counters = new Map<string, { windowStart: number; count: number }>();
  consume(key: string, windowStart: number, cost: number, limit: number): boolean {
    const entry = this.#counters.get(key);
    const count = entry && entry.windowStart === windowStart ? entry.count : 0;
    if (count + cost > limit) return false;
    if (!entry && this.#counters.size >= 10_000) {
      for (const [k, e] of this.#counters) {
        if (e.windowStart < windowStart) this.#counters.delete(k);
      }
    }
    this.#counters.set(key, { windowStart, count: count + cost });
    return true;
  }
}

function heapMb(): number {
  return Deno.memoryUsage().heapUsed / 1024 / 1024;
}

/** Calls `consume` once per new address key and samples time per call and heap every 20,000. */
async function flood(keys: number, consume: (key: string) => unknown) {
  const marks: { at: number; usPerCall: number; heap: number }[] = [];
  let started = performance.now();
  for (let index = 1; index <= keys; index++) {
    // Keys as the new rule makes them: one per address, at most 45 characters.
    await consume(`10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`);
    if (index % 20_000 === 0) {
      marks.push({
        at: index,
        usPerCall: (performance.now() - started) * 1000 / 20_000,
        heap: heapMb(),
      });
      started = performance.now();
    }
  }
  return marks;
}

async function floodNow(keys: number) {
  const store = new MemoryStore();
  const limiter = createRateLimiter({ store, now: () => 0 });
  const marks = await flood(keys, (key) => limiter.consume(key));
  return { marks, held: store.size };
}

async function floodPrevious(keys: number) {
  const store = new PreviousFixedWindowStore();
  // Each new key arrives a little later, so older windows are over and a sweep finds them: the
  // previous store's worst case was every call past 10,000 keys scanning all of them.
  return { marks: await flood(keys, (key) => store.consume(key, 0, 1, 60)) };
}

async function hugeHeaderHeap(calls: number) {
  const header = () => crypto.randomUUID().repeat(1_700); // about 60 KB
  const before = heapMb();
  const previous = new PreviousFixedWindowStore();
  for (let index = 0; index < calls; index++) {
    const forwarded = header();
    previous.consume(forwarded.split(",")[0].trim(), 0, 1, 60);
  }
  const previousHeap = heapMb() - before;
  const middle = heapMb();
  const store = new MemoryStore();
  const limiter = createRateLimiter({ store, now: () => 0 });
  for (let index = 0; index < calls; index++) {
    const request = new Request("http://x/", { headers: { "x-forwarded-for": header() } });
    await limiter.consume(clientKeyFromRequest(request, "203.0.113.9"));
  }
  return { previousMb: previousHeap, nowMb: heapMb() - middle, nowKeys: store.size };
}

// ---- 2. idle sockets ----------------------------------------------------------------------

async function idleSockets(mode: "guarded" | "plain", fileLimit: number, sockets: number) {
  const child = new Deno.Command("sh", {
    args: [
      "-c",
      `ulimit -n ${fileLimit} && exec "$0" run -A --unstable-kv "$1" ${mode}`,
      Deno.execPath(),
      new URL("./_serve_child.ts", import.meta.url).pathname,
    ],
    stdout: "piped",
    stderr: "null",
    env: { RUST_BACKTRACE: "0", NO_COLOR: "1" },
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let url = "";
  while (!url.includes("\n")) url += (await reader.read()).value ?? "";
  url = url.trim();
  const port = Number(new URL(url).port);
  const time = async () => {
    const started = performance.now();
    try {
      const response = await fetch(`${url}robots.txt`, { signal: AbortSignal.timeout(5_000) });
      await response.body?.cancel();
      return response.ok ? performance.now() - started : null;
    } catch {
      return null;
    }
  };
  const quiet: number[] = [];
  for (let i = 0; i < 20; i++) quiet.push((await time()) ?? NaN);
  const held: Deno.Conn[] = [];
  for (let i = 0; i < sockets; i++) {
    try {
      held.push(await Deno.connect({ hostname: "127.0.0.1", port }));
    } catch {
      break;
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  const flooded: (number | null)[] = [];
  for (let i = 0; i < 20; i++) flooded.push(await time());
  for (const conn of held) conn.close();
  const exited = await Promise.race([
    child.status.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 200)),
  ]);
  if (!exited) child.kill("SIGTERM");
  await child.status;
  reader.cancel().catch(() => {});
  const answered = flooded.filter((ms): ms is number => ms !== null);
  return {
    mode,
    held: held.length,
    quietMs: median(quiet),
    answered: answered.length,
    floodedMs: median(answered),
    survived: !exited,
  };
}

// ---- 3. hanging primary RPC ---------------------------------------------------------------

async function hangingPrimary(calls: number) {
  const release = Promise.withResolvers<void>();
  const hanging = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async () => {
    await release.promise;
    return new Response("late", { status: 504 });
  });
  const fallback = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    async (request) => {
      const { id } = await request.json();
      return Response.json({ jsonrpc: "2.0", id, result: "0x10" });
    },
  );
  const urls = {
    rpcUrl: `http://127.0.0.1:${hanging.addr.port}/`,
    fallbackRpcUrl: `http://127.0.0.1:${fallback.addr.port}/`,
    timeoutMs: 8_000,
  };
  const hedged = createHyperEvmClient(urls);
  // The previous rule, as a configuration of the same client: the fallback only after the
  // primary's full timeout.
  const sequential = createHyperEvmClient({ ...urls, hedgeDelayMs: urls.timeoutMs });
  const rows: { rule: string; ms: number }[] = [];
  for (let i = 0; i < calls; i++) {
    for (
      const [rule, client] of [["hedged (1 s)", hedged], ["after timeout", sequential]] as const
    ) {
      const started = performance.now();
      await client.blockNumber();
      rows.push({ rule, ms: performance.now() - started });
    }
  }
  release.resolve();
  await hanging.shutdown();
  await fallback.shutdown();
  return rows;
}

function median(values: number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN;
}

const f = (value: number, digits = 1) => Number.isFinite(value) ? value.toFixed(digits) : "n/a";

console.log(`Deno ${Deno.version.deno}, ${new Date().toISOString()}`);
console.log("\n### 1. Rate limiter under a flood of 100,000 new keys (in process)\n");
const previous = await floodPrevious(100_000);
const now = await floodNow(100_000);
console.log(
  "| keys so far | previous store µs/call | process heap MB | GCRA + LRU µs/call | process heap MB |",
);
console.log(
  "| ----------: | ---------------------: | ---------------: | -----------------: | -----------------: |",
);
now.marks.forEach((mark, index) => {
  const old = previous.marks[index];
  console.log(
    `| ${mark.at} | ${f(old.usPerCall, 2)} | ${f(old.heap)} | ${f(mark.usPerCall, 2)} | ${
      f(mark.heap)
    } |`,
  );
});
const first = now.marks[0].usPerCall;
const last = now.marks.at(-1)!.usPerCall;
console.log(
  `\nGCRA + LRU: last/first µs per call = ${
    f(last / first, 2)
  }; keys held ${now.held} (cap 50,000).`,
);
console.log(
  `previous: last/first µs per call = ${
    f(previous.marks.at(-1)!.usPerCall / previous.marks[0].usPerCall, 2)
  }.`,
);
const huge = await hugeHeaderHeap(2_000);
console.log(
  `\n2,000 calls with a 60 KB X-Forwarded-For each: heap grew ${
    f(huge.previousMb)
  } MB with the previous key rule, ${f(huge.nowMb)} MB now (${huge.nowKeys} key held).`,
);

console.log(
  "\n### 2. Idle sockets past the open-file limit (child process, ulimit -n 256, 600 sockets)\n",
);
console.log(
  "| server | idle sockets held | /robots.txt median ms before | answered of 20 while held | median ms while held | process alive after |",
);
console.log(
  "| ------ | ----------------: | ---------------------------: | ------------------------: | -------------------: | ------------------- |",
);
for (const mode of ["guarded", "plain"] as const) {
  const row = await idleSockets(mode, 256, 600);
  console.log(
    `| ${
      mode === "guarded" ? "connection guard (now)" : "bare Deno.serve (before)"
    } | ${row.held} | ${f(row.quietMs)} | ${row.answered} | ${f(row.floodedMs)} | ${
      row.survived ? "yes" : "no (crashed)"
    } |`,
  );
}

console.log("\n### 3. eth_blockNumber with a hanging primary RPC (timeout 8 s)\n");
const rows = await hangingPrimary(3);
console.log("| rule | call 1 ms | call 2 ms | call 3 ms |");
console.log("| ---- | --------: | --------: | --------: |");
for (const rule of ["hedged (1 s)", "after timeout"]) {
  const times = rows.filter((row) => row.rule === rule).map((row) => f(row.ms, 0));
  console.log(`| ${rule} | ${times.join(" | ")} |`);
}
