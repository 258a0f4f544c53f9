/**
 * Upstream text is data: what the chain, the RPC nodes and the Papertrade API write is never
 * passed on raw.
 *
 * - Control characters (C0 but tab, line feed and carriage return; DEL; C1) have no business in
 *   a name or a message and can restyle a terminal (ESC), ring a bell or cut a string short
 *   (NUL): every page, SVG and CSV cell writes each as U+FFFD ({@link withoutControls}), the feeds
 *   drop them (XML cannot carry them).
 * - An error that repeats what an upstream said quotes at most {@link UPSTREAM_EXCERPT_CHARS}
 *   characters of it, JSON-quoted (so quotes, controls and line breaks are escapes), labelled as
 *   the upstream's text, with the length it was cut from ({@link upstreamExcerpt}): an error
 *   string written by a third party reaches a model, a REST client or a page as a short, marked
 *   quotation, never as instructions of ours.
 */

/** Control characters: C0 but tab, line feed and carriage return; DEL; C1. */
// deno-lint-ignore no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/** `text` with each control character written as U+FFFD. */
export function withoutControls(text: string): string {
  return text.replace(CONTROL_CHARACTERS, "\ufffd");
}

/** The most characters of an upstream's own text any error quotes. */
export const UPSTREAM_EXCERPT_CHARS = 120;

/**
 * `text` an upstream wrote, as a labelled quotation of at most {@link UPSTREAM_EXCERPT_CHARS}
 * characters: `upstream text "…"`, and `(cut from 4565 characters)` when it was longer.
 */
export function upstreamExcerpt(text: string): string {
  const chars = [...text];
  const cut = chars.length > UPSTREAM_EXCERPT_CHARS;
  const shown = cut ? chars.slice(0, UPSTREAM_EXCERPT_CHARS).join("") : text;
  const quoted = JSON.stringify(shown).replace(
    /[\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  return `upstream text ${quoted}${cut ? ` (cut from ${chars.length} characters)` : ""}`;
}
