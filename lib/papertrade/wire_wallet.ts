/**
 * Wire shapes of the live wallet stream `GET /state/user/live?wallet=` (SSE). Part of
 * `wire.ts`; the same rules apply: known shapes exactly, unknown ones marked `modelled: [id]`
 * and read per field.
 */
import { z } from "zod";
import { OPERATION_ACTIONS } from "./types.ts";
import { address, bytes32, count, intString, ms, uintString } from "./_wire_scalars.ts";
import { modelled } from "./_modelled.ts";

// ---------------------------------------------------------------------------------------------
// walletStream (SSE: liveness, wallet snapshot, wallet patches, heartbeat)
// ---------------------------------------------------------------------------------------------

/** `liveness` event data. */
export const livenessEvent = z.object({ heartbeatIntervalMs: count });

/** Open position row: id, instrument, isLong, useDebt, entry, margin, leverage, bust, openedAt, intentId. */
export const positionRow = z.tuple([
  z.string().regex(/^[0-9]+$/),
  count,
  z.boolean(),
  z.boolean(),
  uintString,
  uintString,
  count,
  uintString,
  ms,
  bytes32.nullable(),
]);

/** Closed position row in patches: id, instrument, isLong, margin, leverage, liquidated, netPnl, paperMinted. */
export const closedPositionRow = z.tuple([
  z.string().regex(/^[0-9]+$/),
  count,
  z.boolean(),
  uintString,
  count,
  z.boolean(),
  intString,
  uintString,
]);

/** Operation actions as the stream names them. */
export const operationAction = z.enum(OPERATION_ACTIONS);

const decimalId = z.string().regex(/^[0-9]+$/, "expected a decimal string");

/**
 * Pending operation row (an accepted, unsettled intent), 10 slots as the SDK's test records it
 * (papertrade-facts.md 11.3): intentId, action, instrumentId, isLong, useDebt, amount, leverage,
 * accepted-at (ms), slot 8, positionIds. Slots an action does not use are null. The row names
 * no signer, nonce, status, transaction or queue position.
 */
export const operationRow = z.tuple([
  bytes32,
  operationAction,
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
]);

/** How an intent left the pending list (the SDK refuses any other word). */
export const intentOutcome = z.enum(["succeeded", "failed", "expired", "cancelled", "unknown"]);

/** Ended intent row: intentId, outcome (papertrade-facts.md 11.3). */
export const endedIntentRow = z.tuple([bytes32, intentOutcome]);

const funds = z.object({
  reservedBalance: uintString,
  reservedQueued: uintString,
  availableBalance: uintString,
  availableQueued: uintString,
});

// modelled: [walletStream.paper] the four PAPER keys are unknown; named after PaperStaking.
const paperBlock = z.object({
  balance: modelled(uintString),
  staked: modelled(uintString),
  pendingBase: modelled(uintString),
  rewardDebt: modelled(uintString),
});

const lifetime = z.object({
  depositedRaw: uintString,
  withdrawnRaw: uintString,
  realizedPnlRaw: intString,
  feesPaidRaw: uintString,
  tradedNotionalRaw: uintString,
});

/** The account state fields: all of them in a snapshot, any subset under a patch's `state`. */
const accountState = z.object({
  walletRevision: count,
  queueRevision: count,
  indexedThroughBlock: count,
  indexedThroughTimestamp: count,
  sessionKeys: z.array(z.tuple([address, count])),
  balance: uintString,
  queued: uintString,
  locked: uintString,
  funds,
  paper: paperBlock,
  lifetime,
});

/** First `wallet` frame: the full account snapshot. */
export const walletSnapshot = accountState.extend({
  address,
  accountRevision: count,
  operations: z.array(operationRow),
  openPositions: z.array(positionRow),
});

/** The snapshot with its two row lists unchecked, so one bad row drops only itself. */
export const walletSnapshotEnvelope = walletSnapshot.extend({
  operations: z.array(z.unknown()),
  openPositions: z.array(z.unknown()),
});

/**
 * Later `wallet` frames: a patch against `baseAccountRevision`, the changed state fields nested
 * under `state` (papertrade-facts.md 11.3). Positions and operations arrive as deltas.
 */
export const walletPatch = z.object({
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
});

// ---------------------------------------------------------------------------------------------
// queueRank
// ---------------------------------------------------------------------------------------------

/** Where each of a wallet's queued intents stands in the relayer queue (papertrade-facts 11.1). */
export const queueRank = z.object({
  queueRevision: count.optional(),
  // modelled: [queueRank.position] whether `position` counts from 0 or 1 is unknown; read as
  // 1 = next to settle.
  entries: z.array(z.object({ intentId: bytes32, position: modelled(count) })),
});
