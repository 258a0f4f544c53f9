/** State shared by the parts of one recording (record.ts and _record_chain.ts). */
import type { Mismatch } from "./mismatch.ts";
import type { UpstreamReader } from "./upstream_reader.ts";

/** Shared state of one recording. */
export interface RecordingContext {
  reader: UpstreamReader;
  problems: Mismatch[];
  notes: string[];
}
