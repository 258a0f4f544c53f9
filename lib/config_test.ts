import assert from "node:assert/strict";
import { configFromEnv, DEFAULT_CONFIG } from "./config.ts";

function envOf(values: Record<string, string>) {
  return { get: (name: string) => values[name] };
}

Deno.test("an empty environment gives the live upstream defaults", () => {
  const config = configFromEnv(envOf({}));
  assert.equal(config.papertradeApiUrl, "https://exchange.papertrade.xyz");
  assert.equal(config.rpcUrl, DEFAULT_CONFIG.rpcUrl);
  assert.equal(config.fallbackRpcUrl, "https://rpc.hypurrscan.io");
  assert.equal(config.siteUrl, "http://127.0.0.1:8000");
});

Deno.test("environment variables override each setting and trailing slashes go", () => {
  const config = configFromEnv(envOf({
    PAPERTRADE_API_URL: "http://127.0.0.1:9/",
    HYPEREVM_RPC_URL: "http://127.0.0.1:9/rpc",
    HYPEREVM_RPC_FALLBACK_URL: "http://127.0.0.1:9/rpc2",
    SITE_URL: "https://explorer.example/",
    PORT: "8123",
    HOST: "0.0.0.0",
  }));
  assert.equal(config.papertradeApiUrl, "http://127.0.0.1:9");
  assert.equal(config.fallbackRpcUrl, "http://127.0.0.1:9/rpc2");
  assert.equal(config.siteUrl, "https://explorer.example");
  assert.equal(config.port, 8123);
  assert.equal(config.host, "0.0.0.0");
});

Deno.test("a bad port or URL is refused with a message naming it", () => {
  assert.throws(() => configFromEnv(envOf({ PORT: "http" })), /PORT must be an integer/);
  assert.throws(
    () => configFromEnv(envOf({ SITE_URL: "not a url" })),
    /siteUrl is not a valid URL/,
  );
});
