/**
 * Which wire shapes are modelled (our best guess) rather than known from a public source, read
 * from the endpoint table. A mismatch in a modelled shape means our guess was wrong; one in a
 * known shape means the upstream changed. modelled_test.ts checks every field named exists.
 */
import {
  type ModelledPart,
  modelledPartAt,
  PAPERTRADE_ENDPOINTS,
  type PapertradeEndpointName,
} from "../papertrade/mod.ts";
import { CHAIN_ITEMS } from "../hyperevm/mod.ts";

/** One modelled part of an endpoint's answer. */
export interface ModelledShape extends ModelledPart {
  /** The item's id everywhere: `<endpoint name>.<part id>`, e.g. `tradingState.winFeeRate`. */
  item: string;
  /** The endpoint's name in the table. */
  name: PapertradeEndpointName;
  /** API path (the wallet stream's fields start with the event name: `wallet.paper`). */
  endpoint: string;
}

/** The modelled shapes, endpoint by endpoint, as the endpoint table states them. */
export const MODELLED_SHAPES: readonly ModelledShape[] = (
  Object.entries(PAPERTRADE_ENDPOINTS) as Array<
    [PapertradeEndpointName, (typeof PAPERTRADE_ENDPOINTS)[PapertradeEndpointName]]
  >
).flatMap(([name, e]) =>
  e.modelled.map((part: ModelledPart) => ({
    item: `${name}.${part.id}`,
    name,
    endpoint: e.path,
    ...part,
  }))
);

/**
 * The id of every modelled item, Papertrade API parts first, then the chain table's modelled
 * items as `chain.<id>`: the ids the replay's `modelWrong` switches and the `modelled: [id]`
 * comments of the adapters use.
 */
export const MODELLED_ITEM_IDS: readonly string[] = [
  ...MODELLED_SHAPES.map((shape) => shape.item),
  ...CHAIN_ITEMS.filter((item) => item.status === "modelled").map((item) => `chain.${item.id}`),
];

/** Why the field at `path` of an endpoint's answer is modelled, or undefined when it is known. */
export function modelledReason(
  endpoint: string,
  path: readonly PropertyKey[],
): string | undefined {
  return modelledPartAt(endpoint, path.map((s) => (typeof s === "number" ? s : String(s))))
    ?.reason;
}
