/**
 * CSV per RFC 4180 (comma separated, CRLF line ends, fields with a comma, quote or line break
 * in double quotes, quotes doubled), hardened against formula injection: a spreadsheet runs a
 * cell starting with `=`, `+`, `-` or `@` (or a tab or carriage return) as a formula, so such
 * cells get a leading apostrophe. Names from the leaderboard are chosen by anyone.
 */

/** One cell: text, a number, a boolean, or empty. */
export type CsvCell = string | number | bigint | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
// A plain decimal cannot carry a formula; leaving it alone keeps negative PnL numeric.
const PLAIN_NUMBER = /^[+-]?[0-9]+(\.[0-9]+)?$/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell as CSV text: neutralised when it could start a formula, quoted when needed. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole CSV document: header line, then one line per row, every line ending in CRLF. */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvCell[]>): string {
  const lines = [header.map(csvCell).join(",")];
  for (const row of rows) lines.push(row.map(csvCell).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
