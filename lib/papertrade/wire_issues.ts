/**
 * Turns zod issues into one readable sentence naming the field, e.g.
 * `instruments[0] has 22 fields, expected 23` or `balances.tvl: expected an integer string, got
 * number`. The sentence is what a tool shows when the upstream changes shape.
 */
import type { z } from "zod";
import { address, bytes32, intString, uintString } from "./_wire_scalars.ts";

/** Names of the shared string-encoded wire scalars; zod alone would only say "string". */
const SCALAR_NAMES = new Map<unknown, string>([
  [intString.in, "an integer string"],
  [uintString.in, "a non-negative integer string"],
  [address.in, "a 0x address"],
  [bytes32.in, "a 32-byte 0x hash"],
]);

const MISSING = "missing";

/**
 * Per-parse zod error map: words each issue where the schema or input matters. Its messages
 * are predicates ("expected …", "has N fields …"); {@link describeWireIssues} adds the path.
 */
export function wireIssueMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case "invalid_type": {
      if (issue.input === undefined) return MISSING;
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
    case "invalid_union":
      return `expected ${unionExpectations(issue.errors)}, got ${typeName(issue.input)}`;
    default:
      return undefined;
  }
}

/**
 * One sentence for the first issue (plus how many more), e.g. `missing field accounts[3].address`.
 * `body` is the parsed JSON, used to quote the offending value of format errors.
 */
export function describeWireIssues(issues: readonly z.core.$ZodIssue[], body: unknown): string {
  const [first] = issues;
  if (!first) return "does not match the expected shape";
  const more = issues.length > 1
    ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? "s" : ""})`
    : "";
  return describeIssue(first, body) + more;
}

function describeIssue(issue: z.core.$ZodIssue, body: unknown): string {
  const where = formatPath(issue.path);
  if (issue.code === "invalid_type" && issue.message === MISSING) return `missing field ${where}`;
  if (issue.code === "invalid_key") {
    const parent = formatPath(issue.path.slice(0, -1));
    return `${parent}: unexpected key ${preview(issue.path.at(-1))}`;
  }
  if (issue.code === "invalid_format") {
    // Custom regex messages in wire.ts win over the error map and carry no value, so quote it.
    return `${where}: ${issue.message}, got ${preview(valueAt(body, issue.path))}`;
  }
  // Array and tuple lengths ("has N items …", also custom checks such as equal column lengths)
  // read as "path has N items".
  if (issue.message.startsWith("has ")) return `${where} ${issue.message}`;
  return `${where}: ${issue.message}`;
}

/** `accounts[3].address`; the empty path is the whole body. */
export function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "response body";
  let out = "";
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else if (typeof segment === "string" && /^[A-Za-z_$][\w$]*$/.test(segment)) {
      out += out === "" ? segment : `.${segment}`;
    } else out += `[${preview(String(segment))}]`;
  }
  return out;
}

/** The value at `path` in parsed JSON; undefined where the path leaves it. */
export function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let value = body;
  for (const segment of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}

function unionExpectations(errors: z.core.$ZodIssue[][]): string {
  const names = errors.map((branch) => {
    const issue = branch[0];
    return issue?.code === "invalid_type" ? issue.expected : "another shape";
  });
  return [...new Set(names)].join(" or ");
}

/** The JSON type of a value: `null`, `array`, or its `typeof`. */
export function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** A short quote of an upstream value; upstream text is untrusted, so it is cut short. */
function preview(value: unknown): string {
  if (value === undefined) return "nothing";
  const text = typeof value === "bigint" ? String(value) : JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
