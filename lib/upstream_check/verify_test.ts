import assert from "node:assert/strict";
import { catalog, type ReplayUpstream, startReplayUpstream } from "../../fixtures/mod.ts";
import { formatMismatch } from "./mismatch.ts";
import { formatReport, verifyUpstream } from "./verify.ts";
import { startBrokenUpstream } from "./_test_proxy.ts";

async function withReplay(fn: (u: ReplayUpstream) => Promise<void>) {
  const upstream = await startReplayUpstream({ now: () => catalog.baseTimeMs });
  try {
    await fn(upstream);
  } finally {
    await upstream.close();
  }
}

const wallets = [
  catalog.wallets.whale.address,
  catalog.wallets.pending_ops.address,
  catalog.wallets.fresh.address,
];
const txs = [
  catalog.transactions.multi_wallet_batch.hash,
  catalog.transactions.not_papertrade.hash,
];

Deno.test("verifying the replay upstream reports no mismatch", async () => {
  await withReplay(async (u) => {
    const report = await verifyUpstream({ apiUrl: u.apiUrl, rpcUrl: u.rpcUrl, wallets, txs });
    assert.deepEqual(report.mismatches, []);
    assert.deepEqual(report.notes, []);
    // 10 single answers + 4 leaderboard windows + 2 per wallet; chain id, head, head block,
    // and transaction + receipt + block logs per transaction.
    assert.equal(report.checked, 10 + 4 + 2 * wallets.length + 3 + 3 * txs.length);
    assert.equal(formatReport(report), `${report.checked} endpoints checked, 0 mismatches`);
  });
});

Deno.test("a changed upstream is reported by endpoint and field, known apart from modelled", async () => {
  await withReplay(async (u) => {
    const broken = startBrokenUpstream(u.origin);
    try {
      const report = await verifyUpstream({
        apiUrl: broken.origin,
        rpcUrl: `${broken.origin}/rpc/primary`,
      });
      assert.deepEqual(
        report.mismatches.map((m) => [formatMismatch(m), m.field, Boolean(m.modelled)]),
        [
          ["/state/trading instruments[0] has 22 fields, expected 23", "instruments[0]", false],
          [
            "/query/protocol/summary balances.tvl: expected a non-negative integer string, got number",
            "balances.tvl",
            false,
          ],
          [
            "/query/protocol/summary fees.pending: expected a non-negative integer string, got number",
            "fees.pending",
            true,
          ],
        ],
      );
      const text = formatReport(report);
      assert.match(text, /^known shape .*:\n {2}\/state\/trading instruments\[0\] has 22 fields/);
      assert.match(
        text,
        /modelled shape .*:\n {2}\/query\/protocol\/summary fees\.pending: .*\n {4}modelled: the pending-fees key is unknown/,
      );
      assert.match(text, /\n17 endpoints checked, 3 mismatches$/);
    } finally {
      await broken.close();
    }
  });
});

Deno.test("failed requests, a wrong chain id and unknown transactions are reported", async () => {
  await withReplay(async (u) => {
    u.setFaults({ target: "api", path: "/query/wallet/trades", status: 500 });
    // A fake RPC that answers every call with chain id 1's answer shape.
    const rpc = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
      const { method, id } = await req.json();
      const result = method === "eth_chainId"
        ? "0x1"
        : method === "eth_blockNumber"
        ? "0x10"
        : null;
      return Response.json({ jsonrpc: "2.0", id, result });
    });
    try {
      const unknown = catalog.transactions.unknown.hash;
      const report = await verifyUpstream({
        apiUrl: u.apiUrl,
        rpcUrl: `http://127.0.0.1:${rpc.addr.port}`,
        wallets: [catalog.wallets.whale.address],
        txs: [unknown],
      });
      assert.deepEqual(report.mismatches.map((m) => [formatMismatch(m), m.modelled]), [
        [
          `/query/wallet/trades?filter=all&limit=75&wallet=${catalog.wallets.whale.address} response: HTTP 500`,
          "the trade-history path and row keys are unknown (only adjustedPnlRaw, userPaidFeeRaw and cursor paging are documented)",
        ],
        ["eth_chainId result: expected 0x3e7, got 0x1", undefined],
      ]);
      assert.deepEqual(report.notes, [
        `transaction ${unknown} is unknown to the RPC; its receipt was not checked`,
      ]);
    } finally {
      await rpc.shutdown();
    }
  });
});
