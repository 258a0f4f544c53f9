/**
 * The reads `record` and `verify-upstream` make, derived from the endpoint tables in
 * lib/papertrade/endpoints.ts and lib/hyperevm/sources.ts: no path or schema is stated here.
 */
import type { z } from "zod";
import {
  findEndpoint,
  LEADERBOARD_WINDOWS as WINDOWS,
  PAPERTRADE_ENDPOINT_LIST,
  PAPERTRADE_ENDPOINTS,
  walletFramesSchema,
} from "../papertrade/mod.ts";
import { RPC_METHODS } from "../hyperevm/mod.ts";

/** An API read whose whole answer is one fixture file. */
export interface FileEndpoint {
  path: string;
  params: ReadonlyArray<readonly [string, string]>;
  schema: z.ZodType;
  file: string;
}

/** Every recording the endpoint table lists, one per parameter set. */
export const FILE_ENDPOINTS: readonly FileEndpoint[] = PAPERTRADE_ENDPOINT_LIST.flatMap((e) =>
  e.recordings.map((r) => ({ path: e.path, params: r.params, schema: e.schema, file: r.file }))
);

/** Paths read page by page or per wallet. */
export const LEADERBOARD_PATH = PAPERTRADE_ENDPOINTS.leaderboard.path;
export const TRADES_PATH = PAPERTRADE_ENDPOINTS.tradeHistory.path;
export const LIVE_PATH = PAPERTRADE_ENDPOINTS.walletStream.path;
export const QUEUE_RANK = PAPERTRADE_ENDPOINTS.queueRank;
export const QUERY_HEALTH = PAPERTRADE_ENDPOINTS.queryHealth;

/** The leaderboard windows, in the order the fixture file lists them. */
export const LEADERBOARD_WINDOWS = WINDOWS;

/** Trade-history page size: the 75 rows the original explorer pages by. */
export const TRADES_PAGE_SIZE = 75;

export { walletFramesSchema };

/** Schemas of the JSON-RPC answers, by method (null answers are handled by the callers). */
export const RPC_SCHEMAS: Readonly<Record<string, z.ZodType>> = Object.fromEntries(
  Object.entries(RPC_METHODS).map(([method, spec]) => [method, spec.schema]),
);

/** The schema an API path's answer is checked against (for the modelled-shape table's test). */
export function apiSchemaFor(path: string): z.ZodType | undefined {
  return findEndpoint(path)?.schema;
}

/** Pretty JSON exactly as the fixture generator writes it: 2-space indent, trailing newline. */
export function fixtureJson(value: unknown): string {
  return JSON.stringify(value, null, 2) + "\n";
}
