import assert from "node:assert/strict";
import { fetchUpstream, PapertradeApiError, parseRetryAfter } from "./http.ts";
import { leaderboardPage, protocolSummary, relayerHealth, tradingState } from "./wire.ts";
import {
  hangingHandler,
  json,
  wireProtocolSummary,
  wireQueueSummary,
  wireTradingState,
  withServer,
} from "../../tests/support/papertrade.ts";
import { createPapertradeClient } from "./client.ts";

/** A retry policy whose waits return at once and are recorded, in ms, in `waits`. */
function recordedWaits(): { waits: number[]; retry: { wait: (ms: number) => Promise<void> } } {
  const waits: number[] = [];
  return { waits, retry: { wait: (ms) => (waits.push(ms), Promise.resolve()) } };
}

async function rejection(promise: Promise<unknown>): Promise<PapertradeApiError> {
  const error = await promise.then(() => undefined, (e) => e);
  assert.ok(error instanceof PapertradeApiError, `expected a PapertradeApiError, got ${error}`);
  return error;
}

Deno.test("a 503 is retried and the next 200 is returned", async () => {
  const { waits, retry } = recordedWaits();
  let attempts = 0;
  await withServer(() => {
    attempts++;
    return attempts === 1 ? new Response("busy", { status: 503 }) : json({ ok: true, ready: true });
  }, async (base) => {
    const body = await fetchUpstream(`${base}/relayer/health`, relayerHealth, {
      endpoint: "/relayer/health",
      retry,
    });
    assert.deepEqual(body, { ok: true, ready: true });
  });
  assert.equal(attempts, 2);
  assert.deepEqual(waits, [250], "the first backoff");
});

Deno.test("503 on every attempt stops at the attempt cap as an http error", async () => {
  const { waits, retry } = recordedWaits();
  let attempts = 0;
  await withServer(() => {
    attempts++;
    return new Response(null, { status: 503 });
  }, async (base) => {
    const error = await rejection(
      fetchUpstream(`${base}/relayer/health`, relayerHealth, {
        endpoint: "/relayer/health",
        retry,
      }),
    );
    assert.equal(error.kind, "http");
    assert.equal(error.status, 503);
    assert.equal(error.message, "/relayer/health answered HTTP 503");
  });
  assert.equal(attempts, 3);
  assert.deepEqual(waits, [250, 500], "the backoff doubles");
});

Deno.test("a 429 with retry-after is retried after the wait and then succeeds", async () => {
  const { waits, retry } = recordedWaits();
  let attempts = 0;
  await withServer(() => {
    attempts++;
    if (attempts === 1) return new Response(null, { status: 429, headers: { "retry-after": "1" } });
    return json({ ok: true, ready: false });
  }, async (base) => {
    const body = await fetchUpstream(`${base}/relayer/health`, relayerHealth, {
      endpoint: "/relayer/health",
      retry,
    });
    assert.equal(body.ready, false);
  });
  assert.equal(attempts, 2);
  assert.deepEqual(waits, [1_000], "the retry-after, not the backoff");
});

/** A leaderboard read from a server that answers every request 429 with `retryAfter`. */
async function rateLimitedRead(retryAfter: string) {
  const { waits, retry } = recordedWaits();
  let attempts = 0;
  let error: PapertradeApiError | undefined;
  await withServer(() => {
    attempts++;
    return new Response(null, { status: 429, headers: { "retry-after": retryAfter } });
  }, async (base) => {
    error = await rejection(
      fetchUpstream(`${base}/state/leaderboard/accounts`, leaderboardPage, {
        endpoint: "/state/leaderboard/accounts",
        retry,
      }),
    );
  });
  return { error: error!, attempts, waits };
}

