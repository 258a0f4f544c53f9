/**
 * The one table of Papertrade API reads (rows in `_endpoints_table.ts`): per read its path and
 * parameters, the wire → domain schema, the product part it feeds, which fields are modelled and
 * why, its cache lifetime and its replay data file. The client, the read cache, the README's
 * lifetimes table, the docs' data-sources table, the replay upstream, `record` and
 * `verify-upstream` all read it; no other module lists a path, lifetime or fixture file. The
 * matcher of modelled fields, which names a read's gaps, sits here too (see `_modelled.ts`).
 */
import { z } from "zod";
import { LOWERCASE_ADDRESS_PATTERN } from "../address.ts";
import type { ReadLifetime } from "../read_lifetime.ts";
import { ENDPOINT_ROWS } from "./_endpoints_table.ts";
import type * as wire from "./wire.ts";
import type { FieldPath } from "./_modelled.ts";

/**
 * A modelled part of an answer. `id` is unique within the endpoint; `<endpoint name>.<id>` names
 * it everywhere else (the replay's `modelWrong` switches, `modelled: [id]` comments). `fields`
 * are paths, `*` for any array index, `""` for the whole answer (path included); `except` lists
 * known fields inside them; `reason` says in one line why it is modelled.
 */
interface ModelledPart {
  id: string;
  fields: readonly string[];
  except?: readonly string[];
  reason: string;
}

/**
 * One row of the table:
 * - `path`: `{wallet}` stands for a parameter filled into the path;
 * - `params`: defaults and notes (`describe`); sent sorted by name, each once (the upstream
 *   refuses anything else), empty ones left out;
 * - `schema`: wire in, domain out, the whole answer, a list row by row (see `_modelled.ts`); for
 *   the stream (`format: "sse"`, read as its first `wallet` frame) its first frames together;
 * - `part`: the product part it feeds, as pages and tools name it when missing;
 * - `source`: where the known shape comes from (docs/data-sources.md, "Facts the code relies
 *   on"); `modelled`: empty when the whole shape is a fact;
 * - `lifetime`: how long the read cache keeps an answer, and why; absent: not cached;
 * - `fixture`: the replay's data file, written by `record` (one per value of a `{param}` in its
 *   name; for reads by wallet or page, the file the replay answers from).
 */
export interface PapertradeEndpoint {
  path: string;
  params?: z.ZodObject;
  schema: z.ZodType;
  format?: "sse";
  part: string;
  usedFor: string;
  source: string;
  modelled: readonly ModelledPart[];
  lifetime?: ReadLifetime;
  fixture?: string;
}

/** Every Papertrade read, by its name. */
export const PAPERTRADE_ENDPOINTS = ENDPOINT_ROWS satisfies Record<string, PapertradeEndpoint>;

export type PapertradeEndpointName = keyof typeof PAPERTRADE_ENDPOINTS;
type Endpoints = typeof PAPERTRADE_ENDPOINTS;
/** The parameters of a read, as callers give them (defaults filled in by the table). */
export type ReadParams<N extends PapertradeEndpointName> = Endpoints[N] extends
  { params: infer P extends z.ZodType } ? z.input<P> : Record<string, never>;
/** What a read returns: the output of its schema (of the stream: the account). */
export type ReadResult<N extends PapertradeEndpointName> = Endpoints[N] extends { format: "sse" }
  ? wire.WalletAccount
  : z.output<Endpoints[N]["schema"]>;

/** The rows as a list of names, in table order. */
export const PAPERTRADE_ENDPOINT_NAMES = Object.keys(
  PAPERTRADE_ENDPOINTS,
) as PapertradeEndpointName[];

/**
 * A modelled part with its endpoint: `item` is `<endpoint name>.<part id>` (`walletStream.paper`),
 * `endpoint` the API path (the wallet stream's fields start with the event name: `wallet.paper`).
 */
export interface ModelledShape extends ModelledPart {
  item: string;
  name: PapertradeEndpointName;
  endpoint: string;
}

/** The modelled shapes, endpoint by endpoint, as the table states them. */
export const MODELLED_SHAPES: readonly ModelledShape[] = PAPERTRADE_ENDPOINT_NAMES.flatMap((name) =>
  PAPERTRADE_ENDPOINTS[name].modelled.map((part: ModelledPart) => ({
    item: `${name}.${part.id}`,
    name,
    endpoint: PAPERTRADE_ENDPOINTS[name].path,
    ...part,
  }))
);

