/**
 * The reads `record` and `verify-upstream` make, derived from the rows of the endpoint tables
 * (`lib/papertrade/endpoints.ts`, `lib/hyperevm/sources.ts`): no path, parameter or schema is
 * stated here. Each probe is checked against its row's schema.
 */
import type { z } from "zod";
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
import { acceptAnswer, type Mismatch, type Probe } from "./check.ts";
import type { Answer, UpstreamReader } from "./reader.ts";

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
    const keys = Object.keys(params.shape);
    if (!fixture || keys.some((key) => !fixture.includes(`{${key}}`))) return [];
    return keys.reduce<Array<Record<string, string>>>(
      (sets, key) =>
        sets.flatMap((set) =>
          (params.shape[key] as z.ZodEnum).options.map((value) => ({ ...set, [key]: `${value}` }))
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
  return ROWS[probe.name].format === "sse" ? reader.walletFrames(target) : reader.getJson(target);
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
