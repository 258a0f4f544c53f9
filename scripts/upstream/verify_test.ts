import assert from "node:assert/strict";
import { catalog } from "../../fixtures/mod.ts";
import { formatMismatch } from "./check.ts";
import { formatReport, VERIFY_EXIT, verifyExitCode, verifyUpstream } from "./verify.ts";
import { startBrokenUpstream, withReplay } from "../../tests/support/upstream.ts";

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
    assert.deepEqual(report.unreachable, []);
    assert.deepEqual(report.notes, []);
    // 9 recorded answers + the health path + 4 leaderboard windows + 3 per wallet (stream,
    // queue ranks, trade history); chain id, head, head block, the BBO precompile, the win fee,
    // and transaction + receipt + block logs per transaction.
    assert.equal(report.checked, 9 + 1 + 4 + 3 * wallets.length + 5 + 3 * txs.length);
    assert.equal(verifyExitCode(report), VERIFY_EXIT.ok);
    // The replay serves our models, so every modelled item it answers is consistent with them;
    // the patch keys stay unchecked, as the verifier leaves the stream after the snapshot.
    const unchecked = report.modelled.filter((m) => m.verdict !== "confirmed");
    assert.deepEqual(unchecked.map((m) => [m.endpoint, m.verdict]), [
      ["/state/user/live", "unchecked"],
    ]);
    assert.ok(unchecked[0].fields.every((field) => field.startsWith("patch.")));
    assert.match(
      formatReport(report),
      new RegExp(`\n${report.checked} endpoints checked, 0 mismatches, 0 unreachable$`),
    );
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
            "/query/protocol/trades/recent events[0].side: modelled key not found (got string)",
            "events[0].side",
            true,
          ],
        ],
      );
      const text = formatReport(report);
      assert.match(text, /^known shape .*:\n {2}\/state\/trading instruments\[0\] has 22 fields/);
      assert.match(
        text,
        /modelled shape .*:\n {2}\/query\/protocol\/trades\/recent events\[0\]\.side: .*\n {4}modelled: the side and kind words were placeholders/,
      );
      assert.match(text, /\n19 endpoints checked, 3 mismatches, 0 unreachable$/);
      assert.match(
        text,
        /\n {2}contradicted \/query\/protocol\/trades\/recent events\.\*\.side, events\.\*\.kind\n/,
      );
      assert.equal(verifyExitCode(report), VERIFY_EXIT.shapeMismatch);
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
        ["eth_chainId result: expected 0x3e7, got 0x1", undefined],
      ]);
      // An HTTP 500 says nothing about shapes: the endpoint is unreachable, not mismatched.
      assert.deepEqual(report.unreachable.map((u) => [u.endpoint, u.problem]), [
        ["/query/wallet/trades", "HTTP 500"],
      ]);
      assert.deepEqual(report.notes, [
        `transaction ${unknown} is unknown to the RPC; its receipt was not checked`,
      ]);
    } finally {
      await rpc.shutdown();
    }
  });
});

Deno.test("a contradicted modelled item alone exits 3; an unreachable upstream alone exits 4", async () => {
  await withReplay(async (u) => {
    // The modelled trade-history path answers something that is not our model at all.
    u.setFaults({ target: "api", path: "/query/wallet/trades", malformed: true });
    const report = await verifyUpstream({
      apiUrl: u.apiUrl,
      rpcUrl: u.rpcUrl,
      wallets: [catalog.wallets.whale.address],
      maxAttempts: 1,
    });
    assert.deepEqual(report.unreachable, []);
    assert.ok(report.mismatches.every((m) => m.modelled));
    const verdict = report.modelled.find((m) => m.endpoint === "/query/wallet/trades");
    assert.equal(verdict?.verdict, "contradicted");
    assert.equal(verifyExitCode(report), VERIFY_EXIT.modelledContradicted);
  });
  // Nothing listens on a port just released.
  const closed = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (closed.addr as Deno.NetAddr).port;
  closed.close();
  const report = await verifyUpstream({
    apiUrl: `http://127.0.0.1:${port}`,
    rpcUrl: `http://127.0.0.1:${port}/rpc`,
    maxAttempts: 1,
  });
  assert.deepEqual(report.mismatches, []);
  assert.ok(report.unreachable.length > 0);
  assert.ok(report.unreachable.every((u) => u.problem.startsWith("unreachable: ")));
  assert.ok(report.modelled.every((m) => m.verdict === "unchecked"));
  assert.equal(verifyExitCode(report), VERIFY_EXIT.unreachable);
});