/** A read's parameters with the table's defaults filled in (bad ones throw a ZodError). */
export function readParams<N extends PapertradeEndpointName>(
  name: N,
  params: ReadParams<N> = {} as ReadParams<N>,
): Record<string, unknown> {
  return ((PAPERTRADE_ENDPOINTS[name] as PapertradeEndpoint).params ?? z.object({})).parse(params);
}

/** The request target of a read: `{param}` filled in, the others as a query sorted by name. */
export function requestTarget<N extends PapertradeEndpointName>(
  name: N,
  params?: ReadParams<N>,
): string {
  let path: string = PAPERTRADE_ENDPOINTS[name].path;
  const query: Array<[string, string]> = [];
  // Code-unit order, so "pageSize" follows "page" and "sortDir" precedes "sortKey".
  const entries = Object.entries(readParams(name, params)).sort(([a], [b]) => a < b ? -1 : 1);
  for (const [key, value] of entries) {
    if (value === undefined || value === "") continue;
    if (path.includes(`{${key}}`)) path = path.replace(`{${key}}`, encodeURIComponent(`${value}`));
    else query.push([key, `${value}`]);
  }
  return query.length === 0 ? path : `${path}?${new URLSearchParams(query)}`;
}

/** The name of the endpoint a path (template, or filled with a lower-case address) belongs to. */
export function findEndpointName(path: string): PapertradeEndpointName | undefined {
  return PAPERTRADE_ENDPOINT_NAMES.find((name) => {
    const template: string = PAPERTRADE_ENDPOINTS[name].path;
    if (template === path) return true;
    const [prefix, suffix] = template.split("{wallet}");
    return suffix !== undefined && path.startsWith(prefix) && path.endsWith(suffix) &&
      LOWERCASE_ADDRESS_PATTERN.test(path.slice(prefix.length, path.length - suffix.length));
  });
}

/** The endpoint a path (template or filled) belongs to, if any. */
export function findEndpoint(path: string): PapertradeEndpoint | undefined {
  const name = findEndpointName(path);
  return name && PAPERTRADE_ENDPOINTS[name];
}

/**
 * A modelled key the answer lacked (missing or malformed), whose one figure is null. Shaped like
 * the unavailable parts of pages and tools, which list it as is: field in the table's notation
 * (`accounts.*.totalVolume`), reason always "modelled key not found".
 */
export interface ModelledGap {
  part: string;
  endpoint: string;
  field: string;
  reason: string;
}

/** The modelled part of `endpoint` (a path) covering the field at `path`, if any. */
export function modelledPartAt(
  endpoint: string,
  path: readonly PropertyKey[],
): ModelledPart | undefined {
  return findEndpoint(endpoint)?.modelled.find((part) =>
    part.fields.some((field) => startsWith(path, field)) &&
    !(part.except ?? []).some((field) => startsWith(path, field))
  );
}

/**
 * `value` with the gaps found at `paths` attached as `modelledGaps`, each named by its field in
 * the table's notation (`*` for a list index): `accounts.*.totalVolume`, `wallet.operations.*.8`.
 */
export function withModelledGaps<T>(endpoint: string, value: T, paths: readonly FieldPath[]): T {
  if (paths.length === 0 || value === null || typeof value !== "object") return value;
  const part = findEndpoint(endpoint)?.part ?? endpoint;
  const fields = new Set(paths.map((path) => fieldName(endpoint, path)));
  const modelledGaps: ModelledGap[] = [...fields].map((field) => ({
    part,
    endpoint,
    field,
    reason: "modelled key not found",
  }));
  return Object.assign(value, { modelledGaps });
}

/** The gaps a domain value carries (none for most). */
export function modelledGapsOf(value: unknown): readonly ModelledGap[] {
  const gaps = (value as { modelledGaps?: unknown } | null | undefined)?.modelledGaps;
  return Array.isArray(gaps) ? gaps : [];
}

// A list index reads `*` unless the table names that slot (a tuple's `8`).
function fieldName(endpoint: string, path: FieldPath): string {
  const pattern = modelledPartAt(endpoint, path)?.fields.find((f) => startsWith(path, f));
  const want = pattern ? pattern.split(".") : [];
  return path.map((segment, i) =>
    typeof segment === "number" && want[i] !== String(segment) ? "*" : String(segment)
  ).join(".");
}

// `*` matches any array index; a number matches that index (a tuple slot) only.
function startsWith(segments: readonly PropertyKey[], pattern: string): boolean {
  if (pattern === "") return true;
  const want = pattern.split(".");
  return want.length <= segments.length &&
    want.every((s, i) => s === "*" ? typeof segments[i] === "number" : s === String(segments[i]));
}
