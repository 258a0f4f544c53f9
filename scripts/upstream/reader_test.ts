import assert from "node:assert/strict";
import { withReplay } from "../../tests/support/upstream.ts";
import { catalog } from "../../fixtures/mod.ts";
import { createUpstreamReader } from "./reader.ts";
import { requestTarget } from "../../lib/papertrade/mod.ts";

Deno.test("reads keep the raw JSON and report failures as sentences", async () => {
  await withReplay(async (u) => {
    const reader = createUpstreamReader({ apiUrl: u.apiUrl, rpcUrl: u.rpcUrl, timeoutMs: 300 });
    const health = await reader.getJson("/relayer/health");
    assert.deepEqual(health, { ok: true, body: { ok: true, ready: true } });

    u.setFaults({ target: "api", malformed: true, times: 1 });
    const bad = await reader.getJson("/state/trading");
    assert.equal(bad.ok, false);
    assert.match(!bad.ok ? bad.problem : "", /^malformed JSON: /);

    u.setFaults({ target: "api", hang: true, times: 1 });
    assert.deepEqual(await reader.getJson("/state/trading"), {
      ok: false,
      problem: "timed out after 300 ms",
      unreachable: true,
    });

    u.setFaults({});
    assert.deepEqual(await reader.rpc("eth_getTransactionByHash", ["0x12"]), {
      ok: false,
      problem:
        'RPC error -32602: upstream text "invalid argument 0: hex string of 32 bytes expected"',
    });
    assert.deepEqual(await reader.rpc("eth_chainId", []), { ok: true, body: "0x3e7" });
  }, {});
});

Deno.test("a retry-after longer than the longest wait fails at once", async () => {
  await withReplay(async (u) => {
    const waits: number[] = [];
    const reader = createUpstreamReader({
      apiUrl: u.apiUrl,
      maxWaitMs: 10_000,
      sleep: (ms) => (waits.push(ms), Promise.resolve()),
    });
    u.setFaults({ target: "api", rateLimit: { retryAfterS: 120 } });
    assert.deepEqual(await reader.getJson("/relayer/health"), {
      ok: false,
      problem: "rate limited (HTTP 429, retry after 120 s)",
      unreachable: true,
      status: 429,
    });
    assert.deepEqual(waits, []);
    assert.equal(reader.requests(), 1);
  }, {});
});

Deno.test("the wallet stream is read up to its snapshot and then left", async () => {
  await withReplay(async (u) => {
    const reader = createUpstreamReader({ apiUrl: u.apiUrl });
    const whale = catalog.wallets.whale.address;
    const stream = (wallet: string) => requestTarget("walletStream", { wallet });
    const frames = await reader.walletFrames(stream(whale.toUpperCase().replace("0X", "0x")));
    assert.ok(frames.ok);
    assert.deepEqual(frames.body.liveness, { heartbeatIntervalMs: 10_000 });
    assert.equal((frames.body.wallet as { address: string }).address, whale);
    // The server learns of the closed connection a moment later: poll its own counter.
    for (let i = 0; i < 400 && u.stats().openStreams > 0; i++) {
      await new Promise((r) => setTimeout(r, 5));
    }
    assert.equal(u.stats().openStreams, 0, "the stream was closed");
    assert.deepEqual(await reader.walletFrames(stream(catalog.wallets.unknown.address)), {
      ok: false,
      problem: "HTTP 404",
      unreachable: false,
      status: 404,
    });
  }, {});
});
