/**
 * CSV per RFC 4180 (commas, CRLF, fields with a comma or quote quoted, quotes doubled), hardened
 * against formula injection: a spreadsheet runs a cell starting with `=`, `+`, `-`, `@`, tab or CR
 * as a formula, several even behind spaces, no-break or zero-width spaces, bidi controls, or
 * full-width (`＝＋－＠`); such cells get a leading apostrophe. Line breaks in a cell become spaces (a
 * line-splitting importer would start a new row, maybe a formula cell, mid-value); other controls
 * (NUL, BEL, ESC…) become U+FFFD. Leaderboard names are chosen by anyone.
 */
import { withoutControls } from "./untrusted_text.ts";

export type CsvCell = string | number | bigint | boolean | null | undefined;

// Whitespace and invisible characters a spreadsheet may skip before reading the first one:
// every Unicode space, zero-width characters, bidi marks, embeddings, overrides and isolates,
// the word joiner and the byte order mark.
const IGNORABLE_PREFIX =
  /^[\s\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u2066-\u206f\u3000\ufeff]+/;
const FORMULA_START = /^[=+\-@\t\r\uff1d\uff0b\uff0d\uff20\ufe62\ufe63\ufe66\ufe6b]/;
// A plain decimal cannot carry a formula; leaving it alone keeps negative PnL numeric.
const PLAIN_NUMBER = /^[+-]?[0-9]+(\.[0-9]+)?$/;
const LINE_BREAKS = /\r\n|[\r\n\u0085\u2028\u2029]/g;
const NEEDS_QUOTES = /[",]/;

function couldBeFormula(text: string): boolean {
  if (PLAIN_NUMBER.test(text)) return false;
  const stripped = text.replace(IGNORABLE_PREFIX, "");
  if (stripped !== text && PLAIN_NUMBER.test(stripped)) return true; // " -1" is text, not a number
  return FORMULA_START.test(text) || FORMULA_START.test(stripped);
}

/** One cell as CSV text: line breaks flattened, neutralised when it could start a formula. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  let text = withoutControls(String(value).replace(LINE_BREAKS, " "));
  if (couldBeFormula(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line (with its CRLF). */
export function csvLine(row: readonly CsvCell[]): string {
  return `${row.map(csvCell).join(",")}\r\n`;
}
