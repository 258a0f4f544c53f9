/**
 * The real entry (`main.ts`) as a child process: bad configuration ends in one line and exit
 * status 2, a busy port names PORT, PORT=0 and HOST=::1 work, and an idle-socket flood larger
 * than the open-file limit (`ulimit -n` via `sh -c`) neither kills the process nor keeps a
 * normal request from being answered.
 */
import assert from "node:assert/strict";
import { catalog, startReplayUpstream } from "../fixtures/mod.ts";

const ENTRY = new URL("../main.ts", import.meta.url).pathname;
const BASE_ENV = {
  RUST_BACKTRACE: "0",
  NO_COLOR: "1",
  // Upstreams are never contacted by the paths used here; point them nowhere real.
  PAPERTRADE_API_URL: "http://127.0.0.1:9",
  HYPEREVM_RPC_URL: "http://127.0.0.1:9",
  HYPEREVM_RPC_FALLBACK_URL: "http://127.0.0.1:9",
};

async function runToExit(env: Record<string, string>) {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--unstable-kv", ENTRY],
    env: { ...BASE_ENV, ...env },
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code: output.code, stderr: new TextDecoder().decode(output.stderr) };
}

interface Running {
  url: string;
  stderr: () => string;
  stop: () => Promise<void>;
}

async function start(env: Record<string, string>, fileLimit?: number): Promise<Running> {
  const deno = Deno.execPath();
  const process = new Deno.Command(fileLimit === undefined ? deno : "sh", {
    args: fileLimit === undefined
      ? ["run", "-A", "--unstable-kv", ENTRY]
      : ["-c", `ulimit -n ${fileLimit} && exec "$0" run -A --unstable-kv "$1"`, deno, ENTRY],
    env: { ...BASE_ENV, ...env },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let errors = "";
  (async () => {
    for await (const chunk of process.stderr.pipeThrough(new TextDecoderStream())) errors += chunk;
  })();
  const reader = process.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let seen = "";
  // A server that never prints its URL fails the test instead of hanging it.
  const giveUp = setTimeout(() => process.kill("SIGKILL"), 30_000);
  while (!/http:\/\/\S+\//.test(seen)) {
    const { value, done } = await reader.read();
    if (done) {
      clearTimeout(giveUp);
      throw new Error(`the server exited before printing its URL: ${errors}`);
    }
    seen += value;
  }
  clearTimeout(giveUp);
  reader.releaseLock();
  process.stdout.cancel().catch(() => {});
  return {
    url: /(http:\/\/\S+\/)/.exec(seen)![1],
    stderr: () => errors,
    stop: async () => {
      process.kill("SIGTERM");
      await process.status;
    },
  };
}

Deno.test("bad configuration is one line naming the variable, exit status 2, no stack trace", async () => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ PORT: "abc" }, /PORT="abc" is not valid: expected a whole number from 0 to 65535/],
    [{ SITE_URL: "notaurl" }, /SITE_URL="notaurl" is not valid/],
    [{ UPSTREAM_TIMEOUT_MS: "-5" }, /UPSTREAM_TIMEOUT_MS="-5" is not valid/],
  ];
  for (const [env, message] of cases) {
    const { code, stderr } = await runToExit(env);
    assert.equal(code, 2, JSON.stringify(env));
    assert.match(stderr, message);
    assert.equal(stderr.trim().split("\n").length, 1, stderr);
    assert.doesNotMatch(stderr, /\bat \S+:\d+|Uncaught|papertradeApiUrl/);
  }
});