Deno.test("429 after the attempt cap is rate_limited with retryAfterS", async () => {
  const { error, attempts, waits } = await rateLimitedRead("1");
  assert.equal(error.kind, "rate_limited");
  assert.equal(error.status, 429);
  assert.equal(error.retryAfterS, 1);
  assert.match(error.message, /^\/state\/leaderboard\/accounts is rate limited/);
  assert.equal(attempts, 3);
  assert.deepEqual(waits, [1_000, 1_000]);
});

Deno.test("a retry-after longer than the wait cap fails at once instead of waiting", async () => {
  const { error, attempts, waits } = await rateLimitedRead("120");
  assert.equal(error.kind, "rate_limited");
  assert.equal(error.retryAfterS, 120);
  assert.equal(attempts, 1);
  assert.deepEqual(waits, []);
});

Deno.test("other 4xx statuses are not retried", async () => {
  let attempts = 0;
  await withServer(() => {
    attempts++;
    return new Response("no", { status: 404 });
  }, async (base) => {
    const error = await rejection(
      fetchUpstream(`${base}/relayer/health`, relayerHealth, { endpoint: "/relayer/health" }),
    );
    assert.equal(error.kind, "http");
    assert.equal(error.status, 404);
  });
  assert.equal(attempts, 1);
});

Deno.test("a server that never answers becomes a timeout within the configured time", async () => {
  const hang = hangingHandler();
  await withServer(hang.handler, async (base) => {
    using _ = { [Symbol.dispose]: hang.release };
    // The error's kind and message show the timeout fired; how fast is not a test's business.
    const error = await rejection(
      fetchUpstream(`${base}/state/trading`, tradingState, {
        endpoint: "/state/trading",
        timeoutMs: 200,
      }),
    );
    assert.equal(error.kind, "timeout");
    assert.equal(error.message, "/state/trading timed out after 200 ms");
  });
});

Deno.test("a body that stalls after the headers also times out", async () => {
  await withServer(() => new Response(new ReadableStream({ start() {} })), async (base) => {
    const error = await rejection(
      fetchUpstream(`${base}/state/trading`, tradingState, {
        endpoint: "/state/trading",
        timeoutMs: 200,
      }),
    );
    assert.equal(error.kind, "timeout");
  });
});

Deno.test("a caller abort rejects with the caller's reason", async () => {
  const hang = hangingHandler();
  const reason = new Error("tool deadline");
  const controller = new AbortController();
  // The caller gives up once the request is in flight.
  const abortOnArrival = () => (controller.abort(reason), hang.handler());
  await withServer(abortOnArrival, async (base) => {
    using _ = { [Symbol.dispose]: hang.release };
    const error = await fetchUpstream(`${base}/state/trading`, tradingState, {
      endpoint: "/state/trading",
      signal: controller.signal,
    }).then(() => undefined, (e) => e);
    assert.equal(error, reason);
  });
});

Deno.test("an unreachable upstream is a network error naming the endpoint", async () => {
  let port = 0;
  await withServer(() => new Response(null), (base) => {
    port = Number(new URL(base).port);
    return Promise.resolve();
  });
  const error = await rejection(
    fetchUpstream(`http://127.0.0.1:${port}/relayer/health`, relayerHealth, {
      endpoint: "/relayer/health",
    }),
  );
  assert.equal(error.kind, "network");
  assert.match(error.message, /^\/relayer\/health is unreachable/);
});

Deno.test("malformed JSON is reported as malformed_json naming the endpoint", async () => {
  await withServer(() => new Response('{"ok": tru'), async (base) => {
    const error = await rejection(
      fetchUpstream(`${base}/query/protocol/summary`, protocolSummary, {
        endpoint: "/query/protocol/summary",
      }),
    );
    assert.equal(error.kind, "malformed_json");
    assert.match(error.message, /^\/query\/protocol\/summary sent malformed JSON/);
  });
});

