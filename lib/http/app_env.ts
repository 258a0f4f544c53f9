/**
 * What every handler finds on the context (`c.var`), and loading what only some routes need on
 * the first request that needs it.
 */
import type { Context } from "hono";
import type { AppDeps } from "../deps.ts";
import type { PageContext } from "../page_context.ts";

/**
 * The Hono environment of the app: `c.var.deps`, Hono's `c.var.requestId`, the visitor's page
 * context (`lib/page_context.ts`) and the request's stale reads (`lib/cache/freshness.ts`).
 */
export type AppEnv = {
  Variables: {
    deps: AppDeps;
    requestId: string;
    page: Omit<PageContext, "staleReads">;
    staleReads: PageContext["staleReads"];
  };
};

export type AppHandler = (c: Context<AppEnv>) => Response | Promise<Response>;

/**
 * `load`, run on the first call and shared after it: how a route's module is imported on its
 * first request, so what only some routes need stays off the cold start.
 */
export function lazily<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load();
    loaded.catch(() => loaded = undefined);
    return loaded;
  };
}

/** Every module {@link lazyImport} may load, for {@link warmLazyModules}. */
const lazyModules = new Set<string>();

/**
 * The module at `url`, imported on the first call and shared after (typed by the caller:
 * `lazyImport<typeof import("./x.ts")>`). The specifier is built at run time on purpose: Deno
 * loads the whole graph of a literal `import("./x.ts")` with its importer, called or not
 * (measured: 50–70 ms for the live routes' graph alone). Deno Deploy serves the project's files,
 * so it resolves there too.
 *
 * A failed import is retried on the next call under a fresh specifier (`#retry-N`): Deno keeps
 * a module whose file could not be read (at the open-file limit, say) failed for the process's
 * life, under the URL asked. Its own imports cannot be re-asked so, hence {@link warmLazyModules}
 * soon after start, before a crowd can exhaust the descriptors. `warm: false` leaves out a large
 * graph of almost only npm packages, which Deno does re-read (the card rasteriser: 23 MiB).
 */
export function lazyImport<M>(url: URL, options: { warm?: boolean } = {}): () => Promise<M> {
  if (options.warm !== false) lazyModules.add(url.href);
  let attempts = 0;
  return lazily(() => {
    const href = attempts === 0 ? url.href : `${url.href}#retry-${attempts}`;
    attempts++;
    return import(href) as Promise<M>;
  });
}

/**
 * Imports every {@link lazyImport} module one by one, yielding between them (the server runs it
 * in the background after it starts listening), so none is first read under a crowd. Failures
 * are left to the request that needs the module. Resolves with how many loaded.
 */
export async function warmLazyModules(
  pause: () => Promise<void> = () => new Promise((resolve) => setTimeout(resolve, 0)),
): Promise<number> {
  let loaded = 0;
  // A Set visits what is added while it is walked: modules registered by the ones loading.
  for (const href of lazyModules) {
    await pause();
    try {
      await import(href);
      loaded++;
    } catch { /* the next request that needs it tries again */ }
  }
  return loaded;
}

/**
 * The remote address Deno.serve passed to `app.fetch(request, info)`, if any; not through
 * `getConnInfo`, which throws without connection info (in-process tests, other runtimes).
 */
export function remoteAddressOf(c: Context): string | undefined {
  const env = c.env as { remoteAddr?: { hostname?: unknown } } | undefined;
  const hostname = env?.remoteAddr?.hostname;
  return typeof hostname === "string" ? hostname : undefined;
}
