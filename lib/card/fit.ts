/**
 * Sizing text to its box before layout, so a figure never runs into its neighbour: Inter's
 * widest glyphs used in figures are about 0.62 em (digits, `$`, `+`, `-`, letters of K/M/B).
 */

/** Average advance of a figure character in Inter Bold, in em (measured at 0.58–0.62). */
export const FIGURE_EM = 0.64;

/** The largest font size (px, at most `max`, at least `min`) that fits `text` in `width` px. */
export function fitFontSize(text: string, width: number, max: number, min = 16): number {
  const chars = Math.max(1, [...text].length);
  return Math.max(min, Math.min(max, Math.floor(width / (chars * FIGURE_EM))));
}