Deno.test("a 22-field instrument tuple is a schema error naming the field", async () => {
  const body = wireTradingState();
  body.instruments[0] = body.instruments[0].slice(0, 22) as typeof body.instruments[0];
  await withServer(() => json(body), async (base) => {
    const error = await rejection(createPapertradeClient({ baseUrl: base }).read("tradingState"));
    assert.equal(error.kind, "schema");
    assert.equal(error.endpoint, "/state/trading");
    assert.match(
      error.message,
      /^upstream changed: \/state\/trading .*has 22 fields.* → at instruments\[0\]$/,
    );
  });
});

Deno.test("a number where an integer string belongs is a schema error naming the field", async () => {
  const body = wireProtocolSummary() as unknown as { balances: { tvl: unknown } };
  body.balances.tvl = 14760000;
  await withServer(() => json(body), async (base) => {
    const error = await rejection(
      fetchUpstream(`${base}/query/protocol/summary`, protocolSummary, {
        endpoint: "/query/protocol/summary",
      }),
    );
    assert.equal(error.kind, "schema");
    assert.match(
      error.message,
      /^upstream changed: \/query\/protocol\/summary .*non-negative integer string.* → at balances\.tvl$/,
    );
  });
});

Deno.test("a row missing a field is dropped and counted; a missing envelope field is a schema error", async () => {
  const row = (n: number) => ({
    address: `0x${String(n).padStart(40, "0")}`,
    leaderboardName: null,
    rank: n + 1,
    totalWindowedPnl: "1",
    realizedPnl: "1",
    currentUnrealizedPnl: "-1",
    currentBalance: "1",
    currentQueued: "0",
    currentOpenNotional: "0",
    totalVolume: "0",
    paperTotal: "0",
    currentOpenPositionCount: 0,
  });
  const accounts: Record<string, unknown>[] = [row(0), row(1), row(2), row(3)];
  delete accounts[3].address;
  const body = {
    ok: true,
    summary: { uniqueAccounts: 4, trackedBalance: "4" },
    accounts,
    pageInfo: { page: 0, pageSize: 25, totalPages: 1, totalItems: 4 },
  };
  await withServer(() => json(body), async (base) => {
    const page = await createPapertradeClient({ baseUrl: base }).read("leaderboard");
    assert.deepEqual(page.accounts.map((row) => row.rank), [1, 2, 3]);
    assert.equal(page.rowsSkipped, 1);
  });
  const { totalPages: _, ...pageInfo } = body.pageInfo;
  await withServer(() => json({ ...body, pageInfo }), async (base) => {
    const error = await rejection(createPapertradeClient({ baseUrl: base }).read("leaderboard"));
    assert.equal(error.kind, "schema");
    assert.match(
      error.message,
      /^upstream changed: \/state\/leaderboard\/accounts .*missing.* → at pageInfo\.totalPages$/,
    );
  });
});

Deno.test("a badly formatted string quotes the value it got", async () => {
  const body = { ok: true, ready: true };
  await withServer(() => json({ ...body, ok: "yes" }), async (base) => {
    const error = await rejection(createPapertradeClient({ baseUrl: base }).read("relayerHealth"));
    assert.match(error.message, /^upstream changed: \/relayer\/health .*boolean.* → at ok$/);
  });
  const queue = { ...wireQueueSummary(), total: "12x" };
  await withServer(() => json(queue), async (base) => {
    const error = await rejection(createPapertradeClient({ baseUrl: base }).read("queueSummary"));
    assert.match(
      error.message,
      /^upstream changed: \/query\/protocol\/queue-summary .*"12x" → at total$/,
    );
  });
});

Deno.test("retry-after is read in seconds and as an HTTP date", () => {
  const now = Date.parse("2026-10-13T12:00:00Z");
  assert.equal(parseRetryAfter("3", now), 3);
  assert.equal(parseRetryAfter("Tue, 13 Oct 2026 12:00:04 GMT", now), 4);
  assert.equal(parseRetryAfter("Tue, 13 Oct 2026 11:00:00 GMT", now), 0);
  assert.equal(parseRetryAfter("soon", now), undefined);
  assert.equal(parseRetryAfter(null, now), undefined);
});
