/**
 * Starting the server (`main.ts`, `dev.ts`): validate the configuration, bind, settle the public
 * URL, serve with Deno's server (limits and timeouts are the front door's: `deploy/haproxy.cfg`
 * self-hosted, the platform on Deno Deploy). A startup failure is one line naming the variable to
 * change, then exit status 2.
 */
import {
  type AppConfig,
  ConfigError,
  configFromEnv,
  isLoopbackHost,
  localSiteUrl,
} from "./config.ts";
import { type ResilientServer, serveResilient } from "./http/resilient_serve.ts";
import { warmLazyModules } from "./http/app_env.ts";

/**
 * The lazy modules load in the background this long after the first answer (not to slow it), or
 * {@link WARM_UP_LATEST_MS} after the ready line when no request came.
 */
const WARM_UP_AFTER_MS = 250;
const WARM_UP_LATEST_MS = 1_000;

type Env = Pick<Deno.Env, "get">;

function exitWithConfigProblem(message: string): never {
  console.error(`papertrade-explorer: ${message}`);
  Deno.exit(2);
}

export function configOrExit(env: Env = Deno.env): AppConfig {
  try {
    return configFromEnv(env);
  } catch (error) {
    if (error instanceof ConfigError) exitWithConfigProblem(error.message);
    throw error;
  }
}

export const SITE_URL_WARNING =
  "WARNING: SITE_URL is not set. Links, cards and discovery files are root-relative and the " +
  "server card has no absolute endpoint. Set SITE_URL to this deployment's public https URL.";

/**
 * The site URL once the real port is known: `SITE_URL` wins; a loopback-only server links to itself
 * (`PORT=0`'s real port, IPv6 in brackets); a public one without it warns loudly and links
 * root-relative, never to a guessed address.
 */
export function settleSiteUrl(
  config: AppConfig,
  port: number,
  warn: (line: string) => void = console.error,
): AppConfig {
  if (config.siteUrlFromEnv) return config;
  if (isLoopbackHost(config.host)) {
    return { ...config, port, siteUrl: localSiteUrl(config.host, port) };
  }
  warn(SITE_URL_WARNING);
  return { ...config, port, siteUrl: "" };
}

function serveOrExit(
  config: AppConfig,
  handler: Deno.ServeHandler<Deno.NetAddr>,
): ResilientServer {
  try {
    return serveResilient({ hostname: config.host, port: config.port }, handler);
  } catch (error) {
    const { host, port } = config;
    const { AddrInUse, AddrNotAvailable, NotFound, PermissionDenied } = Deno.errors;
    const problem = error instanceof AddrInUse
      ? `PORT=${port} is already in use on ${host}: set PORT to a free port (0 picks one).`
      : error instanceof AddrNotAvailable || error instanceof NotFound
      ? `HOST=${host} is not an address of this machine: set HOST to one.`
      : error instanceof PermissionDenied
      ? `PORT=${port} on ${host} needs privileges: set PORT to 1024 or above.`
      : null;
    if (problem) exitWithConfigProblem(problem);
    throw error;
  }
}

/**
 * Starts the explorer. On Deno Deploy the platform owns the socket; elsewhere it binds HOST:PORT (a
 * public HOST belongs behind `deploy/`'s front door). `config` replaces reading `env` (dev.ts
 * adjusts it first); `label` starts the ready line.
 */
export function startServer(options: {
  createHandler: (config: AppConfig) => Deno.ServeHandler<Deno.NetAddr>;
  label?: string;
  env?: Env;
  config?: AppConfig;
}): ResilientServer | undefined {
  const env = options.env ?? Deno.env;
  const config = options.config ?? configOrExit(env);
  if (env.get("DENO_DEPLOYMENT_ID")) {
    // A public host: SITE_URL wins, or links are root-relative with the warning.
    const settled = settleSiteUrl({ ...config, host: "0.0.0.0" }, 0);
    Deno.serve({ onListen: () => {} }, options.createHandler(settled));
    return undefined;
  }
  let handler: Deno.ServeHandler<Deno.NetAddr> = () => new Response(null, { status: 503 });
  let warmed = false;
  const warmUp = (afterMs: number) => {
    if (warmed) return;
    warmed = true;
    Deno.unrefTimer(setTimeout(() => void warmLazyModules(), afterMs));
  };
  // The handler needs the real port (PORT=0) for its links, so it is built once bound; no
  // request can arrive before this function returns.
  const server = serveOrExit(config, async (request, info) => {
    try {
      return await handler(request, info);
    } finally {
      warmUp(WARM_UP_AFTER_MS);
    }
  });
  handler = options.createHandler(settleSiteUrl(config, server.addr.port));
  // SIGTERM stops cleanly (exit 0); Windows has none. Listening at start also sets up Deno's
  // signal handling while descriptors are plentiful (`resilient_serve.ts`).
  if (Deno.build.os !== "windows") {
    Deno.addSignalListener("SIGTERM", () => void server.shutdown().finally(() => Deno.exit(0)));
  }
  const shown = localSiteUrl(config.host, server.addr.port);
  console.log(`${options.label ?? "Papertrade Explorer"}: ${shown}/`);
  // Every module loaded while descriptors are plentiful: one whose file could not be read under
  // a crowd would stay failed for the life of the process (see lazyImport).
  Deno.unrefTimer(setTimeout(() => warmUp(0), WARM_UP_LATEST_MS));
  return server;
}
