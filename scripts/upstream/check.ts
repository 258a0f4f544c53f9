/**
 * The reads `record` and `verify-upstream` make, derived from the rows of the endpoint tables
 * (`lib/papertrade/endpoints.ts`, `lib/hyperevm/sources.ts`: no path, parameter or schema is
 * stated here), and each answer checked against its row's schema: every mismatch named by
 * endpoint and field, with the sentence the explorer itself would show ("instruments[0] has 22
 * fields, expected 23"), and whether the field is one of our modelled guesses. A row the explorer
 * would drop and a modelled key it would read as null are mismatches here: `record` writes only
 * what matches in full, and `verify-upstream` says what no longer holds.
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
import {
  LEADERBOARD_WINDOWS,
  MODELLED_SHAPES,
  PAPERTRADE_ENDPOINT_NAMES,
  PAPERTRADE_ENDPOINTS as ROWS,
  type PapertradeEndpoint,
  type PapertradeEndpointName,
  readParams,
  requestTarget,
} from "../../lib/papertrade/mod.ts";
import { RPC_METHODS } from "../../lib/hyperevm/sources.ts";
import type { Answer, UpstreamReader } from "./reader.ts";

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

export { LEADERBOARD_WINDOWS, MODELLED_SHAPES };

/** One read of a row: its name and parameters. */
export interface ApiProbe {
  name: PapertradeEndpointName;
  params?: Record<string, unknown>;
}

/**
 * Every read whose whole answer is one fixture file: the rows whose parameters all appear in
 * their fixture's name, once per value of those (enum) parameters.
 */
export const FILE_PROBES: readonly (ApiProbe & { file: string })[] = PAPERTRADE_ENDPOINT_NAMES
  .flatMap((name) => {
    const { fixture, params } = ROWS[name] as PapertradeEndpoint;
    const keys = Object.keys(params?.shape ?? {});
    if (!fixture || keys.some((key) => !fixture.includes(`{${key}}`))) return [];
    return keys.reduce<Array<Record<string, string>>>(
      (sets, key) =>
        sets.flatMap((set) =>
          (params!.shape[key] as z.ZodEnum).options.map((value) => ({ ...set, [key]: `${value}` }))
        ),
      [{}],
    ).map((set) => ({
      name,
      params: set,
      file: Object.entries(set).reduce((file, [k, v]) => file.replace(`{${k}}`, v), fixture),
    }));
  });

/** The probe of a read: its path template, and its query (or the wallet in its path). */
export function probeOf({ name, params }: ApiProbe): Probe {
  const [, query] = requestTarget(name, params as never).split("?");
  const inPath = ROWS[name].path.includes("{") ? readParams(name, params as never).wallet : "";
  const detail = query ?? `${inPath}`;
  return detail ? { endpoint: ROWS[name].path, detail } : { endpoint: ROWS[name].path };
}

/** Reads one probe as raw JSON (a stream: its first frames). */
export function readProbe(reader: UpstreamReader, probe: ApiProbe): Promise<Answer> {
  const target = requestTarget(probe.name, probe.params as never);
  const sse = (ROWS[probe.name] as PapertradeEndpoint).format === "sse";
  return sse ? reader.walletFrames(target) : reader.getJson(target);
}

/** Reads a probe and keeps its body when it matches, else adds what was wrong to `sink`. */
export async function acceptProbe(
  reader: UpstreamReader,
  probe: ApiProbe,
  sink: Mismatch[],
): Promise<unknown> {
  const answer = await readProbe(reader, probe);
  return acceptAnswer(probeOf(probe), answer, { schema: ROWS[probe.name].schema, sink });
}

/** The probe of a JSON-RPC call: its method, and its first parameter when that is a string. */
export function rpcProbe(method: string, params: unknown[]): Probe {
  return typeof params[0] === "string"
    ? { endpoint: method, detail: params[0] }
    : { endpoint: method };
}

/** The row schema of a JSON-RPC method's answer. */
export function rpcSchema(method: string): z.ZodType {
  return RPC_METHODS[method as keyof typeof RPC_METHODS].schema;
}
