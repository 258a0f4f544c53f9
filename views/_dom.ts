/**
 * What every view shares: DOM built from data without markup (upstream strings go in as text
 * nodes, never `innerHTML`), and figures formatted as the pages show them (`lib/figure_text.ts`).
 */

/** A child of {@link el}: a node, or text (set as a text node, so never parsed as markup). */
export type Child = Node | string | number | null | undefined | false;

/** An element with attributes and children; text children become text nodes. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | number | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  return fill(document.createElement(tag), attributes, children);
}

/** `element` with `attributes` set (undefined ones left out) and `children` appended. */
export function fill<E extends Element>(
  element: E,
  attributes: Record<string, string | number | undefined>,
  children: Child[],
): E {
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined) element.setAttribute(name, String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === "object" ? child : document.createTextNode(String(child)));
  }
  return element;
}

export { NOT_AVAILABLE, RISK_LABELS } from "../lib/figure_text.ts";
export { plainName } from "../components/names.ts";
import { NOT_AVAILABLE, toneOf, usdText } from "../lib/figure_text.ts";
import { formatUtc } from "../lib/format.ts";
export { shortHex } from "../lib/format.ts";

// A result carries prices as numbers in quote units; every digit it carries is shown (at least
// two), up to the 8 decimals no market's price scale exceeds.
const priceFormat = new Intl.NumberFormat("en-US", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 8,
});

/** A price in quote units. */
export function price(value: number | null | undefined): string {
  return value === null || value === undefined ? NOT_AVAILABLE : priceFormat.format(value);
}

/** `2026-11-20 12:00:00 UTC` from an ISO time (the pages' absolute times). */
export function utc(iso: string | null | undefined): string {
  if (!iso) return NOT_AVAILABLE;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? NOT_AVAILABLE : formatUtc(ms);
}

/**
 * A scrolling, labelled table: a header row of `columns` (those at `numeric` indices are numbers,
 * right-aligned), then `rows`, with an optional caption and footer.
 */
export function table(label: string, columns: readonly string[], rows: Child[], options: {
  numeric?: readonly number[];
  caption?: Child;
  foot?: Child;
} = {}): HTMLElement {
  const head = columns.map((name, i) =>
    el("th", { scope: "col", class: options.numeric?.includes(i) ? "num" : undefined }, name)
  );
  return el(
    "div",
    { class: "table-wrap", tabindex: 0, role: "region", "aria-label": label },
    el(
      "table",
      {},
      options.caption,
      el("thead", {}, el("tr", {}, ...head)),
      el("tbody", {}, ...rows),
      options.foot,
    ),
  );
}

/** A number's cell, named by its result field (`tone`: good or bad, for a signed figure). */
export function numCell(field: string, text: string, tone = ""): HTMLTableCellElement {
  return el("td", { class: `num ${tone}`.trim(), "data-field": field }, text);
}

/** A signed USD figure's cell, toned good or bad by its sign. */
export function pnlCell(field: string, value: number | null): HTMLTableCellElement {
  return numCell(field, usdText(value, { sign: true }), toneOf(value));
}

/** A bar coloured as `band`, filled to `percent` (clamped to 0 to 100). */
export function bar(band: string, percent: number): HTMLElement {
  const fill = el("span");
  fill.style.width = `${Math.min(100, Math.max(0, percent)).toFixed(1)}%`;
  return el("span", { class: `bar ${band}`, "aria-hidden": "true" }, fill);
}

/** "Not read this time: …" with each part and its reason, or nothing when all arrived. */
export function unavailableNotice(
  unavailable: ReadonlyArray<{ part: string; field?: string; reason: string }>,
): HTMLElement | null {
  if (unavailable.length === 0) return null;
  return el(
    "div",
    { class: "notice", role: "status", "data-unavailable": unavailable.length },
    el("p", {}, el("strong", {}, "Partial answer."), " Not read this time:"),
    el(
      "ul",
      {},
      ...unavailable.map((item) =>
        el("li", {}, item.field ? `${item.part} (${item.field})` : item.part, `: ${item.reason}`)
      ),
    ),
  );
}
