import assert from "node:assert/strict";
import { catalog } from "../../fixtures/mod.ts";
import { formatFinding } from "./upstream.ts";
import { MODELLED_SHAPES, PAPERTRADE_ENDPOINTS as ROWS } from "../../lib/papertrade/mod.ts";
import { CHAIN_ITEMS } from "../../lib/hyperevm/sources.ts";
import { MODELLED_ITEM_IDS } from "../../fixtures/mod.ts";
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
      // Each mismatch names its request and its field; the modelled one says why it is modelled.
      assert.deepEqual(
        report.mismatches.map((m) => [m.label, /→ at (\S+)/.exec(m.message)?.[1], m.modelled]),
        [
          ["/state/trading", "instruments[0]", undefined],
          ["/query/protocol/summary", "balances.tvl", undefined],
          ["/query/protocol/trades/recent", "events.*.side", ROWS.recentTrades.modelled[0].reason],
        ],
      );
      const text = formatReport(report);
      // Known shapes in one section, modelled ones after them with their reason.
      const [trading, , trades] = report.mismatches.map((m) => `\n  ${formatFinding(m)}\n`);
      assert.ok(text.indexOf(trading) < text.indexOf(trades));
      assert.ok(text.includes(`${trades}    modelled: ${ROWS.recentTrades.modelled[0].reason}\n`));
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
    u.setFaults([
      { target: "api", path: "/query/wallet/trades", status: 500 },
      { target: "api", path: "/query/protocol/market-stats", hang: true },
    ]);
    // The replay's RPC, except that it says it serves chain 1.
    const rpc = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
      const body = await req.text();
      const { method, id } = JSON.parse(body);
      if (method === "eth_chainId") return Response.json({ jsonrpc: "2.0", id, result: "0x1" });
      return fetch(u.rpcUrl, { method: "POST", headers: req.headers, body });
    });
    try {
      const unknown = catalog.transactions.unknown.hash;
      const report = await verifyUpstream({
        apiUrl: u.apiUrl,
        rpcUrl: `http://127.0.0.1:${rpc.addr.port}`,
        wallets: [catalog.wallets.whale.address],
        txs: [unknown],
        timeoutMs: 500,
      });
      assert.deepEqual(report.mismatches.map((m) => [m.label, m.modelled]), [
        ["eth_chainId", undefined],
      ]);
      assert.match(report.mismatches[0].message, /\b0x1\b/, "the chain id it got is named");
      // An HTTP 500 and a timeout say nothing about shapes: no answer, not a mismatch.
      assert.deepEqual(report.unreachable.map((u) => u.endpoint), [
        "/query/protocol/market-stats",
        "/query/wallet/trades",
      ]);
      assert.equal(verifyExitCode(report), VERIFY_EXIT.shapeMismatch);
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
  assert.equal(report.unreachable.length, report.checked, "every request went unanswered");
  assert.ok(report.modelled.every((m) => m.verdict === "unchecked"));
  assert.equal(verifyExitCode(report), VERIFY_EXIT.unreachable);
});

Deno.test("each modelled item the replay answers wrongly is contradicted, and alone exits 3", async () => {
  // Verify reads no stream patch and checks no signature: those three items it cannot judge.
  const unseen = ["walletStream.patchKeys", "chain.typeStrings", "chain.cancelDomain"];
  for (const item of MODELLED_ITEM_IDS.filter((id) => !unseen.includes(id))) {
    await withReplay(async (u) => {
      u.setFaults({ modelWrong: [item] });
      const report = await verifyUpstream({ apiUrl: u.apiUrl, rpcUrl: u.rpcUrl, wallets, txs });
      const fields = MODELLED_SHAPES.find((shape) => shape.item === item)?.fields ??
        [CHAIN_ITEMS.find((chain) => `chain.${chain.id}` === item)!.item];
      const contradicted = report.modelled.filter((m) => m.verdict === "contradicted");
      assert.deepEqual(contradicted.map((m) => m.fields), [fields], item);
      assert.ok(report.mismatches.length > 0 && report.mismatches.every((m) => m.modelled), item);
      assert.equal(verifyExitCode(report), VERIFY_EXIT.modelledContradicted, item);
    });
  }
});
