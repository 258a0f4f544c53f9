import assert from "node:assert/strict";
import { ConfigError, configFromEnv, DEFAULT_CONFIG, isLoopbackHost } from "./config.ts";

function envOf(values: Record<string, string>) {
  return { get: (name: string) => values[name] };
}

Deno.test("an empty environment gives the live upstream defaults", () => {
  const config = configFromEnv(envOf({}));
  assert.equal(config.papertradeApiUrl, "https://exchange.papertrade.xyz");
  assert.equal(config.rpcUrl, DEFAULT_CONFIG.rpcUrl);
  assert.equal(config.fallbackRpcUrl, "https://rpc.hypurrscan.io");
  assert.equal(config.siteUrl, "http://127.0.0.1:8000");
  assert.equal(config.siteUrlFromEnv, false);
  assert.equal(config.blockExplorerUrl, "https://hyperevmscan.io");
  assert.deepEqual(config.trustedProxies, []);
});

Deno.test("environment variables override each setting and trailing slashes go", () => {
  const config = configFromEnv(envOf({
    PAPERTRADE_API_URL: "http://127.0.0.1:9/",
    HYPEREVM_RPC_URL: "http://127.0.0.1:9/rpc",
    HYPEREVM_RPC_FALLBACK_URL: "http://127.0.0.1:9/rpc2",
    SITE_URL: "https://explorer.example/",
    PORT: "8123",
    HOST: "0.0.0.0",
    TRUSTED_PROXIES: "10.0.0.0/8",
    UPSTREAM_TIMEOUT_MS: "3000",
    BLOCK_EXPLORER_URL: "https://scan.example/hyperevm/",
  }));
  assert.equal(config.blockExplorerUrl, "https://scan.example/hyperevm");
  assert.equal(config.papertradeApiUrl, "http://127.0.0.1:9");
  assert.equal(config.fallbackRpcUrl, "http://127.0.0.1:9/rpc2");
  assert.equal(config.siteUrl, "https://explorer.example");
  assert.equal(config.port, 8123);
  assert.equal(config.host, "0.0.0.0");
  assert.equal(config.upstreamTimeoutMs, 3000);
  assert.equal(config.trustedProxies?.length, 1);
});

Deno.test("every bad value is one error naming the variable, the value and what is allowed", () => {
  const cases: [Record<string, string>, string, RegExp][] = [
    [
      { PORT: "abc" },
      "PORT",
      /^PORT="abc" is not valid: expected a whole number from 0 to 65535\.$/,
    ],
    [{ PORT: "70000" }, "PORT", /from 0 to 65535/],
    [
      { SITE_URL: "notaurl" },
      "SITE_URL",
      /^SITE_URL="notaurl" is not valid: expected an absolute http/,
    ],
    [{ SITE_URL: "ftp://x.example" }, "SITE_URL", /http:\/\/ or https:\/\//],
    [{ UPSTREAM_TIMEOUT_MS: "-5" }, "UPSTREAM_TIMEOUT_MS", /from 100 to 120000/],
    [{ HOST: "http://x" }, "HOST", /an IP address/],
    [{ TRUSTED_PROXIES: "10.0.0.0/8,proxy" }, "TRUSTED_PROXIES", /"proxy" is neither/],
    [{ RATE_LIMIT_STORE: "redis" }, "RATE_LIMIT_STORE", /"kv" or "memory"/],
    [{ HYPEREVM_RPC_FALLBACK_URL: "x" }, "HYPEREVM_RPC_FALLBACK_URL", /absolute/],
    [{ BLOCK_EXPLORER_URL: "javascript:alert(1)" }, "BLOCK_EXPLORER_URL", /http:\/\/ or https/],
  ];
  for (const [env, variable, message] of cases) {
    assert.throws(() => configFromEnv(envOf(env)), (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.equal(error.variable, variable);
      assert.match(error.message, message);
      assert.ok(!error.message.includes("\n"));
      return true;
    });
  }
});

Deno.test("an IPv6 host gets brackets in the local site URL", () => {
  const config = configFromEnv(envOf({ HOST: "::1", PORT: "8301" }));
  assert.equal(config.host, "::1");
  assert.equal(config.siteUrl, "http://[::1]:8301");
  assert.equal(configFromEnv(envOf({ HOST: "[::1]" })).host, "::1");
  assert.ok(isLoopbackHost("::1") && isLoopbackHost("127.0.0.2") && !isLoopbackHost("0.0.0.0"));
});