Deno.test("PORT=0 links use the real port, HOST=::1 works, a busy port names PORT", async () => {
  const server = await start({ PORT: "0", HOST: "::1" });
  try {
    assert.match(server.url, /^http:\/\/\[::1\]:(\d+)\/$/);
    assert.doesNotMatch(server.url, /:0\//);
    const mcp = await fetch(`${server.url}mcp`);
    const body = await mcp.json();
    assert.equal(body.endpoint, `${server.url}mcp`, "links carry the real port");
    const port = new URL(server.url).port;
    const busy = await runToExit({ PORT: port, HOST: "::1" });
    assert.equal(busy.code, 2);
    assert.match(busy.stderr, new RegExp(`PORT=${port} is already in use .*set PORT`));
    assert.equal(busy.stderr.trim().split("\n").length, 1);
  } finally {
    await server.stop();
  }
});

Deno.test("more idle sockets than the open-file limit: the process lives and answers", async () => {
  const fileLimit = 128;
  const server = await start({ PORT: "0" }, fileLimit);
  const held: Deno.Conn[] = [];
  try {
    const { port } = new URL(server.url);
    for (let index = 0; index < fileLimit * 2; index++) {
      try {
        held.push(await Deno.connect({ hostname: "127.0.0.1", port: Number(port) }));
      } catch {
        break; // the kernel's backlog may refuse some; what we hold is still over the limit
      }
    }
    assert.ok(held.length > fileLimit, `held ${held.length}`);
    const response = await fetch(`${server.url}robots.txt`, {
      signal: AbortSignal.timeout(20_000),
    });
    assert.equal(response.status, 200);
    await response.body?.cancel();
    const accepts = server.stderr().match(/accept failed/g) ?? [];
    assert.ok(accepts.length <= 1, server.stderr());
    assert.doesNotMatch(server.stderr(), /Uncaught/);
  } finally {
    for (const conn of held) conn.close();
    await server.stop();
  }
});

Deno.test("quiet logs: disconnects, streams and junk paths print nothing, and no Deno banners", async () => {
  const upstream = await startReplayUpstream({ port: 0, now: () => catalog.baseTimeMs });
  const server = await start({
    PORT: "0",
    PAPERTRADE_API_URL: upstream.apiUrl,
    HYPEREVM_RPC_URL: upstream.rpcUrl,
    HYPEREVM_RPC_FALLBACK_URL: upstream.fallbackRpcUrl,
  });
  try {
    const wallet = catalog.wallets.whale.address;
    for (
      const path of ["/", "/markets", "/static/%00", "/static/..%2f..%2fetc", `/wallet/${wallet}`]
    ) {
      const response = await fetch(`${server.url}${path.slice(1)}`);
      await response.body?.cancel();
    }
    // A live stream and a page, both dropped by the client mid-way.
    for (
      const path of [`wallet/${wallet}/live`, `wallet/${wallet}`, `wallet/${wallet}/trades.csv`]
    ) {
      const controller = new AbortController();
      const pending = fetch(`${server.url}${path}`, { signal: controller.signal });
      setTimeout(() => controller.abort(), 30);
      await pending.then((response) => response.body?.cancel()).catch(() => {});
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(server.stderr(), "");
  } finally {
    await server.stop();
    await upstream.close();
  }
});

Deno.test("two processes on one KV_PATH, hammered at once, allow at most 60 calls between them", async () => {
  const path = await Deno.makeTempFile({ suffix: ".kv" });
  const servers = await Promise.all([0, 1].map(() => start({ PORT: "0", KV_PATH: path })));
  try {
    const tally = { allowed: 0, limited: 0, unavailable: 0 };
    const stopAt = Date.now() + 3_000;
    // 20 concurrent clients per process, all from 127.0.0.1: one client key between them.
    const client = async (url: string) => {
      while (Date.now() < stopAt) {
        const response = await fetch(`${url}api/tools/get_protocol_overview`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{}",
        });
        const { error } = await response.json();
        if (error === "rate_limited") tally.limited++;
        else if (error === "rate_limit_unavailable") tally.unavailable++;
        else tally.allowed++;
      }
    };
    await Promise.all(servers.flatMap(({ url }) => Array.from({ length: 20 }, () => client(url))));
    assert.ok(tally.allowed <= 60, JSON.stringify(tally));
    assert.ok(tally.allowed >= 30, `the budget is spent, not lost: ${JSON.stringify(tally)}`);
    assert.ok(tally.limited > 0, JSON.stringify(tally));
    for (const server of servers) {
      const lines = server.stderr().match(/\[rate-limit\]/g) ?? [];
      assert.ok(lines.length <= 1, `one store-failure line per minute at most: ${server.stderr()}`);
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await Deno.remove(path).catch(() => {});
  }
});
