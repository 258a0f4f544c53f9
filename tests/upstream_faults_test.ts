/**
 * The real adapters (createPapertradeClient, createHyperEvmClient) against the replay upstream
 * with each injected fault: every fault becomes a clear, typed error within the configured
 * timeout, and the transient ones are ridden out by the adapters' retries and RPC fallback.
 */
import assert from "node:assert/strict";
import {
  catalog,
  type Faults,
  type FaultSet,
  type ReplayUpstream,
  startReplayUpstream,
} from "../fixtures/mod.ts";
import { createPapertradeClient, PapertradeApiError } from "../lib/papertrade/mod.ts";
import { createHyperEvmClient, HyperEvmError } from "../lib/hyperevm/mod.ts";

/** Per-request RPC timeout: what a hang costs; long enough that a loaded machine still answers. */
const TIMEOUT_MS = 1_000;
/** Generous: the fault must arrive as an error long before this, never hang the caller. */
const GIVE_UP_MS = 5_000;

async function withReplay(faults: Faults, fn: (u: ReplayUpstream) => Promise<void>) {
  const upstream = await startReplayUpstream({ faults, now: () => catalog.baseTimeMs });
  try {
    await fn(upstream);
  } finally {
    await upstream.close();
  }
}

/** Each wait between attempts, with the number of requests the replay had seen by then. */
interface Wait {
  ms: number;
  requestsBefore: number;
}

function api(u: ReplayUpstream, waits: Wait[] = []) {
  // The waits between attempts return at once and are recorded, so no test sleeps on them.
  const wait = (ms: number) => {
    waits.push({ ms, requestsBefore: u.stats().requests });
    return Promise.resolve();
  };
  return createPapertradeClient({ baseUrl: u.apiUrl, timeoutMs: TIMEOUT_MS, retry: { wait } });
}

function rpc(u: ReplayUpstream) {
  return createHyperEvmClient({
    rpcUrl: u.rpcUrl,
    fallbackRpcUrl: u.fallbackRpcUrl,
    timeoutMs: TIMEOUT_MS,
  });
}

/** Resolves to the rejection of `promise`, failing if it resolves or takes past GIVE_UP_MS. */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no error within ${GIVE_UP_MS} ms`)), GIVE_UP_MS);
  });
  try {
    await Promise.race([promise, late]);
  } catch (error) {
    return error;
  } finally {
    clearTimeout(timer);
  }
  assert.fail("expected a rejection");
}

async function apiError(promise: Promise<unknown>): Promise<PapertradeApiError> {
  const error = await rejection(promise);
  assert.ok(error instanceof PapertradeApiError, String(error));
  return error;
}

Deno.test("an API 500 is an http error naming the endpoint, for JSON reads and the stream", async () => {
  await withReplay({ target: "api", status: 500 }, async (u) => {
    const summary = await apiError(api(u).read("protocolSummary"));
    assert.equal(summary.kind, "http");
    assert.equal(summary.status, 500);
    assert.equal(summary.endpoint, "/query/protocol/summary");
    assert.match(summary.message, /\/query\/protocol\/summary answered HTTP 500/);
    assert.equal(u.stats().faulted, 1, "a 500 is not retried");

    const stream = await apiError(
      api(u).read("walletStream", { wallet: catalog.wallets.whale.address }),
    );
    assert.equal(stream.kind, "http");
    assert.equal(stream.endpoint, "/state/user/live");
  });
});

Deno.test("a single 503 is retried and the read succeeds", async () => {
  await withReplay({ target: "api", status: 503, times: 1 }, async (u) => {
    const waits: Wait[] = [];
    const state = await api(u, waits).read("tradingState");
    assert.equal(state.instruments.length, 2);
    assert.deepEqual([u.stats().requests, u.stats().faulted], [2, 1]);
    assert.deepEqual(waits, [{ ms: 250, requestsBefore: 1 }], "one backoff before the retry");
  });
});

Deno.test("a single 429 is waited out for its retry-after, then the read succeeds", async () => {
  await withReplay({ target: "api", rateLimit: { retryAfterS: 1 }, times: 1 }, async (u) => {
    const waits: Wait[] = [];
    const health = await api(u, waits).read("relayerHealth");
    assert.deepEqual([u.stats().requests, u.stats().faulted], [2, 1]);
    assert.equal(health.ready, true);
    // The second request went out only after a wait of the upstream's whole second.
    assert.deepEqual(waits, [{ ms: 1_000, requestsBefore: 1 }]);
  });
});

Deno.test("a persistent 429 becomes rate_limited with the upstream's retry-after", async () => {
  await withReplay({ target: "api", rateLimit: { retryAfterS: 30 } }, async (u) => {
    const error = await apiError(api(u).read("leaderboard", { window: "7d" }));
    assert.equal(error.kind, "rate_limited");
    assert.equal(error.retryAfterS, 30);
    assert.equal(error.endpoint, "/state/leaderboard/accounts");
    assert.equal(u.stats().faulted, 1, "30 s is past the longest wait, so no retry");
  });
});

Deno.test("malformed JSON is a malformed_json error naming the endpoint", async () => {
  await withReplay(
    { target: "api", path: "/query/protocol/market-stats", malformed: true },
    async (u) => {
      const error = await apiError(api(u).read("marketStats"));
      assert.equal(error.kind, "malformed_json");
      assert.match(error.message, /^\/query\/protocol\/market-stats sent malformed JSON/);
    },
  );
});

Deno.test("a hung API request times out at the configured timeout", async () => {
  await withReplay({ target: "api", hang: true }, async (u) => {
    const error = await apiError(api(u).read("queueSummary"));
    assert.equal(error.kind, "timeout");
    assert.equal(error.message, `/query/protocol/queue-summary timed out after ${TIMEOUT_MS} ms`);
  });
});

Deno.test("injected latency still ends in a correct answer", async () => {
  await withReplay({ latencyMs: 40 }, async (u) => {
    const [history, block] = await Promise.all([
      api(u).read("protocolHistory", { interval: "1d" }),
      rpc(u).blockNumber(),
    ]);
    assert.equal(history.intervalMs, 86_400_000);
    assert.ok(history.points.length > 0);
    assert.equal(block, BigInt(catalog.headBlock));
    assert.equal(u.stats().delaysCompleted, 2, "both answers waited out their delay");
  });
});

Deno.test("with the primary RPC down the fallback answers, correctly", async () => {
  await withReplay({ rpcPrimaryDown: true }, async (u) => {
    const batch = catalog.transactions.multi_wallet_batch;
    const receipt = await rpc(u).receipt(batch.hash as `0x${string}`);
    assert.ok(receipt);
    assert.equal(receipt.blockNumber, BigInt(batch.block));
    assert.equal(receipt.status, "success");
    // The primary was tried and refused (the one faulted request), then the fallback answered.
    assert.deepEqual([u.stats().requests, u.stats().faulted], [2, 1]);
  });
});

Deno.test("when both RPC endpoints fail the error names the method", async () => {
  for (
    const faults of [{ target: "rpc", status: 500 }, { target: "rpc", hang: true }] as FaultSet[]
  ) {
    await withReplay(faults, async (u) => {
      const error = await rejection(
        rpc(u).transaction(catalog.transactions.feed[0] as `0x${string}`),
      );
      assert.ok(error instanceof HyperEvmError, String(error));
      assert.equal(error.method, "eth_getTransactionByHash");
      assert.equal(error.failures.length, 2);
      assert.deepEqual(
        error.failures,
        faults.hang ? Array(2).fill(`timeout after ${TIMEOUT_MS} ms`) : ["HTTP 500", "HTTP 500"],
      );
    });
  }
});
