/**
 * Upstream checking: record the Papertrade API and HyperEVM RPC into the replay's fixture
 * format (`deno task record`), and verify a live upstream against our wire schemas
 * (`deno task verify-upstream`). Like the adapters, this folder reads the raw wire format; it
 * is tooling at the edge and nothing in the explorer imports it.
 *
 * @module
 */
export {
  type ArgsOptions,
  DEFAULT_API_URL,
  parseScriptArgs,
  parseUpstreamArgs,
  type ScriptArgsOptions,
  UPSTREAM_FLAGS_USAGE,
  type UpstreamArgs,
} from "./cli_args.ts";
export { FILE_ENDPOINTS, fixtureJson } from "./endpoints.ts";
export { checkAnswer, formatMismatch, type Mismatch, type Probe, probeLabel } from "./mismatch.ts";
export { MODELLED_SHAPES, modelledReason, type ModelledShape } from "./modelled.ts";
export {
  isCompleteRecording,
  RECORDED_FILES,
  type RecordOptions,
  type RecordResult,
  recordUpstream,
  writeRecording,
} from "./record.ts";
export {
  type Answer,
  createUpstreamReader,
  type UpstreamReader,
  type UpstreamReaderOptions,
} from "./upstream_reader.ts";
export { type VerifyOptions, verifyUpstream } from "./verify.ts";
export {
  formatReport,
  type ModelledVerdict,
  type Unreachable,
  VERIFY_EXIT,
  verifyExitCode,
  type VerifyReport,
} from "./verify_report.ts";
