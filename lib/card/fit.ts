/**
 * Average advance of a figure character in Inter Bold, in em (measured 0.58–0.62 for digits, `$`,
 * `+`, `-`, K/M/B), so text sized before layout never runs into its neighbour.
 */
export const FIGURE_EM = 0.64;

/** The largest font size (px, at most `max`, at least `min`) that fits `text` in `width` px. */
export function fitFontSize(text: string, width: number, max: number, min = 16): number {
  const chars = Math.max(1, [...text].length);
  return Math.max(min, Math.min(max, Math.floor(width / (chars * FIGURE_EM))));
}
