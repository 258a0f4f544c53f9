/**
 * A tool's `text`: its structured result in lines, under the schema's field names, so it cannot
 * say another figure than the JSON. Upstream strings are quoted, cut and labelled as data.
 */
import { quoted, UNTRUSTED_NOTE } from "./text.ts";

/** Rows of a list written out; the structured result always holds every row. */
export const TEXT_ROWS = 50;

/** Keys said elsewhere: the sentence about unread parts comes first (`defineTool`). */
const SAID_FIRST = new Set(["unavailable", "rows_skipped"]);

// Strings that carry no words: hex ids and hashes, integers, times. Everything else is quoted.
const PLAIN = /^(?:0x[0-9a-fA-F]*|-?[0-9]+|\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z)$/;

interface Writer {
  lines: string[];
  quotedSome: boolean;
  /** Rows of a list written out. */
  rows: number;
}

function scalar(value: unknown, out: Writer): string {
  if (value === null || value === undefined) return "n/a";
  if (typeof value === "string") {
    if (PLAIN.test(value)) return value;
    out.quotedSome = true;
    return quoted(value);
  }
  return String(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `a: 1, b.c: 2` for one row, nested objects flattened by dotted keys. */
function inline(row: Record<string, unknown>, out: Writer, prefix = ""): string {
  return Object.entries(row).map(([key, value]) => {
    if (isRecord(value)) return inline(value, out, `${prefix}${key}.`);
    if (Array.isArray(value)) {
      const items = value.map((item) =>
        isRecord(item) ? `{${inline(item, out)}}` : scalar(item, out)
      );
      return `${prefix}${key}: [${items.join("; ")}]`;
    }
    return `${prefix}${key}: ${scalar(value, out)}`;
  }).join(", ");
}

function block(value: Record<string, unknown>, out: Writer, indent: string): void {
  for (const [key, field] of Object.entries(value)) {
    if (indent === "" && SAID_FIRST.has(key)) continue;
    if (Array.isArray(field)) {
      if (field.length === 0) {
        out.lines.push(`${indent}${key}: none`);
        continue;
      }
      if (!field.some(isRecord)) {
        out.lines.push(`${indent}${key}: ${field.map((item) => scalar(item, out)).join(", ")}`);
        continue;
      }
      const shown = field.slice(0, out.rows);
      const more = field.length - shown.length;
      out.lines.push(`${indent}${key} (${field.length}):`);
      for (const item of shown) {
        out.lines.push(`${indent}- ${isRecord(item) ? inline(item, out) : scalar(item, out)}`);
      }
      if (more > 0) out.lines.push(`${indent}(${more} more in the structured result)`);
    } else if (isRecord(field)) {
      out.lines.push(`${indent}${key}:`);
      block(field, out, `${indent}  `);
    } else {
      out.lines.push(`${indent}${key}: ${scalar(field, out)}`);
    }
  }
}

/**
 * `field: value` per scalar (`n/a` for null), an indented block per object, a line per row (at
 * most `rows`), and a closing note when an upstream string was quoted.
 */
export function modelText(structured: unknown, rows = TEXT_ROWS): string {
  const out: Writer = { lines: [], quotedSome: false, rows };
  if (isRecord(structured)) block(structured, out, "");
  else out.lines.push(scalar(structured, out));
  if (out.quotedSome) out.lines.push(UNTRUSTED_NOTE);
  return out.lines.join("\n");
}
