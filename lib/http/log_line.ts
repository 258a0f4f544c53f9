/** Log lines that stay one line: errors are summarised, never dumped with their stacks. */

/** An error as one line: name, message and its first stack frame. */
export function describeErrorOnOneLine(error: unknown): string {
  if (!(error instanceof Error)) return String(error).replace(/\s+/g, " ").slice(0, 300);
  const frame = error.stack?.split("\n").find((line) => /^\s+at /.test(line))?.trim();
  const text = `${error.name}: ${error.message}`.replace(/\s+/g, " ").slice(0, 300);
  return frame ? `${text} (${frame})` : text;
}
