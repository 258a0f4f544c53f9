/**
 * The client's fallback and hedging: a failing or silent primary hands over to the fallback
 * endpoint, and a quick primary answers alone.
 */
import { deepEqual, equal } from "node:assert/strict";
import { createHyperEvmClient } from "./client.ts";
import { result, startRpc, status } from "../../tests/support/rpc_server.ts";

type Rpc = ReturnType<typeof startRpc>;
type Client = ReturnType<typeof createHyperEvmClient>;

/** A primary and a fallback RPC on loopback, and a client over both, for `body`. */
async function withRpcPair(
  primaryAnswer: Parameters<typeof startRpc>[0],
  backupAnswer: Parameters<typeof startRpc>[0],
  options: { timeoutMs?: number; hedgeDelayMs?: number; fetch?: typeof fetch },
  body: (primary: Rpc, backup: Rpc, client: Client) => Promise<void>,
): Promise<void> {
  const primary = startRpc(primaryAnswer);
  const backup = startRpc(backupAnswer);
  try {
    await body(
      primary,
      backup,
      createHyperEvmClient({ rpcUrl: primary.url, fallbackRpcUrl: backup.url, ...options }),
    );
  } finally {
    await primary.close();
    await backup.close();
  }
}

Deno.test("the fallback answers when the primary replies 502", async () => {
  await withRpcPair(status(502), result("0x2e28680"), {}, async (primary, backup, client) => {
    equal(await client.blockNumber(), 48_400_000n);
    deepEqual(primary.calls.map((c) => c.method), ["eth_blockNumber"]);
    deepEqual(backup.calls.map((c) => c.method), ["eth_blockNumber"]);
  });
});

Deno.test("a hanging primary is cut off by the timeout and the fallback answers", async () => {
  await withRpcPair(
    () => "hang",
    result("0x10"),
    { timeoutMs: 200 },
    async (primary, backup, client) => {
      equal(await client.blockNumber(), 16n);
      equal(primary.calls.length, 1);
      equal(backup.calls.length, 1);
    },
  );
});

Deno.test("hedging: the fallback is asked while the silent primary is still open, and wins", async () => {
  // Each request the client sends, and whether the ones before it were still open then.
  const sent: { url: string; signal: AbortSignal; openBefore: boolean[] }[] = [];
  const recording: typeof fetch = (input, init) => {
    const openBefore = sent.map((request) => !request.signal.aborted);
    sent.push({ url: String(input), signal: init!.signal!, openBefore });
    return fetch(input, init);
  };
  await withRpcPair(
    () => "hang",
    result("0x10"),
    // The primary's own timeout (a minute, cut to the upstream budget) is far beyond the guard
    // below, so only a fallback asked beside the hanging primary can answer in time.
    { timeoutMs: 60_000, hedgeDelayMs: 10, fetch: recording },
    async (primary, backup, client) => {
      let guard: ReturnType<typeof setTimeout> | undefined;
      const noAnswer = new Promise((resolve) => (guard = setTimeout(resolve, 10_000, "no answer")));
      const answered = await Promise.race([client.blockNumber(), noAnswer]);
      clearTimeout(guard);
      equal(answered, 16n, "the fallback answered while the primary hung");
      deepEqual(sent.map((request) => request.url), [primary.url, backup.url]);
      deepEqual(sent[1].openBefore, [true], "the primary was still open when the fallback went");
      // The losing request is abandoned once the fallback has won, not left to its timeout.
      equal(sent[0].signal.aborted, true);
      equal(primary.calls.length, 1);
      equal(backup.calls.length, 1);
    },
  );
});

Deno.test("hedging: a quick primary answers alone and the fallback is never asked", async () => {
  await withRpcPair(
    result("0x20"),
    result("0x10"),
    { hedgeDelayMs: 5_000 },
    async (_primary, backup, client) => {
      equal(await client.blockNumber(), 32n);
      equal(backup.calls.length, 0);
    },
  );
});
