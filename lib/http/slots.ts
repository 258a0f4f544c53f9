/** A counting limit on concurrent work, taken without waiting (refuse rather than queue). */

/** A pool of `size` slots. */
export interface Slots {
  /** Takes a slot, returning its release function, or undefined when all are taken. */
  tryTake(): (() => void) | undefined;
  /** Slots taken now. */
  readonly inUse: number;
}

/** Builds a pool of `size` slots. Releasing twice frees one slot only. */
export function createSlots(size: number): Slots {
  let inUse = 0;
  return {
    tryTake() {
      if (inUse >= size) return undefined;
      inUse++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        inUse--;
      };
    },
    get inUse() {
      return inUse;
    },
  };
}
