/**
 * Runtime configuration, validated once from the environment by one zod schema (the README's
 * table). A bad value is a {@link ConfigError} naming the variable, the value and what is allowed;
 * the entries print its one line and exit with status 2.
 */
import { z } from "zod";
import { normalizeIpAddress, parseTrustedProxies } from "./http/client_key.ts";
import { DEFAULT_UPSTREAMS } from "./default_upstreams.ts";

/** The variables naming the upstream, as the explorer reads them (one home for the names). */
export const UPSTREAM_VARIABLES = [
  "PAPERTRADE_API_URL",
  "HYPEREVM_RPC_URL",
  "HYPEREVM_RPC_FALLBACK_URL",
  "HYPERLIQUID_INFO_URL",
] as const;

/** A variable with a value we cannot use. `message` is the whole one-line explanation. */
export class ConfigError extends Error {
  override name = "ConfigError";

  constructor(readonly variable: string, value: string, allowed: string) {
    const shown = value.length > 80 ? `${value.slice(0, 80)}…` : value;
    super(`${variable}=${JSON.stringify(shown)} is not valid: ${allowed}.`);
  }
}

/** A variable's value trimmed, with unset and blank alike absent (then its default applies). */
function variable<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => typeof value === "string" && value.trim() ? value.trim() : undefined,
    schema,
  );
}

function whole(min: number, max: number, fallback: number) {
  const allowed = `expected a whole number from ${min} to ${max}`;
  return variable(
    z.string().regex(/^\d+$/, allowed).transform(Number)
      .pipe(z.number().int().min(min, allowed).max(max, allowed)).default(fallback),
  );
}

const URL_ALLOWED = "expected an absolute http:// or https:// URL without query";
const URL_VALUE = z.url({ protocol: /^https?$/, error: URL_ALLOWED })
  .refine(
    (text) => !URL.canParse(text) || !new URL(text).search && !new URL(text).hash,
    URL_ALLOWED,
  )
  .transform((text) => text.replace(/\/+$/, ""));

function url(fallback: string) {
  return variable(URL_VALUE.default(fallback));
}

const HOST_VALUE = variable(
  z.string().transform((text) => text.replace(/^\[(.*)\]$/, "$1")).refine(
    (host) => normalizeIpAddress(host) !== undefined || /^[a-zA-Z0-9.-]{1,253}$/.test(host),
    "expected an IP address (127.0.0.1, ::1, 0.0.0.0) or a host name",
  ).default("127.0.0.1"),
);

const PROXIES_VALUE = variable(z.string().optional()).transform((text, context) => {
  const parsed = parseTrustedProxies(text);
  if (parsed.ok) return parsed.ranges;
  context.addIssue({
    code: "custom",
    message:
      `expected comma-separated IP addresses or CIDR ranges (or "loopback"); "${parsed.entry}" is neither`,
  });
  return z.NEVER;
});

// The defaults are the live upstream's (papertrade-facts.md section 1).
const ENVIRONMENT = z.object({
  [UPSTREAM_VARIABLES[0]]: url(DEFAULT_UPSTREAMS.papertradeApiUrl),
  [UPSTREAM_VARIABLES[1]]: url(DEFAULT_UPSTREAMS.rpcUrl),
  [UPSTREAM_VARIABLES[2]]: url(DEFAULT_UPSTREAMS.fallbackRpcUrl),
  [UPSTREAM_VARIABLES[3]]: url(DEFAULT_UPSTREAMS.hyperliquidInfoUrl),
  "SITE_URL": variable(URL_VALUE.optional()),
  "BLOCK_EXPLORER_URL": url("https://hyperevmscan.io"),
  "HOST": HOST_VALUE,
  "PORT": whole(0, 65535, 8000),
  "UPSTREAM_TIMEOUT_MS": whole(100, 120_000, 8000),
  "TRUSTED_PROXIES": PROXIES_VALUE,
  "RATE_LIMIT_STORE": variable(
    z.string().toLowerCase().pipe(z.enum(["kv", "memory"], 'expected "kv" or "memory"')).optional(),
  ),
  "AT_RISK_LEASE_MS": whole(1_000, 600_000, 30_000),
});

const APP_CONFIG = ENVIRONMENT.transform((read) => ({
  papertradeApiUrl: read[UPSTREAM_VARIABLES[0]],
  rpcUrl: read[UPSTREAM_VARIABLES[1]],
  fallbackRpcUrl: read[UPSTREAM_VARIABLES[2]],
  hyperliquidInfoUrl: read[UPSTREAM_VARIABLES[3]],
  /**
   * Public URL for links, cards and previews; empty (links root-relative) in production without
   * `SITE_URL`.
   */
  siteUrl: read.SITE_URL ?? localSiteUrl(read.HOST, read.PORT),
  /** False lets the entry fill `siteUrl` in after listening. */
  siteUrlFromEnv: read.SITE_URL !== undefined,
  /** HyperEVM block explorer the pages link out to (`/tx/…`, `/address/…`). */
  blockExplorerUrl: read.BLOCK_EXPLORER_URL,
  /** Listening address and port for local runs (Deno Deploy ignores them). */
  host: read.HOST,
  port: read.PORT,
  upstreamTimeoutMs: read.UPSTREAM_TIMEOUT_MS,
  /** Proxies whose `X-Forwarded-For` is believed; none by default. */
  trustedProxies: read.TRUSTED_PROXIES,
  /**
   * How long the at-risk board's leader keeps the lead unrenewed: the longest a deployment goes
   * without board steps after its leader dies.
   */
  atRiskLeaseMs: read.AT_RISK_LEASE_MS,
}));

/** Where the explorer reads from and where it listens. */
export type AppConfig = z.output<typeof APP_CONFIG>;

/** The configuration of an empty environment. */
export const DEFAULT_CONFIG: AppConfig = APP_CONFIG.parse({});

/** Throws {@link ConfigError} on the first bad value. */
export function configFromEnv(env: Pick<Deno.Env, "get"> = Deno.env): AppConfig {
  const values = Object.fromEntries(
    Object.keys(ENVIRONMENT.shape).map((name) => [name, env.get(name)]),
  );
  const parsed = APP_CONFIG.safeParse(values);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const name = String(issue.path[0]);
  throw new ConfigError(name, env.get(name)?.trim() ?? "", issue.message);
}

/** IPv6 hosts in brackets. */
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
