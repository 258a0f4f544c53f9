import { equal, ok, rejects } from "node:assert/strict";
import { encodeAbiParameters } from "viem";
import { catalog, startReplayUpstream } from "../../fixtures/mod.ts";
import { createHyperEvmClient, WIN_FEE_LIFETIME } from "./client.ts";
import { HyperEvmError } from "./hyperevm_error.ts";
import { CONTRACTS } from "./addresses.ts";
import { result, startRpc } from "../../tests/support/rpc_server.ts";

Deno.test("the win fee is the Exchange's winFeeRate(), read by eth_call and kept for its lifetime", async () => {
  let now = catalog.baseTimeMs;
  const upstream = await startReplayUpstream({ now: () => catalog.baseTimeMs });
  try {
    const client = createHyperEvmClient({ rpcUrl: upstream.rpcUrl, now: () => now });
    equal(await client.winFeeRate(), 2n * 10n ** 16n, "2% of adjusted gains");
    const after = upstream.stats().requests;
    equal(await client.winFeeRate(), 2n * 10n ** 16n);
    equal(upstream.stats().requests, after, "a fresh rate is not read again");
    now += WIN_FEE_LIFETIME.freshMs + WIN_FEE_LIFETIME.revalidateMs + 1;
    // Past its lifetime, the rate is read again; while the chain fails, the last one stands.
    upstream.setFaults({
      target: "rpc",
      rpcMethod: "eth_call",
      rpcTo: CONTRACTS.exchange,
      status: 500,
    });
    equal(await client.winFeeRate(), 2n * 10n ** 16n);
    ok(upstream.stats().requests > after, "it was asked again");
  } finally {
    await upstream.close();
  }
});

Deno.test("a chain that cannot answer winFeeRate() fails the read with a HyperEvmError", async () => {
  const upstream = await startReplayUpstream({
    now: () => catalog.baseTimeMs,
    faults: { target: "rpc", rpcMethod: "eth_call", status: 500 },
  });
  try {
    const client = createHyperEvmClient({ rpcUrl: upstream.rpcUrl, timeoutMs: 2_000 });
    await rejects(client.winFeeRate(), (error) => {
      ok(error instanceof HyperEvmError);
      equal(error.method, "eth_call");
      return true;
    });
  } finally {
    await upstream.close();
  }
});

Deno.test("a win fee above 100% is a changed answer, never a figure", async () => {
  const node = startRpc(result(encodeAbiParameters([{ type: "uint256" }], [10n ** 18n + 1n])));
  try {
    const client = createHyperEvmClient({ rpcUrl: node.url });
    await rejects(client.winFeeRate(), (error) => {
      ok(error instanceof HyperEvmError);
      equal(error.kind, "schema");
      return true;
    });
  } finally {
    await node.close();
  }
});
