import assert from "node:assert/strict";
import { PapertradeApiError, type PapertradeClient } from "../papertrade/mod.ts";
import { cachePapertradeClient, readKey, uncachedClient } from "./cached_client.ts";
import { createReadCache } from "./read_cache.ts";
import { isUpstreamOutage, kvLastGoodStore, withFreshnessScope } from "./mod.ts";

/** A client that answers every read with its own arguments and counts the calls. */
function echoClient() {
  const calls: string[] = [];
  let down = false;
  const answer = (name: string, args: unknown) => {
    calls.push(name);
    if (down) {
      return Promise.reject(
        new PapertradeApiError("down", { endpoint: name, kind: "http", status: 503 }),
      );
    }
    return Promise.resolve({ name, args: JSON.parse(JSON.stringify(args ?? null)) });
  };
  const labels: Record<string, string> = {
    tradingState: "trading",
    leaderboard: "leaderboard",
    tradeHistory: "history",
    walletStream: "snapshot",
    protocolHistory: "history-series",
  };
  const client = {
    read: (name: string, params: unknown) => answer(labels[name], params),
    openWalletStream: () => "the stream",
    reconcile: (account: unknown) => account,
  } as unknown as PapertradeClient;
  return { client, calls, setDown: (value: boolean) => down = value };
}

Deno.test("the key names the read and every parameter, sorted, without undefined ones", () => {
  assert.equal(readKey("tradingState", {}), "tradingState");
  assert.equal(
    readKey("leaderboard", { window: "7d", page: 2, query: undefined }),
    "leaderboard?page=2&window=7d",
  );
});

Deno.test("reads stay apart per wallet, window and cursor and ignore the caller's signal", async () => {
  const { client, calls } = echoClient();
  const cached = cachePapertradeClient(client, createReadCache());
  const signal = new AbortController().signal;
  await cached.read("leaderboard", { window: "24h" }, { signal });
  await cached.read("leaderboard", { window: "24h" });
  await cached.read("leaderboard", { window: "7d" });
  const wallet = (pair: string) => `0x${pair.repeat(20)}`;
  await cached.read("tradeHistory", { wallet: wallet("AB"), cursor: "c1" });
  await cached.read("tradeHistory", { wallet: wallet("ab"), cursor: "c1" });
  const other = await cached.read("tradeHistory", { wallet: wallet("ab"), cursor: "c2" });
  await cached.read("walletStream", { wallet: wallet("AA") });
  await cached.read("walletStream", { wallet: wallet("bb") });
  assert.deepEqual(calls, [
    "leaderboard",
    "leaderboard",
    "history",
    "history",
    "snapshot",
    "snapshot",
  ]);
  assert.equal((other as unknown as { args: { cursor: string } }).args.cursor, "c2");
  assert.equal(cached.openWalletStream("0xaa", {}), "the stream" as never);
});

Deno.test("only outages are answered stale: an unknown wallet (404) stays an error", () => {
  const error = (kind: "http" | "timeout", status?: number) =>
    new PapertradeApiError("x", { endpoint: "/e", kind, status });
  assert.equal(isUpstreamOutage(error("http", 404)), false);
  assert.equal(isUpstreamOutage(error("http", 503)), true);
  assert.equal(isUpstreamOutage(error("timeout")), true);
  assert.equal(isUpstreamOutage(new Error("bug")), false);
});

Deno.test("a fresh process serves the last good answer from a file-backed Deno KV", async () => {
  const path = await Deno.makeTempFile({ suffix: ".kv" });
  try {
    const clock = { t: 5_000_000 };
    const before = await Deno.openKv(path);
    const first = echoClient();
    const cache = createReadCache({
      now: () => clock.t,
      isOutage: isUpstreamOutage,
      lastGood: kvLastGoodStore(Promise.resolve(before)),
    });
    await cachePapertradeClient(first.client, cache).read("tradingState");
    // The write is not awaited by the reader; give it its turn before closing.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await before.get(["flush"]);
    before.close();

    clock.t += 60_000;
    const after = await Deno.openKv(path);
    try {
      const second = echoClient();
      second.setDown(true);
      const restarted = cachePapertradeClient(
        second.client,
        createReadCache({
          now: () => clock.t,
          isOutage: isUpstreamOutage,
          lastGood: kvLastGoodStore(Promise.resolve(after)),
        }),
      );
      const { scope, result } = withFreshnessScope(() => restarted.read("tradingState"));
      assert.deepEqual(await result, { name: "trading", args: null });
      assert.equal(scope.reads.length, 1);
      assert.equal(scope.reads[0].ageMs, 60_000);
    } finally {
      after.close();
    }
  } finally {
    await Deno.remove(path);
  }
});

Deno.test("the client behind a cached one is still reachable, for the shared price poller", () => {
  const { client } = echoClient();
  const cached = cachePapertradeClient(client, createReadCache());
  assert.equal(uncachedClient(cached), client);
  assert.equal(uncachedClient(client), client);
});
