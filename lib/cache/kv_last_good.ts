/**
 * Last good answers in Deno KV, so a fresh isolate can still answer (labelled stale) while the
 * upstream is down. Each answer lives for its `lastGoodMs` (KV `expireIn`); answers over KV's
 * 64 KiB value limit are skipped.
 */
import { estimateBytes, type LastGoodStore } from "./read_cache.ts";

/** Key prefix of the cache's entries in KV. */
export const LAST_GOOD_PREFIX = ["read_cache", "v1"] as const;

// KV values are limited to 64 KiB serialized; the estimate counts UTF-16, so halve it.
const MAX_VALUE_BYTES = 60 * 1024 * 2;

/**
 * A {@link LastGoodStore} over `kv` (opened lazily: pass the opening promise); `onError` is told
 * when a read or write fails (default console.error).
 */
export function kvLastGoodStore(
  kv: Promise<Deno.Kv | undefined>,
  options: { onError?: (error: unknown) => void } = {},
): LastGoodStore {
  const onError = options.onError ??
    ((error: unknown) => console.error("[read-cache] Deno KV failed:", error));
  return {
    async get(key) {
      try {
        const db = await kv;
        if (!db) return undefined;
        const found = await db.get<{ value: unknown; storedAt: number }>([
          ...LAST_GOOD_PREFIX,
          key,
        ]);
        return found.value ?? undefined;
      } catch (error) {
        onError(error);
        return undefined;
      }
    },
    async set(key, value, storedAt, keepMs) {
      if (estimateBytes(value) > MAX_VALUE_BYTES) return;
      try {
        const db = await kv;
        await db?.set([...LAST_GOOD_PREFIX, key], { value, storedAt }, { expireIn: keepMs });
      } catch (error) {
        onError(error);
      }
    },
  };
}
