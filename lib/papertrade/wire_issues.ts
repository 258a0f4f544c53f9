/**
 * Words zod issues where the schema or input matters (`expected an integer string, got number`)
 * and lists them, each with its field, through `z.prettifyError`. The line is what a tool shows
 * when the upstream changes shape.
 */
import { z } from "zod";
import { address, bytes32, intString, uintString } from "./_wire_scalars.ts";

/** Names of the shared string-encoded wire scalars; zod alone would only say "string". */
const SCALAR_NAMES = new Map<unknown, string>([
  [intString.in, "an integer string"],
  [uintString.in, "a non-negative integer string"],
  [address.in, "a 0x address"],
  [bytes32.in, "a 32-byte 0x hash"],
]);

/** Per-parse zod error map (no wire schema has a union); {@link describeWireIssues} adds the path. */
export function wireIssueMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case "invalid_type": {
      if (issue.input === undefined) return "missing field";
      const named = SCALAR_NAMES.get(issue.inst);
      const expected = named ?? (issue.expected === "int" ? "an integer" : issue.expected);
      const got = issue.expected === "int" ? preview(issue.input) : typeName(issue.input);
      return `expected ${expected}, got ${got}`;
    }
    case "too_small":
    case "too_big": {
      const input = issue.input;
      const [bound, relation, op] = issue.code === "too_small"
        ? [issue.minimum, "at least", ">="]
        : [issue.maximum, "at most", "<="];
      if (!Array.isArray(input)) return `expected a value ${op} ${bound}, got ${preview(input)}`;
      const isTuple = (issue.inst as { _zod?: { def?: { type?: string } } } | undefined)?._zod
        ?.def?.type === "tuple";
      return isTuple
        ? `has ${input.length} fields, expected ${bound}`
        : `has ${input.length} items, expected ${relation} ${bound}`;
    }
    case "invalid_value":
      return `expected ${issue.values.map((v) => JSON.stringify(v)).join(" or ")}, got ${
        preview(issue.input)
      }`;
    case "invalid_format":
      return `expected a string matching ${issue.pattern ?? issue.format}`;
    default:
      return undefined;
  }
}

/** The most problems one description lists; the rest are counted. */
const LISTED_ISSUES = 3;

/**
 * The problems of an answer on one line, written by `z.prettifyError`, e.g. `✖ missing field →
 * at accounts[3].address`. `body` is the parsed JSON: a format error quotes the value it got.
 * Upstream keys in a path are cut short, as every quoted value is.
 */
export function describeWireIssues(issues: readonly z.core.$ZodIssue[], body: unknown): string {
  if (issues.length === 0) return "does not match the expected shape";
  const listed = issues.slice(0, LISTED_ISSUES).map((issue) => ({
    ...issue,
    // Custom regex messages in wire.ts win over the error map and carry no value.
    message: issue.code === "invalid_format"
      ? `${issue.message}, got ${preview(valueAt(body, issue.path))}`
      : issue.message,
    path: issue.path.map((key) => typeof key === "string" ? cut(key) : key),
  }));
  const more = issues.length - listed.length;
  return z.prettifyError({ issues: listed } as z.core.$ZodError).replace(/\s*\n\s*/g, " ") +
    (more > 0 ? ` (and ${more} more problem${more > 1 ? "s" : ""})` : "");
}

/** The value at `path` in parsed JSON; undefined where the path leaves it. */
function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let value = body;
  for (const segment of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}

/** The JSON type of a value: `null`, `array`, or its `typeof`. */
export function typeName(value: unknown): string {
  return value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
}

/** A short quote of an upstream value; upstream text is untrusted, so it is cut short. */
function preview(value: unknown): string {
  if (value === undefined) return "nothing";
  return cut(typeof value === "bigint" ? String(value) : JSON.stringify(value) ?? String(value));
}

function cut(text: string): string {
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
