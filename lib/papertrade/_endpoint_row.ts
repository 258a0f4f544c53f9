/**
 * The shape of one row of the Papertrade endpoint table (`endpoints.ts`) and the lifetimes and
 * parameters several rows share. Private to this folder: the table is read through `endpoints.ts`.
 */
import { z } from "zod";
import type { ReadLifetime } from "../read_lifetime.ts";
import { address } from "./_wire_scalars.ts";

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
  /** What the explorer uses it for. */
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

export const SECOND = 1_000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const NO_PARAMS = z.object({});
/** Lifetimes that several reads share; each row gives its own reason. */
export const LIVE = { freshMs: 1 * SECOND, revalidateMs: 2 * SECOND, lastGoodMs: 30 * MINUTE };
export const TOTALS = { freshMs: 5 * SECOND, revalidateMs: 25 * SECOND, lastGoodMs: 2 * HOUR };
export const wallet = address.describe("lower-case 0x address");
