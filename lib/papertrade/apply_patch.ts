/** Applying wallet stream patches to an account, refusing any patch that does not fit. */
import type { EndedIntent, WalletAccount, WalletPatch } from "./wire.ts";

/** How many ended intents and closed positions an account remembers from patches. */
export const RECENT_EVENTS_KEPT = 20;

/**
 * `patch` applied to `account`, neither mutated; out of sync when it is for another address or
 * revision, or its deltas do not fit (removing what is not held, adding what is:
 * docs/data-sources.md), with why (`patch is based on revision 7, account is at 6`): the caller
 * reopens the stream for a fresh snapshot. Added positions go first (newest first); closes and
 * outcomes are remembered (newest first, bounded), outcomes stamped with the patch's indexer time.
 */
export function applyWalletPatch(account: WalletAccount, patch: WalletPatch) {
  const outOfSync = (reason: "revision" | "address" | "delta", message: string) => ({
    inSync: false as const,
    reason,
    message,
  });
  if (patch.address !== null && patch.address !== account.address) {
    return outOfSync("address", `patch is for ${patch.address}, account is ${account.address}`);
  }
  const at = account.accountRevision;
  if (patch.baseAccountRevision !== at) {
    return outOfSync(
      "revision",
      `patch is based on revision ${patch.baseAccountRevision}, account is at ${at}`,
    );
  }
  if (patch.accountRevision <= at) {
    return outOfSync(
      "revision",
      `patch moves to revision ${patch.accountRevision}, not past ${at}`,
    );
  }

  // Removals must name held items; closes and outcomes may also report items that came and
  // went between frames, so they remove what is held and are remembered either way.
  const misfit = misfitDelta(
    "position",
    account.openPositions.map((p) => p.positionId),
    patch.removedPositions,
    patch.addedPositions.map((p) => p.positionId),
  ) ??
    misfitDelta(
      "operation",
      account.operations.map((op) => op.intentId),
      patch.removedOperations,
      patch.addedOperations.map((op) => op.intentId),
    );
  if (misfit) return outOfSync("delta", misfit);

  const goneIds = new Set<string>([
    ...patch.removedPositions,
    ...patch.closedPositions.map((p) => p.positionId),
  ]);
  const endedIds = new Set<string>([
    ...patch.removedOperations,
    ...patch.endedIntents.map((i) => i.intentId),
  ]);
  const indexedThroughTimestamp = patch.indexedThroughTimestamp ??
    account.indexedThroughTimestamp;
  const ended: EndedIntent[] = patch.endedIntents.map((item) => ({
    ...item,
    reportedAt: indexedThroughTimestamp,
  }));

  const next: WalletAccount = {
    ...account,
    accountRevision: patch.accountRevision,
    walletRevision: patch.walletRevision ?? account.walletRevision,
    queueRevision: patch.queueRevision ?? account.queueRevision,
    indexedThroughBlock: patch.indexedThroughBlock ?? account.indexedThroughBlock,
    indexedThroughTimestamp,
    sessionKeys: patch.sessionKeys ?? account.sessionKeys,
    balances: {
      balance: patch.balance ?? account.balances.balance,
      queued: patch.queued ?? account.balances.queued,
      locked: patch.locked ?? account.balances.locked,
    },
    funds: patch.funds ?? account.funds,
    paper: patch.paper ?? account.paper,
    lifetime: patch.lifetime ?? account.lifetime,
    operations: [
      ...account.operations.filter((op) => !endedIds.has(op.intentId)),
      ...patch.addedOperations,
    ],
    openPositions: [
      // A position opened and closed within one patch is not open.
      ...patch.addedPositions.filter((p) => !goneIds.has(p.positionId)),
      ...account.openPositions.filter((p) => !goneIds.has(p.positionId)),
    ],
    recentEndedIntents: [...ended, ...account.recentEndedIntents].slice(0, RECENT_EVENTS_KEPT),
    recentClosedPositions: [...patch.closedPositions, ...account.recentClosedPositions]
      .slice(0, RECENT_EVENTS_KEPT),
  };
  return { inSync: true as const, account: next };
}

/** Why a delta does not fit what is held, or undefined when it does. */
function misfitDelta(
  what: string,
  heldIds: readonly string[],
  leaving: readonly string[],
  adding: readonly string[],
): string | undefined {
  const held = new Set(heldIds);
  const left = new Set<string>();
  for (const id of leaving) {
    if (!held.has(id) || left.has(id)) return `patch removes ${what} ${id}, which is not held`;
    left.add(id);
  }
  const added = new Set<string>();
  for (const id of adding) {
    if ((held.has(id) && !left.has(id)) || added.has(id)) {
      return `patch adds ${what} ${id}, which is already held`;
    }
    added.add(id);
  }
  return undefined;
}
