/**
 * A counting limit on concurrent work, taken without waiting (refuse rather than queue), in
 * total and, optionally, per key (a client), so one key cannot take every slot.
 */

/**
 * A pool of `size` slots, at most `perKey` of them per key. `tryTake` returns the release
 * function, or undefined when all are taken or `key` holds its share; releasing twice frees one.
 */
export function createSlots(size: number, options: { perKey?: number } = {}) {
  const perKey = options.perKey ?? size;
  const byKey = new Map<string, number>();
  let inUse = 0;
  return {
    tryTake(key = ""): (() => void) | undefined {
      const held = byKey.get(key) ?? 0;
      if (inUse >= size || held >= perKey) return undefined;
      inUse++;
      byKey.set(key, held + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        inUse--;
        const left = (byKey.get(key) ?? 1) - 1;
        if (left > 0) byKey.set(key, left);
        else byKey.delete(key);
      };
    },
    get inUse() {
      return inUse;
    },
    heldBy: (key: string) => byKey.get(key) ?? 0,
  };
}

export type Slots = ReturnType<typeof createSlots>;
