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
 * The module at `url`, imported on the first call and shared after. The specifier is built at
 * run time on purpose: Deno loads the whole graph of a literal `import("./x.ts")` when the
 * importing module loads, called or not (measured: 50–70 ms for the live routes' graph alone),
 * which is exactly what lazy loading must avoid. Deno Deploy serves the project's files, so the
 * import resolves there too. The caller names the type: `lazyImport<typeof import("./x.ts")>`.
 *
 * A failed import is tried again on the next call, and under a fresh specifier (`#retry-N`):
 * Deno remembers a module whose file could not be read (at the open-file limit, say) as failed
 * for the life of the process, under the URL it was asked by. What it remembers of the module's
 * own imports cannot be asked again that way, which is why the server loads every such module
 * soon after it starts ({@link warmLazyModules}), before a crowd can exhaust the descriptors.
 * `warm: false` leaves out a module whose graph is large and almost all npm packages, which Deno
 * does read again after a failure (the card rasteriser: 23 MiB of memory, measured).
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
 * Imports every module a {@link lazyImport} may load, one after another, yielding between them:
 * the server runs it in the background a moment after it starts listening, so no module is read
 * for the first time under a crowd (the first requests still wait only for what they need).
 * Failures are left for the request that needs the module to try again. Resolves with how many
 * modules were loaded.
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
 * The remote address Deno.serve passed to `app.fetch(request, info)`, if any. Read from the
 * context's env directly rather than through `getConnInfo`, which throws when the app is
 * called without connection info (in-process tests, other runtimes).
 */
export function remoteAddressOf(c: Context): string | undefined {
  const env = c.env as { remoteAddr?: { hostname?: unknown } } | undefined;
  const hostname = env?.remoteAddr?.hostname;
  return typeof hostname === "string" ? hostname : undefined;
}
