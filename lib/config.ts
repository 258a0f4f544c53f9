/**
 * Runtime configuration, read and validated once from the environment (see the README's
 * table). A bad value is a {@link ConfigError} naming the variable, the value and what is
 * allowed; the entries print its one line and exit with status 2.
 */
import { type AddressRange, parseTrustedProxies } from "./http/trusted_proxies.ts";
import { normalizeIpAddress } from "./http/ip_address.ts";
import { DEFAULT_UPSTREAMS } from "./default_upstreams.ts";

/** Where the explorer reads from and where it listens. */
export interface AppConfig {
  /** Papertrade API origin. */
  papertradeApiUrl: string;
  /** Primary HyperEVM JSON-RPC endpoint. */
  rpcUrl: string;
  /** Fallback HyperEVM JSON-RPC endpoint, raced against a slow primary. */
  fallbackRpcUrl: string;
  /** Hyperliquid info API (`POST` l2Book), read for a mark the BBO precompile cannot give. */
  hyperliquidInfoUrl: string;
  /**
   * Canonical public URL of this site, used in links, cards and previews. Empty when unknown
   * (production without `SITE_URL`): links are then root-relative.
   */
  siteUrl: string;
  /** Listening address and port for local runs (Deno Deploy ignores them). */
  host: string;
  port: number;
  /** Upstream request timeout in ms. */
  upstreamTimeoutMs: number;
  /** Proxies whose `X-Forwarded-For` is believed (`TRUSTED_PROXIES`); none by default. */
  trustedProxies?: readonly AddressRange[];
  /** Most client connections held at once by the self-hosted server (`MAX_CONNECTIONS`). */
  maxConnections?: number;
  /** The self-hosted server closes a connection silent both ways this long (`IDLE_TIMEOUT_MS`). */
  idleTimeoutMs?: number;
  /** ... and one whose request has waited this long for an answer (`REQUEST_TIMEOUT_MS`). */
  requestTimeoutMs?: number;
  /** True when `SITE_URL` was set; otherwise the entry may fill `siteUrl` in after listening. */
  siteUrlFromEnv?: boolean;
}

/** The variables naming the upstream, as the explorer reads them (one home for the names). */
export const UPSTREAM_VARIABLES = [
  "PAPERTRADE_API_URL",
  "HYPEREVM_RPC_URL",
  "HYPEREVM_RPC_FALLBACK_URL",
  "HYPERLIQUID_INFO_URL",
] as const;

/** Defaults for the live upstream (papertrade-facts.md section 1). */
export const DEFAULT_CONFIG: AppConfig = {
  ...DEFAULT_UPSTREAMS,
  siteUrl: "http://127.0.0.1:8000",
  host: "127.0.0.1",
  port: 8000,
  upstreamTimeoutMs: 8000,
};

/** A variable with a value we cannot use. `message` is the whole one-line explanation. */
export class ConfigError extends Error {
  /** The environment variable at fault. */
  readonly variable: string;
  /** Its value as given. */
  readonly value: string;
  /** What would have been accepted. */
  readonly allowed: string;

  /** Builds the error and its one-line message. */
  constructor(variable: string, value: string, allowed: string) {
    const shown = value.length > 80 ? `${value.slice(0, 80)}…` : value;
    super(`${variable}=${JSON.stringify(shown)} is not valid: ${allowed}.`);
    this.name = "ConfigError";
    this.variable = variable;
    this.value = value;
    this.allowed = allowed;
  }
}

type Env = { get(name: string): string | undefined };

/** Reads and validates the configuration. Throws {@link ConfigError} on the first bad value. */
export function configFromEnv(env: Env = Deno.env): AppConfig {
  const raw = (name: string) => env.get(name)?.trim() || undefined;
  const port = integer(env, "PORT", DEFAULT_CONFIG.port, 0, 65535);
  const host = hostValue(raw("HOST") ?? DEFAULT_CONFIG.host);
  const trusted = parseTrustedProxies(raw("TRUSTED_PROXIES"));
  if (!trusted.ok) {
    throw new ConfigError(
      "TRUSTED_PROXIES",
      env.get("TRUSTED_PROXIES") ?? "",
      `expected comma-separated IP addresses or CIDR ranges (or "loopback"); "${trusted.entry}" is neither`,
    );
  }
  const store = raw("RATE_LIMIT_STORE");
  if (store !== undefined && !["kv", "memory"].includes(store.toLowerCase())) {
    throw new ConfigError("RATE_LIMIT_STORE", store, 'expected "kv" or "memory"');
  }
  const siteUrl = raw("SITE_URL");
  return {
    papertradeApiUrl: url(env, UPSTREAM_VARIABLES[0], DEFAULT_CONFIG.papertradeApiUrl),
    rpcUrl: url(env, UPSTREAM_VARIABLES[1], DEFAULT_CONFIG.rpcUrl),
    fallbackRpcUrl: url(env, UPSTREAM_VARIABLES[2], DEFAULT_CONFIG.fallbackRpcUrl),
    hyperliquidInfoUrl: url(env, UPSTREAM_VARIABLES[3], DEFAULT_CONFIG.hyperliquidInfoUrl),
    siteUrl: siteUrl === undefined ? localSiteUrl(host, port) : url(env, "SITE_URL", ""),
    siteUrlFromEnv: siteUrl !== undefined,
    host,
    port,
    upstreamTimeoutMs: integer(env, "UPSTREAM_TIMEOUT_MS", 8000, 100, 120_000),
    trustedProxies: trusted.ranges,
    maxConnections: integer(env, "MAX_CONNECTIONS", 512, 1, 1_000_000),
    idleTimeoutMs: integer(env, "IDLE_TIMEOUT_MS", 30_000, 100, 3_600_000),
    requestTimeoutMs: integer(env, "REQUEST_TIMEOUT_MS", 60_000, 100, 3_600_000),
  };
}

/** `http://host:port` for a local run, with IPv6 hosts in brackets. */
export function localSiteUrl(host: string, port: number): string {
  const shown = host.includes(":") ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

/** True when `host` only listens on this machine (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  if (host === "localhost") return true;
  const address = normalizeIpAddress(host);
  return address !== undefined && (address === "::1" || address.startsWith("127."));
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const text = env.get(name)?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new ConfigError(
      name,
      env.get(name) ?? "",
      `expected a whole number from ${min} to ${max}`,
    );
  }
  return value;
}

function url(env: Env, name: string, fallback: string): string {
  const text = env.get(name)?.trim();
  if (!text) return fallback;
  let parsed: URL | undefined;
  try {
    parsed = new URL(text);
  } catch {
    parsed = undefined;
  }
  if (!parsed || !["http:", "https:"].includes(parsed.protocol) || parsed.search || parsed.hash) {
    throw new ConfigError(name, text, "expected an absolute http:// or https:// URL without query");
  }
  return text.replace(/\/+$/, "");
}

function hostValue(text: string): string {
  const unbracketed = text.replace(/^\[(.*)\]$/, "$1");
  if (normalizeIpAddress(unbracketed) || /^[a-zA-Z0-9.-]{1,253}$/.test(unbracketed)) {
    return unbracketed;
  }
  throw new ConfigError(
    "HOST",
    text,
    "expected an IP address (127.0.0.1, ::1, 0.0.0.0) or a host name",
  );
}
