/** Estimated memory of a kept answer, for the cache's byte budget. */

/**
 * Bytes of `value` as UTF-16 JSON (bigints as their digits): a stable stand-in for its size in
 * memory, computed once when the answer is kept.
 */
export function estimateBytes(value: unknown): number {
  const json = JSON.stringify(
    value,
    (_key, item) =>
      typeof item === "bigint"
        ? item.toString()
        : item instanceof Map
        ? [...item.entries()]
        : item instanceof Set
        ? [...item]
        : item,
  );
  return (json?.length ?? 0) * 2;
}
