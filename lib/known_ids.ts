/**
 * Owners of the ids seen: each position and intent id of a trade history read (with the settling
 * transactions the trail found for them) belongs to its wallet, kept per Papertrade client for the
 * process' life (oldest forgotten past {@link KNOWN_IDS_MAX}). With the at-risk board and latest
 * trades (`findOwner`, `lib/search/resolve.ts`), this lets `/position/<id>` and `/intent/<id>` find
 * their wallet without `?wallet=`.
 */
import type { Address } from "./papertrade/mod.ts";

/** Ids remembered per kind and client. */
export const KNOWN_IDS_MAX = 100_000;

const known = new WeakMap<object, Record<"positions" | "intents", Map<string, Address>>>();

function idsOf(client: object) {
  return known.getOrInsertComputed(client, () => ({ positions: new Map(), intents: new Map() }));
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
