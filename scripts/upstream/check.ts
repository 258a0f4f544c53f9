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
  typeName,
  valueAt,
  wireIssueMessage,
} from "../../lib/papertrade/wire_issues.ts";
import {
  MODELLED_KEY_NOT_FOUND,
  modelledPartAt,
  notesOf,
} from "../../lib/papertrade/modelled_gaps.ts";
import {
  PAPERTRADE_ENDPOINT_NAMES,
  PAPERTRADE_ENDPOINTS as ROWS,
  type PapertradeEndpoint,
  type PapertradeEndpointName,
  readParams,
  requestTarget,
} from "../../lib/papertrade/mod.ts";
import { RPC_METHODS, type RpcMethodName } from "../../lib/hyperevm/sources.ts";
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

/** Where the problems go: answers that did not match, and (when given) requests never answered. */
interface Sinks {
  sink: Mismatch[];
  /** Without it, a request that got no answer is a mismatch of its `response`. */
  unreachable?: Array<Probe & { problem: string }>;
}

/**
 * Every mismatch of `body` against `schema` (empty when it matches): one per zod issue, one per
 * row the explorer would drop, one per modelled key the answer lacks.
 */
function checkAnswer(probe: Probe, schema: z.ZodType, body: unknown): Mismatch[] {
  const result = schema.safeParse(body, { error: wireIssueMessage });
  const notes = result.success ? notesOf(result.data) : { gaps: [], dropped: [] };
  const issues = result.success
    ? notes.dropped.flatMap((row) =>
      row.issues.map((issue) => ({ ...issue, path: [...row.path, ...issue.path] }))
    )
    : result.error.issues;
  return [
    ...issues.map((issue) => {
      const path = issue.code === "invalid_key" ? issue.path.slice(0, -1) : issue.path;
      return mismatch(probe, path, describeWireIssues([issue], body));
    }),
    ...notes.gaps.map((path) => {
      const value = valueAt(body, path);
      const sent = value === undefined ? "missing" : `got ${typeName(value)}`;
      return mismatch(probe, path, `${formatPath(path)}: ${MODELLED_KEY_NOT_FOUND} (${sent})`);
    }),
  ];
}

/** The mismatch of the field at `path`, with the reason it is modelled when it is. */
function mismatch(probe: Probe, path: readonly PropertyKey[], message: string): Mismatch {
  const found = { ...probe, field: formatPath(path), message };
  const reason = modelledPartAt(probe.endpoint, path)?.reason;
  return reason ? { ...found, modelled: reason } : found;
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
 * wrong to the sinks.
 */
export function acceptAnswer(
  probe: Probe,
  answer: Answer,
  options: Sinks & { schema: z.ZodType },
): unknown {
  if (!answer.ok && answer.unreachable && options.unreachable) {
    options.unreachable.push({ ...probe, problem: answer.problem });
    return undefined;
  }
  const found = answer.ok
    ? checkAnswer(probe, options.schema, answer.body)
    : [{ ...mismatch(probe, [], `response: ${answer.problem}`), field: "response" }];
  options.sink.push(...found);
  return answer.ok && found.length === 0 ? answer.body : undefined;
}

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

/** Reads a probe and keeps its body when it matches, else adds what was wrong to the sinks. */
export async function acceptProbe(
  ctx: Sinks & { reader: UpstreamReader },
  probe: ApiProbe,
): Promise<unknown> {
  const answer = await readProbe(ctx.reader, probe);
  return acceptAnswer(probeOf(probe), answer, { ...ctx, schema: ROWS[probe.name].schema });
}

/**
 * One JSON-RPC call checked against its method's row: the result (null when the node knows no
 * such item), or undefined after adding what was wrong to the sinks. The probe names the first
 * parameter when that is a string (a hash or a block).
 */
export async function acceptRpc(
  ctx: Sinks & { reader: UpstreamReader },
  method: RpcMethodName,
  params: unknown[],
): Promise<unknown> {
  const answer = await ctx.reader.rpc(method, params);
  if (answer.ok && answer.body === null && method !== "eth_blockNumber") return null;
  const probe = typeof params[0] === "string"
    ? { endpoint: method, detail: params[0] }
    : { endpoint: method };
  return acceptAnswer(probe, answer, { ...ctx, schema: RPC_METHODS[method].schema });
}
