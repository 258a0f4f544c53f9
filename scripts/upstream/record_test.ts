import assert from "node:assert/strict";
import { catalog, type ReplayUpstream } from "../../fixtures/mod.ts";
import { RECORDED_FILES, recordUpstream, writeRecording } from "./record.ts";
import { PAPERTRADE_ENDPOINTS as ROWS } from "../../lib/papertrade/mod.ts";
import { startBrokenUpstream, withReplay } from "../../tests/support/upstream.ts";

const DATA = new URL("../../fixtures/data/", import.meta.url);
const now = () => catalog.baseTimeMs;

async function committed(name: string): Promise<string> {
  return await Deno.readTextFile(new URL(name, DATA));
}

/** Every wallet and every mined transaction of the committed fixtures. */
async function everything() {
  const wallets = Object.keys(JSON.parse(await committed("wallets.json")));
  const chain = JSON.parse(await committed("chain.json")) as { transactions: { hash: string }[] };
  return { wallets, txs: chain.transactions.map((t) => t.hash) };
}

type Row = { address: string };
const byAddress = (rows: Row[]) => [...rows].sort((a, b) => (a.address < b.address ? -1 : 1));

Deno.test("recording the replay upstream reproduces the committed fixture files", async () => {
  const { wallets, txs } = await everything();
  const unmined = catalog.transactions.submitted_not_mined.hash;
  await withReplay(async (u) => {
    const result = await recordUpstream({
      apiUrl: u.apiUrl,
      rpcUrl: u.rpcUrl,
      wallets,
      txs: [...txs, unmined],
    });
    assert.deepEqual(result.problems, []);
    assert.deepEqual(result.notes, [
      `transaction ${unmined} is unknown (or not yet mined): skipped`,
    ]);
    assert.deepEqual(Object.keys(result.files).sort(), [...RECORDED_FILES].sort());

    // Answers served as stored come back byte for byte.
    const derived = ["leaderboard.json"];
    for (const name of RECORDED_FILES.filter((n) => !derived.includes(n))) {
      assert.equal(result.files[name], await committed(name), `${name} differs`);
    }

    // The leaderboard is served sorted and ranked; the committed file lists rows in the
    // generator's roster order. The recording keeps rank order, so compare rows as sets.
    const recorded = JSON.parse(result.files["leaderboard.json"]);
    const expected = JSON.parse(await committed("leaderboard.json"));
    assert.deepEqual(recorded.summary, expected.summary);
    assert.deepEqual(Object.keys(recorded.windows), Object.keys(expected.windows));
    for (const window of Object.keys(expected.windows)) {
      assert.deepEqual(byAddress(recorded.windows[window]), byAddress(expected.windows[window]));
      assert.equal(recorded.windows[window][0].rank, undefined, "rank is not stored");
    }
  });
});

Deno.test("a replay serving a recording answers exactly as the committed fixtures do", async () => {
  const { wallets, txs } = await everything();
  const dir = await Deno.makeTempDir({ prefix: "record-test-" });
  try {
    await withReplay(async (u) => {
      const result = await recordUpstream({ apiUrl: u.apiUrl, rpcUrl: u.rpcUrl, wallets, txs });
      await writeRecording(dir, result.files);
    });
    const whale = catalog.wallets.whale.address;
    const paths = [
      "/state/trading",
      "/query/protocol/summary",
      "/query/protocol/trades/recent",
      `/queue-rank/accounts/${catalog.wallets.pending_ops.address}`,
      "/query/protocol/history?interval=1h",
      "/state/leaderboard/accounts?page=1&pageSize=25&sortDir=desc&sortKey=totalWindowedPnl&window=24h",
      "/state/leaderboard/accounts?page=0&pageSize=10&query=a&sortDir=asc&sortKey=paperTotal&window=all",
      `/query/wallet/trades?filter=losses&limit=20&wallet=${whale}`,
    ];
    const rpc = [
      ["eth_getBlockByNumber", [
        `0x${catalog.transactions.multi_wallet_batch.block.toString(16)}`,
        true,
      ]],
      ["eth_getLogs", [{ fromBlock: `0x${(catalog.headBlock - 999).toString(16)}` }]],
      ["eth_getTransactionReceipt", [catalog.transactions.feed[0]]],
    ] as const;
    const answers = async (u: ReplayUpstream) => {
      const out: string[] = [];
      for (const path of paths) out.push(await (await fetch(`${u.apiUrl}${path}`)).text());
      for (const [method, params] of rpc) {
        const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method, params });
        out.push(await (await fetch(u.rpcUrl, { method: "POST", body })).text());
      }
      return out;
    };
    let original: string[] = [];
    await withReplay(async (u) => void (original = await answers(u)));
    await withReplay(async (u) => {
      const replayed = await answers(u);
      paths.forEach((path, i) => assert.equal(replayed[i], original[i], path));
      rpc.forEach(([method], i) =>
        assert.equal(replayed[paths.length + i], original[paths.length + i], method)
      );
    }, { now, dataDir: dir });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the recorder waits out a 429 retry-after and a 503 before recording", async () => {
  await withReplay(async (u) => {
    const waits: number[] = [];
    const sleep = (ms: number) => (waits.push(ms), Promise.resolve());
    u.setFaults({
      target: "api",
      path: "/state/leaderboard",
      rateLimit: { retryAfterS: 7 },
      times: 1,
    });
    const first = await recordUpstream({ apiUrl: u.apiUrl, rpcUrl: u.rpcUrl, sleep });
    assert.deepEqual(waits, [7000], "waited the 7 s the upstream asked for, once");
    assert.deepEqual(first.problems, []);
    assert.ok(first.files["leaderboard.json"]);

    waits.length = 0;
    u.setFaults({ target: "api", path: "/query/protocol/summary", status: 503, times: 1 });
    const second = await recordUpstream({ apiUrl: u.apiUrl, rpcUrl: u.rpcUrl, sleep });
    assert.deepEqual(waits, [500]);
    assert.equal(second.files["protocol-summary.json"], await committed("protocol-summary.json"));
  });
});

Deno.test("an answer that fails or does not match is reported by endpoint and field and not written", async () => {
  await withReplay(async (u) => {
    const broken = startBrokenUpstream(u.origin);
    try {
      u.setFaults({ target: "api", path: "/query/protocol/market-stats", status: 500 });
      const result = await recordUpstream({
        apiUrl: broken.origin,
        rpcUrl: `${broken.origin}/rpc/primary`,
        wallets: [catalog.wallets.whale.address],
      });
      // Each problem names its request and the field it is about (a failed request: no answer),
      // and why the field is modelled when it is.
      const found = result.problems.map((p) => [
        p.label,
        p.unreachable ? "no answer" : /→ at (\S+)/.exec(p.message)?.[1],
        p.modelled,
      ]);
      assert.deepEqual(found, [
        ["/state/trading", "instruments[0]", undefined],
        ["/query/protocol/summary", "balances.tvl", undefined],
        ["/query/protocol/market-stats", "no answer", undefined],
        ["/query/protocol/trades/recent", "events.*.side", ROWS.recentTrades.modelled[0].reason],
      ]);
      for (const name of ["state-trading.json", "protocol-summary.json", "market-stats.json"]) {
        assert.equal(result.files[name], undefined, `${name} is not written`);
        assert.ok(
          result.notes.includes(`${name} was not written: an answer it needs failed (see above)`),
        );
      }
      assert.equal(result.files["queue-summary.json"], await committed("queue-summary.json"));
      assert.ok(JSON.parse(result.files["wallets.json"])[catalog.wallets.whale.address]);
    } finally {
      await broken.close();
    }
  });
});
