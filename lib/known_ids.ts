/**
 * The owners of the ids the explorer has seen: every position id and intent id of a trade history
 * it has read (with the settling transactions the trail found for them) belongs to that history's
 * wallet, kept per Papertrade client for the life of the process (the oldest forgotten first past
 * {@link KNOWN_IDS_MAX}). With the at-risk board and the latest trades (`findOwner`, `lib/search/resolve.ts`),
 * this is how `/position/<id>` and `/intent/<id>` find their wallet without `?wallet=`.
 */
import type { Address } from "./papertrade/mod.ts";

/** Ids remembered per kind and client. */
export const KNOWN_IDS_MAX = 100_000;

interface KnownIds {
  positions: Map<string, Address>;
  intents: Map<string, Address>;
}

const known = new WeakMap<object, KnownIds>();

function idsOf(client: object): KnownIds {
  let ids = known.get(client);
  if (!ids) known.set(client, ids = { positions: new Map(), intents: new Map() });
  return ids;
}

function remember(map: Map<string, Address>, id: string, wallet: Address): void {
  map.delete(id);
  if (map.size >= KNOWN_IDS_MAX) map.delete(map.keys().next().value!);
  map.set(id, wallet);
}

/** Remembers that `wallet` owns these positions and the intents that opened or closed them. */
export function learnOwner(
  client: object,
  wallet: string,
  items: Iterable<{ positionId: string; intentId?: string | null }>,
): void {
  const ids = idsOf(client);
  const owner = wallet.toLowerCase() as Address;
  for (const item of items) {
    remember(ids.positions, item.positionId, owner);
    if (item.intentId) remember(ids.intents, item.intentId.toLowerCase(), owner);
  }
}

/** The wallet a position id or intent id was seen with, or null. */
export function knownOwner(
  client: object,
  id: { positionId: string } | { intentId: string },
): Address | null {
  const ids = idsOf(client);
  return ("positionId" in id
    ? ids.positions.get(id.positionId)
    : ids.intents.get(id.intentId.toLowerCase())) ?? null;
}
