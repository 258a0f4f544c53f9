/**
 * Leaderboard names are chosen by anyone: markup (Preact escapes it), bidi overrides that reverse
 * how text reads, hundreds of characters. This file handles what escaping does not.
 */

// C0 and C1 controls, and the bidi embeddings, overrides and isolates (U+202A–U+202E,
// U+2066–U+2069) that can make a name display as something else.
// deno-lint-ignore no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A name where it cannot be isolated (`<title>`, meta tags, SVG text; a CSV is left as is):
 * controls and overrides removed, whitespace collapsed, cut to `max` characters.
 */
export function plainName(name: string, max = 60): string {
  const clean = name.replace(INVISIBLE, "").replace(/\s+/g, " ").trim();
  const chars = [...clean];
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : clean;
}

/**
 * The raw name with each control and bidi character as a visible `\u{…}` escape: what the owner
 * typed, read exactly without taking effect.
 */
export function escapedName(name: string): string {
  return name.replace(INVISIBLE, (char) => `\\u{${char.codePointAt(0)!.toString(16)}}`);
}
