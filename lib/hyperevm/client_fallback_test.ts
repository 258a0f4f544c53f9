/**
 * The client's fallback and hedging: a failing or silent primary hands over to the fallback
 * endpoint, and a quick primary answers alone.
 */
import { deepEqual, equal } from "node:assert/strict";
import { createHyperEvmClient } from "./client.ts";
import { result, startRpc, status } from "./_testing_rpc.ts";

Deno.test("the fallback answers when the primary replies 502", async () => {
  const primary = startRpc(status(502));
  const backup = startRpc(result("0x2e28680"));
  try {
    const client = createHyperEvmClient({ rpcUrl: primary.url, fallbackRpcUrl: backup.url });
    equal(await client.blockNumber(), 48_400_000n);
    deepEqual(primary.calls.map((c) => c.method), ["eth_blockNumber"]);
    deepEqual(backup.calls.map((c) => c.method), ["eth_blockNumber"]);
  } finally {
    await primary.close();
    await backup.close();
  }
});

Deno.test("a hanging primary is cut off by the timeout and the fallback answers", async () => {
  const primary = startRpc(() => "hang");
  const backup = startRpc(result("0x10"));
  try {
    const client = createHyperEvmClient({
      rpcUrl: primary.url,
      fallbackRpcUrl: backup.url,
      timeoutMs: 200,
    });
    equal(await client.blockNumber(), 16n);
    equal(primary.calls.length, 1);
    equal(backup.calls.length, 1);
  } finally {
    await primary.close();
    await backup.close();
  }
});

Deno.test("hedging: the fallback races a silent primary after the hedge delay, not after the timeout", async () => {
  const primary = startRpc(() => "hang");
  const backup = startRpc(result("0x10"));
  try {
    const client = createHyperEvmClient({
      rpcUrl: primary.url,
      fallbackRpcUrl: backup.url,
      timeoutMs: 60_000,
      hedgeDelayMs: 10,
    });
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
  } finally {
    await primary.close();
    await backup.close();
  }
});

Deno.test("hedging: a quick primary answers alone and the fallback is never asked", async () => {
  const primary = startRpc(result("0x20"));
  const backup = startRpc(result("0x10"));
  try {
    const client = createHyperEvmClient({
      rpcUrl: primary.url,
      fallbackRpcUrl: backup.url,
      hedgeDelayMs: 5_000,
    });
    equal(await client.blockNumber(), 32n);
    equal(backup.calls.length, 0);
  } finally {
    await primary.close();
    await backup.close();
  }
});
