/**
 * A wallet's account as the live stream (SSE) sends it, snapshot and patches, and its queue ranks.
 * Part of `wire.ts`, which the rest of the explorer imports.
 */
import { z } from "zod";
import {
  address,
  bytes32,
  count,
  decimalId,
  intString,
  ms,
  secondsAsMs,
  uintString,
} from "./_wire_scalars.ts";
import { mapped, modelled, namedTuple, rowsOf } from "./_modelled.ts";

export const livenessEvent = z.object({ heartbeatIntervalMs: count });

export const positionRow = namedTuple([
  ["positionId", decimalId],
  ["instrumentId", count],
  ["isLong", z.boolean()],
  ["useDebt", z.boolean()], // funded from the queued balance
  ["entryPrice", uintString],
  ["margin", uintString],
  ["leverage", count],
  ["bustPrice", uintString],
  ["openedAt", ms],
  ["intentId", bytes32.nullable()], // the intent that opened it; older positions carry none
]);

/** A position a patch reports as closed or liquidated. */
export const closedPositionRow = namedTuple([
  ["positionId", decimalId],
  ["instrumentId", count],
  ["isLong", z.boolean()],
  ["margin", uintString],
  ["leverage", count],
  ["liquidated", z.boolean()],
  ["netPnl", intString], // signed PnL after the impact haircut and fees (wad USD)
  ["paperMinted", uintString], // PAPER minted for the loss (wad)
]);

/** Intent actions the relayer accepts, as the wallet stream names them (the one list). */
export const OPERATION_ACTIONS = [
  "openPosition",
  "closePositions",
  "withdrawToCore",
  "registerSessionKey",
  "PaperStake",
  "PaperUnstake",
  "PaperClaim",
  "PaperDistribute",
] as const;

/**
 * Pending operation row (an accepted, unsettled intent), 10 slots as the SDK's test records it:
 * intentId, action, instrumentId, isLong, useDebt, amount, leverage, accepted-at (ms), slot 8,
 * positionIds. Slots an action does not use are null and stay absent from `params`. The row names
 * no signer, nonce, status, transaction or queue position (that comes from the queue ranks).
 */
export const operationRow = mapped(
  z.tuple([
    bytes32,
    z.enum(OPERATION_ACTIONS),
    count.nullable(),
    z.boolean().nullable(),
    z.boolean().nullable(),
    uintString.nullable(),
    count.nullable(),
    ms,
    // modelled: [walletStream.operationDeadline] slot 8 is a unix-seconds string of unknown
    // meaning; read as the deadline.
    modelled(decimalId),
    z.array(decimalId).nullable(),
  ]),
  ([intentId, action, instrumentId, isLong, useDebt, amount, leverage, acceptedAt, slot8, ids]) => {
    const params: {
      instrumentId?: number;
      isLong?: boolean;
      useDebt?: boolean;
      /** Margin of an open (wad USD). */
      margin?: bigint;
      leverage?: number;
      positionIds?: string[];
      /** Any other action's amount: USDC 6 dp for a withdrawal, PAPER wad for stake/unstake. */
      amount?: bigint;
      /** A session key registration's key and expiry as signed (unix s): no slot carries them. */
      sessionKey?: `0x${string}`;
      expiry?: number;
    } = {};
    if (instrumentId !== null) params.instrumentId = instrumentId;
    if (isLong !== null) params.isLong = isLong;
    if (useDebt !== null) params.useDebt = useDebt;
    if (amount !== null) params[action === "openPosition" ? "margin" : "amount"] = amount;
    if (leverage !== null) params.leverage = leverage;
    if (ids !== null) params.positionIds = ids;
    return {
      intentId,
      action,
      /** When the relayer accepted it (ms). */
      acceptedAt,
      /** Unix seconds from the row's ninth slot, read as the deadline (modelled; null if absent). */
      deadline: slot8 === null ? null : Number(slot8),
      params,
      /** Place in the relayer queue (1 = next), or null when the queue rank was not read. */
      queuePosition: null as number | null,
    };
  },
);

/** How an intent left the pending list (the SDK refuses any other word). */
const intentOutcome = z.enum(["succeeded", "failed", "expired", "cancelled", "unknown"]);

/** Ended intent row: intentId, outcome; the time is stamped when the patch is applied. */
export const endedIntentRow = z.tuple([bytes32, intentOutcome])
  .transform(([intentId, outcome]) => ({ intentId, outcome }));

// modelled: [walletStream.paper] the four PAPER keys are unknown; named after PaperStaking.
const paper = z.object({
  balance: modelled(uintString),
  staked: modelled(uintString),
  pendingBase: modelled(uintString),
  rewardDebt: modelled(uintString),
});

