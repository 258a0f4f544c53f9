/**
 * Which wire shapes are modelled (our best guess) rather than known from a public source, read
 * from the endpoint table. A mismatch in a modelled shape means our guess was wrong; one in a
 * known shape means the upstream changed. modelled_test.ts checks every field named exists.
 */
import { type ModelledPart, modelledPartAt, PAPERTRADE_ENDPOINT_LIST } from "../papertrade/mod.ts";

/** One modelled part of an endpoint's answer. */
export interface ModelledShape extends ModelledPart {
  /** API path (the wallet stream's fields start with the event name: `wallet.paper`). */
  endpoint: string;
}

/** The modelled shapes, endpoint by endpoint, as the endpoint table states them. */
export const MODELLED_SHAPES: readonly ModelledShape[] = PAPERTRADE_ENDPOINT_LIST.flatMap((e) =>
  e.modelled.map((part) => ({ endpoint: e.path, ...part }))
);

/** Why the field at `path` of an endpoint's answer is modelled, or undefined when it is known. */
export function modelledReason(
  endpoint: string,
  path: readonly PropertyKey[],
): string | undefined {
  return modelledPartAt(endpoint, path.map((s) => (typeof s === "number" ? s : String(s))))
    ?.reason;
}
