import type { ComponentChildren } from "preact";

/** A column heading: a plain label, or a right-aligned one over numeric cells. */
export type Column = string | { label: string; numeric: true };

export function numeric(label: string): Column {
  return { label, numeric: true };
}

/**
 * Every data table of the pages: a caption and one row of headings in a scrolling,
 * keyboard-focusable wrapper (a named region with a `label`).
 */
export function DataTable(props: {
  /** What the table lists (read out by screen readers before the rows). */
  caption: ComponentChildren;
  columns: readonly Column[];
  /** Extra classes of the scrolling wrapper (`tall`, a page's own class). */
  class?: string;
  label?: string;
  children: ComponentChildren;
}) {
  return (
    <div
      class={props.class ? `table-wrap ${props.class}` : "table-wrap"}
      tabIndex={0}
      role={props.label ? "region" : undefined}
      aria-label={props.label}
    >
      <table>
        <caption>{props.caption}</caption>
        <thead>
          <tr>
            {props.columns.map((column) =>
              typeof column === "string"
                ? <th key={column} scope="col">{column}</th>
                : <th key={column.label} scope="col" class="num">{column.label}</th>
            )}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
  );
}
