/**
 * A mismatch between an upstream answer and our wire schemas, named by endpoint and field,
 * with the sentence the explorer itself would show ("instruments[0] has 22 fields, expected
 * 23"), and whether the failing field is one of our modelled guesses.
 */
import type { z } from "zod";
import { describeWireIssues, formatPath, wireIssueMessage } from "../papertrade/wire_issues.ts";
import { MODELLED_KEY_NOT_FOUND, sweepModelledGaps } from "../papertrade/mod.ts";
import { modelledReason } from "./modelled.ts";
import type { Answer } from "./upstream_reader.ts";

/** What was asked, for reports. */
export interface Probe {
  /** The API path or the JSON-RPC method: the key of the modelled-shape table. */
  endpoint: string;
  /** What tells this request apart, e.g. `window=24h` or a transaction hash; may be empty. */
  detail?: string;
}

/** One problem with one answer. */
export interface Mismatch {
  endpoint: string;
  detail?: string;
  /** The field, e.g. `instruments[0]`; `response` when there was no usable answer at all. */
  field: string;
  /** The sentence, starting with the field: `balances.tvl: expected ..., got number`. */
  message: string;
  /** When the field is a modelled shape: why it is modelled (from the table in modelled.ts). */
  modelled?: string;
}

/**
 * Every mismatch of `body` against `schema` (empty when it matches), one per zod issue, and one
 * per modelled key the answer lacks (the explorer reads it as null and names it).
 */
export function checkAnswer(probe: Probe, schema: z.ZodType, body: unknown): Mismatch[] {
  const result = schema.safeParse(body, { error: wireIssueMessage });
  if (result.success) {
    return sweepModelledGaps(result.data).map((path) => {
      const field = formatPath(path);
      const message = `${field}: ${MODELLED_KEY_NOT_FOUND} (${sentAt(body, path)})`;
      return withModelled({ ...probe, field, message }, path);
    });
  }
  return result.error.issues.map((issue) => {
    const path = issue.code === "invalid_key" ? issue.path.slice(0, -1) : issue.path;
    return withModelled({
      ...probe,
      field: formatPath(path),
      message: describeWireIssues([issue], body),
    }, path);
  });
}

/** A request that gave no answer to check (HTTP error, timeout, malformed JSON, RPC error). */
export function failedRequest(probe: Probe, problem: string): Mismatch {
  return withModelled({ ...probe, field: "response", message: `response: ${problem}` }, []);
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

function withModelled(mismatch: Mismatch, path: readonly PropertyKey[]): Mismatch {
  const reason = modelledReason(mismatch.endpoint, path);
  return reason ? { ...mismatch, modelled: reason } : mismatch;
}

/**
 * The body of an answer that arrived and matches `schema`, or undefined after adding what was
 * wrong to `sink`.
 */
export function acceptAnswer(
  probe: Probe,
  answer: Answer,
  options: { schema: z.ZodType; sink: Mismatch[] },
): unknown {
  if (!answer.ok) {
    options.sink.push(failedRequest(probe, answer.problem));
    return undefined;
  }
  const found = checkAnswer(probe, options.schema, answer.body);
  if (found.length === 0) return answer.body;
  options.sink.push(...found);
  return undefined;
}
