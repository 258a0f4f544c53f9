/** Runtime configuration, read once from the environment (see the README's table). */
import { DEFAULT_UPSTREAMS } from "./default_upstreams.ts";

/** Where the explorer reads from and where it listens. */
export interface AppConfig {
  /** Papertrade API origin. */
  papertradeApiUrl: string;
  /** Primary HyperEVM JSON-RPC endpoint. */
  rpcUrl: string;
  /** Fallback HyperEVM JSON-RPC endpoint, tried when the primary fails. */
  fallbackRpcUrl: string;
  /** Canonical public URL of this site, used in links, cards and previews. */
  siteUrl: string;
  /** Listening address and port for local runs (Deno Deploy ignores them). */
  host: string;
  port: number;
  /** Upstream request timeout in ms. */
  upstreamTimeoutMs: number;
}

/** Defaults for the live upstream (papertrade-facts.md section 1). */
export const DEFAULT_CONFIG: AppConfig = {
  ...DEFAULT_UPSTREAMS,
  siteUrl: "http://127.0.0.1:8000",
  host: "127.0.0.1",
  port: 8000,
  upstreamTimeoutMs: 8000,
};

/** Reads the configuration from environment variables, falling back to the defaults. */
export function configFromEnv(
  env: { get(name: string): string | undefined } = Deno.env,
): AppConfig {
  const text = (name: string, fallback: string) => env.get(name)?.trim() || fallback;
  const port = Number(text("PORT", String(DEFAULT_CONFIG.port)));
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer from 0 to 65535, got ${env.get("PORT")}`);
  }
  const timeout = Number(text("UPSTREAM_TIMEOUT_MS", String(DEFAULT_CONFIG.upstreamTimeoutMs)));
  const config: AppConfig = {
    papertradeApiUrl: stripSlash(text("PAPERTRADE_API_URL", DEFAULT_CONFIG.papertradeApiUrl)),
    rpcUrl: text("HYPEREVM_RPC_URL", DEFAULT_CONFIG.rpcUrl),
    fallbackRpcUrl: text("HYPEREVM_RPC_FALLBACK_URL", DEFAULT_CONFIG.fallbackRpcUrl),
    siteUrl: stripSlash(text("SITE_URL", `http://${text("HOST", DEFAULT_CONFIG.host)}:${port}`)),
    host: text("HOST", DEFAULT_CONFIG.host),
    port,
    upstreamTimeoutMs: Number.isFinite(timeout) && timeout > 0
      ? timeout
      : DEFAULT_CONFIG.upstreamTimeoutMs,
  };
  for (const key of ["papertradeApiUrl", "rpcUrl", "fallbackRpcUrl", "siteUrl"] as const) {
    try {
      new URL(config[key]);
    } catch {
      throw new Error(`${key} is not a valid URL: ${config[key]}`);
    }
  }
  return config;
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, "");
}