/** The account state fields (wad USD): all of them in a snapshot, any subset in a patch. */
const accountState = z.object({
  walletRevision: count,
  queueRevision: count,
  indexedThroughBlock: count,
  // The stream sends unix seconds; the domain speaks ms.
  indexedThroughTimestamp: secondsAsMs,
  sessionKeys: z.array(
    z.tuple([address, secondsAsMs]).transform(([key, expiresAt]) => ({ key, expiresAt })),
  ),
  balance: uintString,
  queued: uintString,
  locked: uintString,
  funds: z.object({
    reservedBalance: uintString,
    reservedQueued: uintString,
    availableBalance: uintString,
    availableQueued: uintString,
  }),
  paper,
  lifetime: z.object({
    depositedRaw: uintString,
    withdrawnRaw: uintString,
    realizedPnlRaw: intString,
    feesPaidRaw: uintString,
    tradedNotionalRaw: uintString,
  }).transform((l) => ({
    deposited: l.depositedRaw,
    withdrawn: l.withdrawnRaw,
    realizedPnl: l.realizedPnlRaw,
    feesPaid: l.feesPaidRaw,
    tradedNotional: l.tradedNotionalRaw,
  })),
});

/**
 * The first `wallet` frame, the account snapshot; a malformed operation or position row is
 * dropped and counted.
 */
export const walletSnapshot = mapped(
  accountState.extend({
    address,
    accountRevision: count,
    operations: rowsOf(operationRow),
    openPositions: rowsOf(positionRow),
  }),
  ({ balance, queued, locked, operations, openPositions, ...state }) => ({
    ...state,
    balances: { balance, queued, locked },
    operations: operations.rows,
    /** Newest first. */
    openPositions: openPositions.rows,
    /** Intents ended since the stream opened, newest first (bounded; empty in a snapshot). */
    recentEndedIntents: [] as EndedIntent[],
    /** Positions closed since the stream opened, newest first (bounded; empty in a snapshot). */
    recentClosedPositions: [] as ClosedPosition[],
    rowsSkipped: operations.dropped + openPositions.dropped,
  }),
);

/**
 * Later `wallet` frames: a patch against `baseAccountRevision`, the changed state fields nested
 * under `state`. Positions and operations arrive as deltas.
 */
export const walletPatch = mapped(
  z.object({
    // modelled: [walletStream.patchKeys] whether a patch repeats the address is unknown; checked
    // when present.
    address: address.optional(),
    baseAccountRevision: count,
    accountRevision: count,
    state: accountState.partial().optional(),
    // modelled: [walletStream.patchKeys] the key names of the added and removed items, closes
    // and outcomes are unknown.
    addedPositions: z.array(positionRow).optional(),
    removedPositions: z.array(decimalId).optional(),
    closedPositions: z.array(closedPositionRow).optional(),
    addedOperations: z.array(operationRow).optional(),
    removedOperations: z.array(bytes32).optional(),
    endedIntents: z.array(endedIntentRow).optional(),
  }),
  (patch) => ({
    ...patch.state,
    address: patch.address ?? null,
    baseAccountRevision: patch.baseAccountRevision,
    accountRevision: patch.accountRevision,
    /** Newest first. */
    addedPositions: patch.addedPositions ?? [],
    /** Ids of positions that left the open list without a close row. */
    removedPositions: patch.removedPositions ?? [],
    closedPositions: patch.closedPositions ?? [],
    addedOperations: patch.addedOperations ?? [],
    removedOperations: patch.removedOperations ?? [],
    endedIntents: patch.endedIntents ?? [],
  }),
);

/**
 * The wallet stream's frames together, as the endpoint table names their fields
 * (`wallet.paper.balance`, `patch.endedIntents`); `patch` is the first patch when one arrived.
 */
export const walletFramesSchema = z.object({
  liveness: livenessEvent,
  wallet: walletSnapshot,
  patch: walletPatch.optional(),
});

/** Where each of a wallet's queued intents stands in the relayer queue (endpoint `queueRank`). */
export const queueRank = mapped(
  z.object({
    queueRevision: count.optional(),
    // modelled: [queueRank.position] whether `position` counts from 0 or 1 is unknown; read as
    // 1 = next to settle.
    entries: z.array(z.object({ intentId: bytes32, position: modelled(count) })),
  }),
  (body) => ({
    queueRevision: body.queueRevision ?? null,
    /** Position by intent id (1 = next); null when the modelled key was not found. */
    positions: new Map(body.entries.map((entry) => [entry.intentId, entry.position])),
  }),
);

export type OperationAction = typeof OPERATION_ACTIONS[number];
export type OpenPosition = z.output<typeof positionRow>;
export type ClosedPosition = z.output<typeof closedPositionRow>;
/** An intent the relayer accepted and has not settled yet. */
export type Operation = z.output<typeof operationRow>;
export type IntentOutcome = z.output<typeof intentOutcome>;
/** An intent the stream reports as ended, and when (ms: the patch's indexer time). */
export type EndedIntent = z.output<typeof endedIntentRow> & { reportedAt: number };
export type SessionKey = WalletAccount["sessionKeys"][number];
export type WalletLifetime = WalletAccount["lifetime"];
/** A wallet's account as of a revision: a snapshot, possibly with patches applied. */
export type WalletAccount = z.output<typeof walletSnapshot>;
/** A change to a wallet account, valid only on top of `baseAccountRevision`. */
export type WalletPatch = z.output<typeof walletPatch>;
