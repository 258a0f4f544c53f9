/**
 * Upstream text (chain, RPC nodes, Papertrade API) is data, never passed on raw. Control characters
 * (C0 but tab, LF and CR; DEL; C1) can restyle a terminal (ESC), ring a bell or cut a string short
 * (NUL): pages, SVG and CSV write each as U+FFFD; the feeds drop them (XML cannot carry them).
 */
// deno-lint-ignore no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

export function withoutControls(text: string): string {
  return text.replace(CONTROL_CHARACTERS, "\ufffd");
}

/** The most characters of an upstream's own text any error quotes. */
export const UPSTREAM_EXCERPT_CHARS = 120;

/**
 * Upstream `text` as a labelled JSON-quoted quotation: `upstream text "…"`, cut at {@link
 * UPSTREAM_EXCERPT_CHARS} with `(cut from 4565 characters)`. A third party's error string thus
 * reaches a model, a REST client or a page as a short marked quotation, never as our instructions.
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
