import assert from "node:assert/strict";
import { DEFAULT_API_URL, parseUpstreamArgs } from "./args.ts";

const noEnv = { get: () => undefined };
const A = "0xC2C1218B7B3AED50E24CEEAEABECA882053B8D98";
const H = `0x${"ab".repeat(32)}`;

Deno.test("flags default to the environment, then to the public upstreams", () => {
  const plain = parseUpstreamArgs([], { env: noEnv });
  assert.equal(plain.apiUrl, DEFAULT_API_URL);
  assert.equal(plain.rpcUrl, "https://rpc.hyperliquid.xyz/evm");
  assert.equal(plain.out, undefined);
  const env = new Map([["PAPERTRADE_API_URL", "http://127.0.0.1:9/"], [
    "HYPEREVM_RPC_URL",
    "http://x/rpc",
  ]]);
  const fromEnv = parseUpstreamArgs([], { env });
  assert.equal(fromEnv.apiUrl, "http://127.0.0.1:9/");
  assert.equal(fromEnv.rpcUrl, "http://x/rpc");
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
  const parsed = parseUpstreamArgs(args, { env: noEnv, allowOut: true });
  assert.deepEqual(parsed.wallets, [A.toLowerCase(), A.toLowerCase()]);
  assert.deepEqual(parsed.txs, [H]);
  assert.equal(parsed.apiUrl, "http://h:1");
  assert.equal(parsed.out, "d");
});

Deno.test("bad flags are refused with the flag's name", () => {
  const refuse = (args: string[], message: RegExp) =>
    assert.throws(() => parseUpstreamArgs(args, { env: noEnv }), message);
  refuse(["--wallet", "0x12"], /--wallet must be a 0x address, got 0x12/);
  refuse(["--tx", A], /--tx must be a 32-byte 0x hash/);
  refuse(["--api", "ftp://x"], /--api must be an http\(s\) URL/);
  refuse(["--rpc"], /--rpc needs a value/);
  refuse(["--out", "d"], /--out is a flag of the recorder only/);
  refuse(["--walet", A], /unknown flag --walet/);
});
