/**
 * An upstream answer checked against the schema of its row: each mismatch named by endpoint and
 * field, with the sentence the explorer itself would show ("instruments[0] has 22 fields,
 * expected 23"), and whether the field is one of our modelled guesses. A row the explorer would
 * drop and a modelled key it would read as null are mismatches here: `record` writes only what
 * matches in full, and `verify-upstream` says what no longer holds.
 */
import type { z } from "zod";
import {
  describeWireIssues,
  formatPath,
  wireIssueMessage,
} from "../../lib/papertrade/wire_issues.ts";
import {
  MODELLED_KEY_NOT_FOUND,
  modelledPartAt,
  notesOf,
} from "../../lib/papertrade/modelled_gaps.ts";
import type { Answer } from "./reader.ts";

/** What was asked, for reports. */
export interface Probe {
  /** The API path (its template) or the JSON-RPC method. */
  endpoint: string;
  /** What tells this request apart, e.g. `window=24h` or a transaction hash; may be empty. */
  detail?: string;
}

/** One problem with one answer. */
export interface Mismatch extends Probe {
  /** The field, e.g. `instruments[0]`; `response` when there was no usable answer at all. */
  field: string;
  /** The sentence, starting with the field: `balances.tvl: expected ..., got number`. */
  message: string;
  /** When the field is a modelled shape: why it is modelled (from the endpoint table). */
  modelled?: string;
}

/**
 * Every mismatch of `body` against `schema` (empty when it matches): one per zod issue, one per
 * row the explorer would drop, one per modelled key the answer lacks.
 */
function checkAnswer(probe: Probe, schema: z.ZodType, body: unknown): Mismatch[] {
  const result = schema.safeParse(body, { error: wireIssueMessage });
  const issues = result.success
    ? notesOf(result.data).dropped.flatMap((row) =>
      row.issues.map((issue) => ({ ...issue, path: [...row.path, ...issue.path] }))
    )
    : result.error.issues;
  const mismatches = issues.map((issue) => {
    const path = issue.code === "invalid_key" ? issue.path.slice(0, -1) : issue.path;
    return withModelled(
      { ...probe, field: formatPath(path), message: describeWireIssues([issue], body) },
      path,
    );
  });
  if (!result.success) return mismatches;
  return [
    ...mismatches,
    ...notesOf(result.data).gaps.map((path) => {
      const field = formatPath(path);
      const message = `${field}: ${MODELLED_KEY_NOT_FOUND} (${sentAt(body, path)})`;
      return withModelled({ ...probe, field, message }, path);
    }),
  ];
}

/** A value that has the right shape but contradicts a known fact (e.g. the chain id). */
export function wrongValue(probe: Probe, field: string, problem: string): Mismatch {
  return { ...probe, field, message: `${field}: ${problem}` };
}

/** `endpoint[?detail] message`, e.g. `/state/trading instruments[0] has 22 fields, expected 23`. */
export function formatMismatch(mismatch: Mismatch): string {
  return `${probeLabel(mismatch)} ${mismatch.message}`;
}

/** The probe as one token: `/path?detail` for the API, `method(detail)` for the RPC. */
export function probeLabel(probe: Probe): string {
  if (!probe.detail) return probe.endpoint;
  return probe.endpoint.startsWith("/")
    ? `${probe.endpoint}?${probe.detail}`
    : `${probe.endpoint}(${probe.detail})`;
}

/**
 * The body of an answer that arrived and matches `schema`, or undefined after adding what was
 * wrong to `sink` (a request that gave no answer is a mismatch of its `response`).
 */
export function acceptAnswer(
  probe: Probe,
  answer: Answer,
  options: { schema: z.ZodType; sink: Mismatch[] },
): unknown {
  const found = answer.ok
    ? checkAnswer(probe, options.schema, answer.body)
    : [withModelled({ ...probe, field: "response", message: `response: ${answer.problem}` }, [])];
  options.sink.push(...found);
  return answer.ok && found.length === 0 ? answer.body : undefined;
}

/** Why the field at `path` of an endpoint's answer is modelled, or undefined when it is known. */
function modelledReason(endpoint: string, path: readonly PropertyKey[]): string | undefined {
  return modelledPartAt(endpoint, path.map((s) => (typeof s === "number" ? s : String(s))))
    ?.reason;
}

function withModelled(mismatch: Mismatch, path: readonly PropertyKey[]): Mismatch {
  const reason = modelledReason(mismatch.endpoint, path);
  return reason ? { ...mismatch, modelled: reason } : mismatch;
}

/** What the answer holds at `path`: `missing`, or `got <JSON type>`. */
function sentAt(body: unknown, path: readonly (string | number)[]): string {
  let value = body;
  for (const key of path) {
    value = value !== null && typeof value === "object"
      ? (value as Record<string | number, unknown>)[key]
      : undefined;
  }
  if (value === undefined) return "missing";
  return `got ${value === null ? "null" : Array.isArray(value) ? "array" : typeof value}`;
}
