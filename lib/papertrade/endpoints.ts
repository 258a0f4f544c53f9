/**
 * The one table of Papertrade API reads. Each row holds everything about one read: its path and
 * parameters, the schema that takes its answer from wire to domain, the part of the product it
 * feeds, whether its shape is a fact or modelled (and why), how long the read cache keeps it, and
 * the replay's data file. The client (`read`), the read cache, the README's lifetimes table, the
 * docs' data-sources table, the replay upstream, `record` and `verify-upstream` all read this
 * table; no other module lists a path, a lifetime or a fixture file. Here too is the one
 * matcher of its modelled fields, naming the gaps of a read (see `_modelled.ts`). Its rows are written in
 * `_endpoints_table.ts`, in table order.
 */
import { z } from "zod";
import { LOWERCASE_ADDRESS_PATTERN } from "../address.ts";
import type { ReadLifetime } from "../read_lifetime.ts";
import { ENDPOINT_ROWS } from "./_endpoints_table.ts";
import type * as wire from "./wire.ts";
import type { FieldPath } from "./_modelled.ts";

/** A modelled part of an endpoint's answer. */
export interface ModelledPart {
  /**
   * Short name, unique within the endpoint; `<endpoint name>.<id>` names the item everywhere
   * else (the replay's `modelWrong` switches, `modelled: [id]` comments in the adapters).
   */
  id: string;
  /** Field paths, `*` for any array index; `""` means the whole answer, path included. */
  fields: readonly string[];
  /** Known fields inside the modelled ones. */
  except?: readonly string[];
  /** One line: why it is modelled. */
  reason: string;
}

/** One row of the table. */
export interface PapertradeEndpoint {
  /** Path; `{wallet}` stands for a parameter filled into the path. */
  path: string;
  /**
   * Its parameters with their defaults and notes (`describe`), if it takes any; sent sorted by
   * name, each once (the upstream refuses anything else), empty ones left out.
   */
  params?: z.ZodObject;
  /**
   * Wire in, domain out; checks the whole answer, a list row by row (see `_modelled.ts`). For
   * the stream, its first frames together (`wallet.*`, `patch.*`).
   */
  schema: z.ZodType;
  /** `sse` for the wallet stream, whose read is its first `wallet` frame, the account. */
  format?: "sse";
  /** The part of the product it feeds, as pages and tools name it when it is missing. */
  part: string;
  usedFor: string;
  /** Where the known shape comes from (see docs/data-sources.md, "Facts the code relies on"). */
  source: string;
  /** Modelled parts; empty when the whole shape is a fact. */
  modelled: readonly ModelledPart[];
  /** How long the read cache keeps an answer, and why; absent: not cached (not read by pages). */
  lifetime?: ReadLifetime;
  /**
   * The replay's data file, which `record` writes: the whole answer (one file per value of a
   * `{param}` in its name), or for reads by wallet or page, the file the replay answers from.
   */
  fixture?: string;
}

/** Every Papertrade read, by its name. */
export const PAPERTRADE_ENDPOINTS = ENDPOINT_ROWS satisfies Record<string, PapertradeEndpoint>;

/** An endpoint's name in {@link PAPERTRADE_ENDPOINTS}. */
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

/** One modelled part of an endpoint's answer, with its endpoint. */
export interface ModelledShape extends ModelledPart {
  /** The item's id everywhere: `<endpoint name>.<part id>`, e.g. `walletStream.paper`. */
  item: string;
  name: PapertradeEndpointName;
  /** API path (the wallet stream's fields start with the event name: `wallet.paper`). */
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
 * A modelled key the answer lacked (missing or malformed): the one figure it feeds is null.
 * Shaped like the unavailable parts of pages and tools, which list it as it is: the part the
 * endpoint feeds ("markets"), its path, the field in the table's notation
 * (`accounts.*.totalVolume`) and the reason, always "modelled key not found".
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
