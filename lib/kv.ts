/**
 * The one Deno KV opener of the process: the rate limiter's counters and the read cache's last
 * good answers live in the same database. On Deno Deploy `Deno.openKv()` opens the project's
 * database; elsewhere `KV_PATH` names a local file (e.g. `KV_PATH=./explorer.kv`), which needs
 * `--unstable-kv`.
 */

export type KvEnv = Pick<Deno.Env, "get">;

/** True when a KV database should be used: on Deno Deploy, or when `KV_PATH` is set. */
export function kvConfigured(env: KvEnv = Deno.env): boolean {
  return Boolean(env.get("DENO_DEPLOYMENT_ID") || env.get("KV_PATH")?.trim());
}

const opened = new Map<string, Promise<Deno.Kv>>();

/**
 * Opens the database at `path` (default: `KV_PATH`, or the Deploy database) once per process;
 * later calls share the same handle. Rejects where KV is unavailable.
 */
export function openSharedKv(path = Deno.env.get("KV_PATH")?.trim()): Promise<Deno.Kv> {
  const key = path || "";
  let kv = opened.get(key);
  if (!kv) {
    if (typeof Deno.openKv !== "function") {
      return Promise.reject(new Error("Deno KV is not available (run with --unstable-kv)"));
    }
    kv = Deno.openKv(path || undefined);
    opened.set(key, kv);
    kv.catch(() => opened.delete(key));
  }
  return kv;
}
