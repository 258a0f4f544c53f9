/**
 * A small in-memory cache of rendered cards, keyed by everything drawn on them: a card is drawn
 * once per distinct content (about 200 ms of CPU each) and a changed figure draws a new one. It
 * holds at most `maxEntries` cards (default 256, about 13 MB); the least recently used leaves first.
 */
export function createPngCache(maxEntries = 256) {
  const entries = new Map<string, Promise<Uint8Array>>();
  return {
    /** The cached bytes for `key`, or the result of `render`, stored before it is returned. */
    get(key: string, render: () => Promise<Uint8Array>): Promise<Uint8Array> {
      const hit = entries.get(key);
      if (hit) {
        // Refresh its place: the least recently used card leaves first.
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      // The promise is stored at once, so concurrent requests for one card draw it once.
      const drawing = render().catch((error) => {
        entries.delete(key);
        throw error;
      });
      entries.set(key, drawing);
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return drawing;
    },
  };
}
