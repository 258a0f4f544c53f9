/**
 * What the cross-face tests share: reading a figure back from the text a face shows, and
 * checking it against the exact figure within the one rounding its label shows (cents for
 * dollars, a compact figure's last digit, a price's decimals, a distance cut at three decimals).
 */
import assert from "node:assert/strict";
import { parseHTML } from "linkedom";

/** A figure read back from its text: its value and half a unit of its last shown digit. */
export interface Shown {
  value: number;
  half: number;
}

const SCALES: Record<string, number> = { K: 1e3, M: 1e6, B: 1e9, T: 1e12 };

/** `$1,234.56`, `+$1.23M`, `-$0.50`, `83,062.10`, `0.029%`, `#52`, `12 PAPER` → value and rounding. */
export function shown(text: string): Shown {
  const clean = text.trim().replace(/^#/, "").replace(/%$/, "").replace("−", "-");
  const match = /^([+-]?)\$?([\d,]+)(?:\.(\d+))?([KMBT]?)$/.exec(clean);
  assert.ok(match, `a figure: ${JSON.stringify(text)}`);
  const [, sign, whole, part = "", suffix] = match;
  const scale = SCALES[suffix] ?? 1;
  const magnitude = Number(`${whole.replaceAll(",", "")}.${part || "0"}`) * scale;
  return { value: sign === "-" ? -magnitude : magnitude, half: (0.5 * scale) / 10 ** part.length };
}

/** Relative slack for the float a tool result carries (a wad read as the nearest double). */
const FLOAT_SLACK = 1e-9;

/** `text` shows `exact` rounded to its last digit. */
export function assertShows(where: string, exact: number, text: string): void {
  const { value, half } = shown(text);
  const slack = half + FLOAT_SLACK * Math.max(1, Math.abs(exact));
  assert.ok(Math.abs(value - exact) <= slack, `${where}: ${text} shows ${exact}`);
}

/** `text` shows the distance to bust `exact` (percent) cut at its last digit, toward the bust. */
export function assertShowsDistance(where: string, exact: number, text: string): void {
  const { value, half } = shown(text);
  const slack = FLOAT_SLACK * Math.max(1, Math.abs(exact));
  assert.ok(
    value <= exact + slack && exact < value + 2 * half + slack,
    `${where}: ${text} shows the distance ${exact}`,
  );
}

/** Two faces that format a figure alike show the same text. */
export function assertSameText(where: string, texts: Record<string, string>): void {
  const distinct = new Set(Object.values(texts));
  assert.equal(distinct.size, 1, `${where}: ${JSON.stringify(texts)}`);
}

/** A parsed page. */
export type Page = ReturnType<typeof parseHTML>["document"];

export function page(html: string): Page {
  return parseHTML(html).document;
}

/** The text of an element, trimmed, or undefined. */
export function textOf(element: Element | null | undefined): string | undefined {
  return element?.textContent?.trim();
}

/**
 * The rows of the table whose head has a column `header`, each a map from column head to cell
 * text (a row's `th` counts as a cell), plus the row element.
 */
export function tableWith(
  document: Page,
  header: string,
): Array<{ cells: Map<string, string>; titles: Map<string, string>; row: Element }> {
  for (const table of document.querySelectorAll("table")) {
    const heads = [...table.querySelectorAll("thead th")].map((th) =>
      th.textContent!.replace(/[▲▼]/g, "").trim()
    );
    if (!heads.includes(header)) continue;
    return [...table.querySelectorAll("tbody tr")].map((row) => {
      const cells = [...row.children];
      return {
        cells: new Map(heads.map((head, i) => [head, cells[i]?.textContent?.trim() ?? ""])),
        titles: new Map(heads.map((head, i) => [head, cells[i]?.getAttribute("title") ?? ""])),
        row,
      };
    });
  }
  return [];
}

/** A `dl` of `Stat`s: each `dt`'s text to its first `dd`'s text. */
export function stats(document: Page): Map<string, string> {
  return new Map(
    [...document.querySelectorAll("dt")].map((dt) => [
      dt.textContent!.trim(),
      dt.nextElementSibling?.textContent?.trim() ?? "",
    ]),
  );
}
