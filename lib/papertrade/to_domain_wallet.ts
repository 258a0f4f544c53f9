/** Pure mappers from the wallet stream's wire frames (snapshot and patch) to domain objects. */
import type { z } from "zod";
import type * as wire from "./wire.ts";
import type {
  ClosedPosition,
  EndedIntent,
  OpenPosition,
  Operation,
  OperationParams,
  SessionKey,
  WalletAccount,
  WalletPatch,
} from "./types.ts";

type Out<T extends z.ZodType> = z.output<T>;

/** Maps a 10-field open-position row. */
export function toOpenPosition(row: Out<typeof wire.positionRow>): OpenPosition {
  const [positionId, instrumentId, isLong, useDebt, entryPrice, margin, leverage, bustPrice] = row;
  return {
    positionId,
    instrumentId,
    isLong,
    useDebt,
    entryPrice,
    margin,
    leverage,
    bustPrice,
    openedAt: row[8],
    intentId: row[9],
  };
}

/** Maps an 8-field closed-position row. */
export function toClosedPosition(row: Out<typeof wire.closedPositionRow>): ClosedPosition {
  const [positionId, instrumentId, isLong, margin, leverage, liquidated, netPnl, paperMinted] = row;
  return { positionId, instrumentId, isLong, margin, leverage, liquidated, netPnl, paperMinted };
}

/** Maps a 10-field operation row (the column order is modelled in wire.ts). */
export function toOperation(row: Out<typeof wire.operationRow>): Operation {
  const [intentId, action, signer, nonce, deadline, acceptedAt, queueAhead, params] = row;
  return {
    intentId,
    action,
    signer,
    nonce,
    deadline,
    acceptedAt,
    queueAhead,
    params: toOperationParams(params),
    status: row[8],
    txHash: row[9],
  };
}

/** Maps an ended-intent row. */
export function toEndedIntent(row: Out<typeof wire.endedIntentRow>): EndedIntent {
  const [intentId, outcome, txHash] = row;
  return { intentId, outcome, txHash };
}

/** Maps the first `wallet` frame of the stream. */
export function toWalletAccount(snapshot: Out<typeof wire.walletSnapshot>): WalletAccount {
  return {
    address: snapshot.address,
    accountRevision: snapshot.accountRevision,
    walletRevision: snapshot.walletRevision,
    queueRevision: snapshot.queueRevision,
    indexedThroughBlock: snapshot.indexedThroughBlock,
    indexedThroughTimestamp: secondsToMs(snapshot.indexedThroughTimestamp),
    sessionKeys: snapshot.sessionKeys.map(toSessionKey),
    balances: {
      balance: snapshot.balance,
      queued: snapshot.queued,
      locked: snapshot.locked,
      consumableDebt: snapshot.consumableDebt,
    },
    funds: { ...snapshot.funds },
    queueNodeCount: snapshot.queueNodeCount,
    paper: { ...snapshot.paper },
    lifetime: toLifetime(snapshot.lifetime),
    operations: snapshot.operations.map(toOperation),
    openPositions: snapshot.openPositions.map(toOpenPosition),
    recentEndedIntents: [],
    recentClosedPositions: [],
  };
}

/** Maps a later `wallet` frame (a patch against `baseAccountRevision`). */
export function toWalletPatch(patch: Out<typeof wire.walletPatch>): WalletPatch {
  const out: WalletPatch = {
    address: patch.address,
    baseAccountRevision: patch.baseAccountRevision,
    accountRevision: patch.accountRevision,
    addedPositions: (patch.addedPositions ?? []).map(toOpenPosition),
    closedPositions: (patch.closedPositions ?? []).map(toClosedPosition),
    endedIntents: (patch.endedIntents ?? []).map(toEndedIntent),
  };
  if (patch.walletRevision !== undefined) out.walletRevision = patch.walletRevision;
  if (patch.queueRevision !== undefined) out.queueRevision = patch.queueRevision;
  if (patch.indexedThroughBlock !== undefined) out.indexedThroughBlock = patch.indexedThroughBlock;
  if (patch.indexedThroughTimestamp !== undefined) {
    out.indexedThroughTimestamp = secondsToMs(patch.indexedThroughTimestamp);
  }
  if (patch.sessionKeys) out.sessionKeys = patch.sessionKeys.map(toSessionKey);
  if (patch.balance !== undefined) out.balance = patch.balance;
  if (patch.queued !== undefined) out.queued = patch.queued;
  if (patch.locked !== undefined) out.locked = patch.locked;
  if (patch.funds) out.funds = { ...patch.funds };
  if (patch.paper) out.paper = { ...patch.paper };
  if (patch.lifetime) out.lifetime = toLifetime(patch.lifetime);
  if (patch.operations) out.operations = patch.operations.map(toOperation);
  return out;
}

function toSessionKey([key, expirySeconds]: [`0x${string}`, number]): SessionKey {
  return { key, expiresAt: secondsToMs(expirySeconds) };
}

function toLifetime(lifetime: Out<typeof wire.walletSnapshot>["lifetime"]) {
  return {
    deposited: lifetime.depositedRaw,
    withdrawn: lifetime.withdrawnRaw,
    realizedPnl: lifetime.realizedPnlRaw,
    feesPaid: lifetime.feesPaidRaw,
    tradedNotional: lifetime.tradedNotionalRaw,
  };
}

/** Keeps only the keys the action set, so absent parameters stay absent. */
function toOperationParams(params: Out<typeof wire.operationRow>[7]): OperationParams {
  const out: OperationParams = {};
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) (out as Record<string, unknown>)[key] = value;
  }
  return out;
}

// The stream sends unix seconds here (papertrade-facts.md 4.3); the domain speaks ms.
function secondsToMs(seconds: number): number {
  return seconds * 1000;
}
