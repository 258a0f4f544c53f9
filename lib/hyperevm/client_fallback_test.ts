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
  options: { timeoutMs?: number; hedgeDelayMs?: number },
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

Deno.test("hedging: the fallback races a silent primary after the hedge delay, not after the timeout", async () => {
  await withRpcPair(
    () => "hang",
    result("0x10"),
    { timeoutMs: 60_000, hedgeDelayMs: 10 },
    async (primary, backup, client) => {
      // The primary's own timeout is a minute away; the answer must come long before it.
      let timer: ReturnType<typeof setTimeout> | undefined;
      const tooLate = new Promise((resolve) => (timer = setTimeout(resolve, 30_000, "too late")));
      const answered = await Promise.race([client.blockNumber(), tooLate]);
      clearTimeout(timer);
      equal(answered, 16n);
      equal(primary.calls.length, 1, "the primary was asked first");
      equal(backup.calls.length, 1);
      // The losing request is abandoned at once, not left to run into its timeout.
      let guard: ReturnType<typeof setTimeout> | undefined;
      const noAbort = new Promise((resolve) => (guard = setTimeout(resolve, 10_000, "no abort")));
      equal(await Promise.race([primary.aborted.then(() => "aborted"), noAbort]), "aborted");
      clearTimeout(guard);
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
