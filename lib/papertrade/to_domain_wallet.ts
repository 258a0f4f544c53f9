/** Pure mappers from the wallet stream's wire frames (snapshot and patch) to domain objects. */
import type { z } from "zod";
import * as wire from "./wire.ts";
import { parseRows } from "./_rows.ts";
import type {
  ClosedPosition,
  EndedIntent,
  OpenPosition,
  Operation,
  OperationParams,
  QueueRanks,
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

/** Maps a 10-slot operation row; slots the action does not use stay absent from `params`. */
export function toOperation(row: Out<typeof wire.operationRow>): Operation {
  const [intentId, action, instrumentId, isLong, useDebt, amount, leverage, acceptedAt] = row;
  const params: OperationParams = {};
  if (instrumentId !== null) params.instrumentId = instrumentId;
  if (isLong !== null) params.isLong = isLong;
  if (useDebt !== null) params.useDebt = useDebt;
  // An open's amount is its margin; any other action's amount keeps its own unit.
  if (amount !== null) {
    if (action === "openPosition") params.margin = amount;
    else params.amount = amount;
  }
  if (leverage !== null) params.leverage = leverage;
  if (row[9] !== null) params.positionIds = [...row[9]];
  return {
    intentId,
    action,
    acceptedAt,
    deadline: row[8] === null ? null : Number(row[8]),
    params,
    queuePosition: null,
  };
}

/** Maps an ended-intent row; the time is stamped when the patch is applied. */
export function toEndedIntent(
  [intentId, outcome]: Out<typeof wire.endedIntentRow>,
): Omit<EndedIntent, "reportedAt"> {
  return { intentId, outcome };
}

/** Maps the first `wallet` frame; malformed operation and position rows are dropped, counted. */
export function toWalletAccount(
  snapshot: Out<typeof wire.walletSnapshotEnvelope>,
): WalletAccount {
  const operations = parseRows(snapshot.operations, wire.operationRow, toOperation, [
    "wallet",
    "operations",
  ]);
  const positions = parseRows(snapshot.openPositions, wire.positionRow, toOpenPosition);
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
    },
    funds: { ...snapshot.funds },
    paper: { ...snapshot.paper },
    lifetime: toLifetime(snapshot.lifetime),
    operations: operations.rows,
    openPositions: positions.rows,
    recentEndedIntents: [],
    recentClosedPositions: [],
    rowsSkipped: operations.skipped + positions.skipped,
  };
}

/** Maps a later `wallet` frame: the state fields under `state`, the rest as deltas. */
export function toWalletPatch(patch: Out<typeof wire.walletPatch>): WalletPatch {
  const out: WalletPatch = {
    address: patch.address ?? null,
    baseAccountRevision: patch.baseAccountRevision,
    accountRevision: patch.accountRevision,
    addedPositions: (patch.addedPositions ?? []).map(toOpenPosition),
    removedPositions: [...(patch.removedPositions ?? [])],
    closedPositions: (patch.closedPositions ?? []).map(toClosedPosition),
    addedOperations: (patch.addedOperations ?? []).map(toOperation),
    removedOperations: [...(patch.removedOperations ?? [])],
    endedIntents: (patch.endedIntents ?? []).map(toEndedIntent),
  };
  const state = patch.state ?? {};
  if (state.walletRevision !== undefined) out.walletRevision = state.walletRevision;
  if (state.queueRevision !== undefined) out.queueRevision = state.queueRevision;
  if (state.indexedThroughBlock !== undefined) out.indexedThroughBlock = state.indexedThroughBlock;
  if (state.indexedThroughTimestamp !== undefined) {
    out.indexedThroughTimestamp = secondsToMs(state.indexedThroughTimestamp);
  }
  if (state.sessionKeys) out.sessionKeys = state.sessionKeys.map(toSessionKey);
  if (state.balance !== undefined) out.balance = state.balance;
  if (state.queued !== undefined) out.queued = state.queued;
  if (state.locked !== undefined) out.locked = state.locked;
  if (state.funds) out.funds = { ...state.funds };
  if (state.paper) out.paper = { ...state.paper };
  if (state.lifetime) out.lifetime = toLifetime(state.lifetime);
  return out;
}

/** Maps `/queue-rank/accounts/{wallet}`. */
export function toQueueRanks(body: Out<typeof wire.queueRank>): QueueRanks {
  return {
    queueRevision: body.queueRevision ?? null,
    positions: new Map(body.entries.map((entry) => [entry.intentId, entry.position])),
  };
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

// The stream sends unix seconds here (papertrade-facts.md 4.3); the domain speaks ms.
function secondsToMs(seconds: number): number {
  return seconds * 1000;
}
