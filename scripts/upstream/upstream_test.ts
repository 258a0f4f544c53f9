import assert from "node:assert/strict";
import { catalog } from "../../fixtures/mod.ts";
import { PAPERTRADE_ENDPOINTS as ROWS } from "../../lib/papertrade/mod.ts";
import { openUpstream, parseFlags } from "./upstream.ts";
import { startBrokenUpstream, withReplay } from "../../tests/support/upstream.ts";

const A = "0xC2C1218B7B3AED50E24CEEAEABECA882053B8D98";
const H = `0x${"ab".repeat(32)}`;
const noEnv = { get: () => undefined };

/** parseFlags with what it prints to stderr. */
function flags(args: string[], options: { out?: boolean; env?: Pick<Deno.Env, "get"> } = {}) {
  const printed: string[] = [];
  const error = console.error;
  console.error = (line: string) => printed.push(line);
  try {
    return {
      parsed: parseFlags(args, { usage: "USAGE", usageExit: 2, env: noEnv, ...options }),
      printed,
    };
  } finally {
    console.error = error;
  }
}

Deno.test("flags default to the environment, then to the public upstreams", () => {
  const plain = flags([]).parsed;
  assert.ok(typeof plain === "object");
  assert.equal(plain.apiUrl, "https://exchange.papertrade.xyz");
  assert.equal(plain.rpcUrl, "https://rpc.hyperliquid.xyz/evm");
  const env = new Map([["PAPERTRADE_API_URL", "http://127.0.0.1:9/"], [
    "HYPEREVM_RPC_URL",
    "http://x",
  ]]);
  const fromEnv = flags([], { env }).parsed;
  assert.ok(typeof fromEnv === "object");
  assert.deepEqual([fromEnv.apiUrl, fromEnv.rpcUrl], ["http://127.0.0.1:9/", "http://x"]);
});

Deno.test("wallets and transactions repeat, lower-cased, in either flag form", () => {
  const args = [
    "--wallet",
    A,
    `--wallet=${A.toLowerCase()}`,
    "--tx",
    H,
    "--api=http://h:1/",
    "--out",
    "d",
  ];
  const { parsed } = flags(args, { out: true });
  assert.ok(typeof parsed === "object");
  assert.deepEqual(parsed.wallets, [A.toLowerCase(), A.toLowerCase()]);
  assert.deepEqual(parsed.txs, [H]);
  assert.equal(parsed.apiUrl, "http://h:1");
  assert.equal(parsed.out, "d");
});

Deno.test("a bad flag exits with the usage status, naming the flag, then the usage", () => {
  for (
    const [args, flag] of [
      [["--wallet", "0x12"], "--wallet"],
      [["--tx", A], "--tx"],
      [["--api", "ftp://x"], "--api"],
      [["--rpc"], "--rpc"],
      [["--out", "d"], "--out"],
      [["--walet", A], "--walet"],
    ]
  ) {
    const { parsed, printed } = flags(args as string[]);
    assert.equal(parsed, 2, `${args}`);
    assert.ok(printed[0].includes(flag as string), printed[0]);
    assert.ok(printed[0].endsWith("\nUSAGE"));
  }
});

Deno.test("a read keeps the answer as it came, and a row the explorer drops is a finding", async () => {
  await withReplay(async (u) => {
    const broken = startBrokenUpstream(u.origin, {
      "/state/leaderboard/accounts": (body) => {
        (body.accounts as Array<Record<string, unknown>>)[1].address = "nope";
        return body;
      },
      "/query/wallet/trades": (body) => {
        (body.trades as unknown[])[0] = 5;
        return body;
      },
    });
    try {
      const good = openUpstream({ apiUrl: u.apiUrl, rpcUrl: u.rpcUrl });
      const board = await good.api("leaderboard", { window: "7d" });
      const served = await fetch(`${u.apiUrl}/state/leaderboard/accounts?window=7d`);
      assert.deepEqual(board?.raw, await served.json());
      assert.equal(board?.value.accounts.length, 25);
      const stream = await good.api("walletStream", { wallet: catalog.wallets.whale.address });
      assert.equal(
        (stream?.raw as { wallet: { address: string } }).wallet.address,
        catalog.wallets.whale.address,
      );
      assert.deepEqual(good.findings, []);

      const up = openUpstream({ apiUrl: broken.origin, rpcUrl: u.rpcUrl });
      assert.equal(await up.api("leaderboard", { window: "7d" }), undefined);
      const wallet = catalog.wallets.whale.address;
      assert.equal(await up.api("tradeHistory", { wallet }), undefined);
      // A dropped leaderboard row is a known shape (its address); a trade row is all modelled.
      assert.deepEqual(up.findings.map((f) => [f.endpoint, f.modelled]), [
        ["/state/leaderboard/accounts", undefined],
        ["/query/wallet/trades", ROWS.tradeHistory.modelled[0].reason],
      ]);
    } finally {
      await broken.close();
    }
  });
});
