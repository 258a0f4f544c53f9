/**
 * A time's age as pages say it. Its own module, free of other imports, because the browser ticks
 * it too: `client/ages.ts` keeps the server-drawn ages of a page true while it stays open.
 */

/** "12 s ago", "5 min ago", "3 h ago", "4 d ago"; "in 2 h" for future times. */
export function formatAge(atMs: number, nowMs: number): string {
  const delta = Math.round((nowMs - atMs) / 1000);
  const size = Math.abs(delta);
  const [amount, unit] = size < 60
    ? [size, "s"]
    : size < 3600
    ? [Math.floor(size / 60), "min"]
    : size < 86400
    ? [Math.floor(size / 3600), "h"]
    : [Math.floor(size / 86400), "d"];
  return delta >= 0 ? `${amount} ${unit} ago` : `in ${amount} ${unit}`;
}
