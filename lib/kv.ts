/**
 * The process' one Deno KV opener: the rate limiter's counters and the read cache's last good
 * answers share one database, the project's on Deno Deploy, elsewhere the local file `KV_PATH`
 * names (e.g. `./explorer.kv`, needs `--unstable-kv`).
 */

export type KvEnv = Pick<Deno.Env, "get">;

/** True when a KV database should be used: on Deno Deploy, or when `KV_PATH` is set. */
export function kvConfigured(env: KvEnv = Deno.env): boolean {
  return Boolean(env.get("DENO_DEPLOYMENT_ID") || env.get("KV_PATH")?.trim());
}

const opened = new Map<string, Promise<Deno.Kv>>();

/**
 * Opens the database at `path` (default `KV_PATH`, or Deploy's) once per process, shared by later
 * calls. Rejects where KV is unavailable.
 */
export function openSharedKv(path = Deno.env.get("KV_PATH")?.trim()): Promise<Deno.Kv> {
  if (typeof Deno.openKv !== "function") {
    return Promise.reject(new Error("Deno KV is not available (run with --unstable-kv)"));
  }
  const key = path || "";
  return opened.getOrInsertComputed(key, () => {
    const kv = Deno.openKv(path || undefined);
    kv.catch(() => opened.delete(key));
    return kv;
  });
}
