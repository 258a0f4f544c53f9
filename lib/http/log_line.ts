/** Log lines that stay one line, and problems that repeat logged once per interval. */

/** An error as one line: name, message and its first stack frame. */
export function describeErrorOnOneLine(error: unknown): string {
  if (!(error instanceof Error)) return String(error).replace(/\s+/g, " ").slice(0, 300);
  const frame = error.stack?.split("\n").find((line) => /^\s+at /.test(line))?.trim();
  const text = `${error.name}: ${error.message}`.replace(/\s+/g, " ").slice(0, 300);
  return frame ? `${text} (${frame})` : text;
}

/**
 * A writer that passes on at most one line per `everyMs` and counts the ones it held back, so
 * a problem a client can cause on every request (a store error, a broken body) costs one log
 * line a minute however hard it is pushed.
 */
export function oncePerInterval(
  everyMs: number,
  write: (line: string) => void,
  now: () => number = Date.now,
): (line: string) => void {
  let lastAt = Number.NEGATIVE_INFINITY;
  let held = 0;
  return (line) => {
    const time = now();
    if (time - lastAt < everyMs) {
      held++;
      return;
    }
    lastAt = time;
    write(held === 0 ? line : `${line} (and ${held} more since the last such line)`);
    held = 0;
  };
}
