/**
 * Wire shapes of the live wallet stream `GET /state/user/live?wallet=` (SSE). Part of
 * `wire.ts`; the same rules apply: known shapes exactly, unknown ones marked `modelled:`.
 */
import { z } from "zod";
import { address, bytes32, count, intString, ms, uintString } from "./_wire_scalars.ts";

// ---------------------------------------------------------------------------------------------
// GET /state/user/live?wallet=  (SSE: liveness, wallet snapshot, wallet patches, heartbeat)
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
export const operationAction = z.enum([
  "openPosition",
  "closePositions",
  "withdrawToCore",
  "registerSessionKey",
  "PaperStake",
  "PaperUnstake",
  "PaperClaim",
  "PaperDistribute",
]);

// modelled: operation parameters arrive as one object whose keys depend on the action.
const operationParams = z.object({
  instrumentId: count.optional(),
  isLong: z.boolean().optional(),
  useDebt: z.boolean().optional(),
  margin: uintString.optional(),
  leverage: count.optional(),
  positionIds: z.array(z.string().regex(/^[0-9]+$/)).optional(),
  amount: uintString.optional(),
  sessionKey: address.optional(),
  expiry: count.optional(),
});

// modelled: the 10-field operation row's column order is unknown. Ours: intentId, action,
// signer, nonce, deadline (unix s), acceptedAt (unix ms), intents queued ahead, params,
// status, settling transaction (set once submitted).
/** Pending operation row (an accepted, unsettled intent). */
export const operationRow = z.tuple([
  bytes32,
  operationAction,
  address,
  uintString,
  count,
  ms,
  count,
  operationParams,
  z.enum(["queued", "submitted"]),
  bytes32.nullable(),
]);

const funds = z.object({
  reservedBalance: uintString,
  reservedQueued: uintString,
  availableBalance: uintString,
  availableQueued: uintString,
});

// modelled: the four PAPER keys are unknown; named after the PaperStaking semantics.
const paperBlock = z.object({
  balance: uintString,
  staked: uintString,
  pendingBase: uintString,
  rewardDebt: uintString,
});

const lifetime = z.object({
  depositedRaw: uintString,
  withdrawnRaw: uintString,
  realizedPnlRaw: intString,
  feesPaidRaw: uintString,
  tradedNotionalRaw: uintString,
});

/** First `wallet` frame: the full account snapshot. */
export const walletSnapshot = z.object({
  address,
  accountRevision: count,
  walletRevision: count,
  queueRevision: count,
  indexedThroughBlock: count,
  indexedThroughTimestamp: count,
  sessionKeys: z.array(z.tuple([address, count])),
  balance: uintString,
  queued: uintString,
  locked: uintString,
  funds,
  // modelled: key names for the queue node count and consumable debt are unknown.
  queueNodeCount: count,
  consumableDebt: uintString,
  paper: paperBlock,
  lifetime,
  operations: z.array(operationRow),
  openPositions: z.array(positionRow),
});

// modelled: intent outcome values and the ended-intent row are unknown.
/** Ended intent in a patch: intentId, outcome, settling transaction. */
export const endedIntentRow = z.tuple([
  bytes32,
  z.enum(["executed", "failed", "expired", "cancelled"]),
  bytes32.nullable(),
]);

/** Later `wallet` frames: a patch against `baseAccountRevision`. */
export const walletPatch = z.object({
  address,
  baseAccountRevision: count,
  accountRevision: count,
  walletRevision: count.optional(),
  queueRevision: count.optional(),
  indexedThroughBlock: count.optional(),
  indexedThroughTimestamp: count.optional(),
  sessionKeys: z.array(z.tuple([address, count])).optional(),
  balance: uintString.optional(),
  queued: uintString.optional(),
  locked: uintString.optional(),
  funds: funds.optional(),
  paper: paperBlock.optional(),
  lifetime: lifetime.optional(),
  // modelled: a patch replaces the whole operations list when it changes.
  operations: z.array(operationRow).optional(),
  addedPositions: z.array(positionRow).optional(),
  closedPositions: z.array(closedPositionRow).optional(),
  endedIntents: z.array(endedIntentRow).optional(),
});
