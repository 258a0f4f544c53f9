/** The shape of one row of the endpoint table in `endpoints.ts`. */
import type { z } from "zod";

/** One query parameter of an endpoint. */
export interface EndpointParam {
  name: string;
  /** What it carries, for the docs. */
  note: string;
}

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

/** One upstream endpoint. */
export interface PapertradeEndpoint {
  /** Path; `{wallet}` stands for a lower-case address in the path. */
  path: string;
  /** Query parameters, in the order the upstream wants them (sorted by name where it cares). */
  params: readonly EndpointParam[];
  /** The answer's full wire schema (the client may check rows one by one, see wire.ts). */
  schema: z.ZodType;
  /** `sse` for the wallet stream; its schema covers the first two frames. */
  format: "json" | "sse";
  /** The part of the product it feeds, as pages and tools name it when it is missing. */
  part: string;
  /** What the explorer uses it for. */
  usedFor: string;
  /** Where the known shape comes from (papertrade-facts.md section). */
  source: string;
  /** Modelled parts; empty when the whole shape is a fact. */
  modelled: readonly ModelledPart[];
  /** Fixture files a recording writes, one per parameter set (none: recorded elsewhere). */
  recordings: ReadonlyArray<{ params: ReadonlyArray<readonly [string, string]>; file: string }>;
}
