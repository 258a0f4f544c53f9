/** Applying wallet stream patches to an account, refusing any patch that does not fit. */
import type { WalletAccount, WalletPatch } from "./types.ts";

/** How many ended intents and closed positions an account remembers from patches. */
export const RECENT_EVENTS_KEPT = 20;

/** Why a patch could not be applied; the caller reopens the stream for a fresh snapshot. */
export interface WalletOutOfSync {
  inSync: false;
  reason: "revision" | "address";
  /** Human-readable cause, e.g. `patch is based on revision 7, account is at 6`. */
  message: string;
}

/** The account after a patch. */
export interface WalletPatched {
  inSync: true;
  account: WalletAccount;
}

/**
 * Applies `patch` to `account` without mutating either. Out of sync when the patch is for
 * another address or was made against another revision than the account's. Added positions
 * are prepended (newest first), closed positions and ended intents are removed from the open
 * lists and remembered (newest first, bounded) for display.
 */
export function applyWalletPatch(
  account: WalletAccount,
  patch: WalletPatch,
): WalletPatched | WalletOutOfSync {
  if (patch.address !== account.address) {
    return {
      inSync: false,
      reason: "address",
      message: `patch is for ${patch.address}, account is ${account.address}`,
    };
  }
  if (patch.baseAccountRevision !== account.accountRevision) {
    return {
      inSync: false,
      reason: "revision",
      message:
        `patch is based on revision ${patch.baseAccountRevision}, account is at ${account.accountRevision}`,
    };
  }

  const closedIds = new Set(patch.closedPositions.map((p) => p.positionId));
  const addedIds = new Set(patch.addedPositions.map((p) => p.positionId));
  const endedIds = new Set(patch.endedIntents.map((i) => i.intentId));
  // A re-sent added position replaces the old row instead of appearing twice.
  const keptPositions = account.openPositions.filter(
    (p) => !closedIds.has(p.positionId) && !addedIds.has(p.positionId),
  );
  const addedStillOpen = patch.addedPositions.filter((p) => !closedIds.has(p.positionId));
  const operations = (patch.operations ?? account.operations).filter(
    (op) => !endedIds.has(op.intentId),
  );

  const next: WalletAccount = {
    ...account,
    accountRevision: patch.accountRevision,
    walletRevision: patch.walletRevision ?? account.walletRevision,
    queueRevision: patch.queueRevision ?? account.queueRevision,
    indexedThroughBlock: patch.indexedThroughBlock ?? account.indexedThroughBlock,
    indexedThroughTimestamp: patch.indexedThroughTimestamp ?? account.indexedThroughTimestamp,
    sessionKeys: patch.sessionKeys ?? account.sessionKeys,
    balances: {
      ...account.balances,
      balance: patch.balance ?? account.balances.balance,
      queued: patch.queued ?? account.balances.queued,
      locked: patch.locked ?? account.balances.locked,
    },
    funds: patch.funds ?? account.funds,
    paper: patch.paper ?? account.paper,
    lifetime: patch.lifetime ?? account.lifetime,
    operations,
    openPositions: [...addedStillOpen, ...keptPositions],
    recentEndedIntents: [...patch.endedIntents, ...account.recentEndedIntents]
      .slice(0, RECENT_EVENTS_KEPT),
    recentClosedPositions: [...patch.closedPositions, ...account.recentClosedPositions]
      .slice(0, RECENT_EVENTS_KEPT),
  };
  return { inSync: true, account: next };
}
