/**
 * What every handler finds on the context (`c.var`), and loading what only some routes need on
 * the first request that needs it.
 */
import type { Context } from "hono";
import type { AppDeps } from "../deps.ts";

/** The Hono environment of the app: `c.var.deps` and Hono's `c.var.requestId`. */
export type AppEnv = { Variables: { deps: AppDeps; requestId: string } };

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

/**
 * The module at `url`, imported on the first call and shared after. The specifier is built at
 * run time on purpose: Deno loads the whole graph of a literal `import("./x.ts")` when the
 * importing module loads, called or not (measured: 50–70 ms for the live routes' graph alone),
 * which is exactly what lazy loading must avoid. Deno Deploy serves the project's files, so the
 * import resolves there too. The caller names the type: `lazyImport<typeof import("./x.ts")>`.
 */
export function lazyImport<M>(url: URL): () => Promise<M> {
  return lazily(() => import(url.href) as Promise<M>);
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
