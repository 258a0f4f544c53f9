/**
 * Starting the server: validate the configuration, bind the port, settle the public URL, then
 * serve with Deno's own server (connection limits and timeouts are the front door's: HAProxy on
 * `deploy/haproxy.cfg` self-hosted, the platform on Deno Deploy). Shared by `main.ts` and
 * `dev.ts`. Every startup failure is one line naming the variable to change, then exit status 2.
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
 * The lazily loaded modules start loading in the background this long after the first answer
 * (so they do not slow the cold start's first answer), or after the ready line when no request
 * came in {@link WARM_UP_LATEST_MS}.
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
 * The site URL to link with once the real port is known. `SITE_URL` wins; a loopback-only
 * server links to itself (`PORT=0` gives the real port, IPv6 gets brackets); anything public
 * without `SITE_URL` warns loudly and links root-relative, never to an address it guessed.
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
    if (error instanceof AddrInUse) {
      exitWithConfigProblem(
        `PORT=${port} is already in use on ${host}: set PORT to a free port (0 picks one).`,
      );
    }
    if (error instanceof AddrNotAvailable || error instanceof NotFound) {
      exitWithConfigProblem(`HOST=${host} is not an address of this machine: set HOST to one.`);
    }
    if (error instanceof PermissionDenied) {
      exitWithConfigProblem(`PORT=${port} on ${host} needs privileges: set PORT to 1024 or above.`);
    }
    throw error;
  }
}

/**
 * SIGTERM stops the server cleanly (connections closed, exit status 0). Not on Windows, which
 * has no SIGTERM to listen to. (Listening for a signal at start also sets up Deno's signal
 * handling while descriptors are plentiful, see `resilient_serve.ts`.)
 */
function stopOnSigterm(server: ResilientServer): void {
  if (Deno.build.os === "windows") return;
  Deno.addSignalListener("SIGTERM", () => {
    void server.shutdown().finally(() => Deno.exit(0));
  });
}

/**
 * Starts the explorer. On Deno Deploy the platform owns the socket and the address; elsewhere the
 * server binds HOST:PORT and, when HOST is public, belongs behind the front door of `deploy/`.
 * `config` replaces reading `env` (dev.ts adjusts it first); `label` starts the ready line.
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
    const settled = config.siteUrlFromEnv
      ? config
      : settleSiteUrl({ ...config, host: "0.0.0.0" }, 0);
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
  stopOnSigterm(server);
  const shown = localSiteUrl(config.host, server.addr.port);
  console.log(`${options.label ?? "Papertrade Explorer"}: ${shown}/`);
  // Every module loaded while descriptors are plentiful: one whose file could not be read under
  // a crowd would stay failed for the life of the process (see lazyImport).
  Deno.unrefTimer(setTimeout(() => warmUp(0), WARM_UP_LATEST_MS));
  return server;
}
