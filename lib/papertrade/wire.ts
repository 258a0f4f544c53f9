/**
 * The Papertrade API's answers as zod schemas that take the wire JSON in and give domain values
 * out: each schema's input type is the JSON on the wire, its output type (`z.output`) is the
 * domain type the rest of the explorer reads. Money (USD and PAPER) is an 18-decimal `bigint`
 * ("wad"); prices are raw `bigint` at the instrument's `priceScale`; addresses and hashes are
 * lower-case; times are unix ms. A domain name is chosen so the tools' JSON name follows from it
 * (`deposited`, wad USD → `deposited_usd`); the wire's own spellings stay on the wire side.
 *
 * Only `lib/papertrade/` (and the replay upstream in `fixtures/`, which must produce exactly
 * these shapes) may know them. Which endpoint answers with which schema, and which parts are
 * modelled, is stated once in `endpoints.ts`; here each modelled spot is marked `modelled: [id]`
 * with the item's id, and each modelled key is read per field (see `_modelled.ts`). The facts
 * the known shapes rest on are listed in docs/data-sources.md, "Facts the code relies on".
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
  uintNumber,
  uintString,
} from "./_wire_scalars.ts";
import { droppedIn, mapped, modelled, namedTuple, rowsOf } from "./_modelled.ts";
import { netPnlWad } from "../math/net_pnl.ts";

// tradingState ------------------------------------------------------------------------------------

/** The 23 slots of the instrument tuple, in the published order: the domain field each fills. */
const INSTRUMENT_SLOTS = [
  ["id", count], // 0: 0 = BTC, 1 = ETH
  ["symbol", z.string()], // 1
  ["assetIndex", count], // 2: the Hyperliquid perp index whose BBO the exchange reads
  ["priceScale", uintString], // 3: raw price = quote price × priceScale
  ["active", z.boolean()], // 4
  ["paused", z.boolean()], // 5
  ["terminal", z.boolean()], // 6
  ["retired", z.boolean()], // 7
  ["closeOnly", z.boolean()], // 8
  ["frozenBid", uintString.nullable()], // 9: the frozen BBO of a paused or retired market
  ["frozenAsk", uintString.nullable()], // 10
  ["pausedAt", ms.nullable()], // 11
  ["rateMultiplier", uintString], // 12
  ["positionMultiplier", uintString], // 13
  ["maxLeverage", count], // 14
  ["maxPositionNotional", uintString], // 15: wad USD, the largest notional of one position
  ["bustBuffer", uintString], // 16: a wad fraction
  ["baseRate", uintString], // 17: the impact haircut's base rate, a wad fraction
  ["referenceNotional", uintString], // 18: the impact haircut's reference notional, wad USD
  ["longOi", uintString], // 19: open interest per side, base-asset units × 1e18
  ["shortOi", uintString], // 20
  ["longCap", uintString], // 21: open-interest caps, same unit; 2^128 − 1 means uncapped
  ["shortCap", uintString], // 22
] as const;

export const instrumentTuple = namedTuple(INSTRUMENT_SLOTS);
/** One market, from the 23-field instrument tuple of `/state/trading`. */
export type Instrument = z.output<typeof instrumentTuple>;

/** Venue-wide state (endpoint `tradingState`). */
export const tradingState = mapped(
  z.object({
    schemaVersion: z.literal(1),
    tradingPaused: z.boolean(),
    indexedThroughBlock: count,
    minimumTradeSizeRaw: uintString,
    minimumOpenNotionalRaw: uintString,
    // 0 or absent means no lower bound.
    minimumLeverage: count.optional(),
    maximumLeverage: count,
    // The state also carries the win fee and the staking accumulator under unknown keys: the
    // explorer reads the win fee from the Exchange's winFeeRate() (lib/hyperevm/client.ts) and
    // the accumulator from the protocol summary's paper.accumulator (papertrade-facts.md §13.3).
    instruments: z.array(instrumentTuple),
    // Relayer intake switches; absent means every action is accepted.
    intakeControls: namedTuple([
      ["revision", count],
      ["paperStakeMinimum", uintString], // PAPER (wad)
      ["pausedActions", z.array(z.string())], // intent actions the relayer currently refuses
    ]).optional(),
  }),
  (
    { schemaVersion: _, minimumTradeSizeRaw, minimumOpenNotionalRaw, intakeControls, ...state },
  ) => ({
    ...state,
    /** Minimum margin of a new position (wad USD). */
    minimumMargin: minimumTradeSizeRaw,
    /** Minimum notional (margin × leverage) of a new position (wad USD). */
    minimumOpenNotional: minimumOpenNotionalRaw,
    /** The relayer's intake switches; null when the upstream sends none. */
    intakeControls: intakeControls ?? null,
  }),
);

// leaderboard -------------------------------------------------------------------------------------

/** Leaderboard time windows, shortest first. */
export const LEADERBOARD_WINDOWS = ["24h", "7d", "30d", "all"] as const;
/** Leaderboard sort keys (each names a row field), in column order. */
export const LEADERBOARD_SORT_KEYS = [
  "totalWindowedPnl",
  "realizedPnl",
  "currentUnrealizedPnl",
  "currentBalance",
  "currentQueued",
  "currentOpenNotional",
  "totalVolume",
  "paperTotal",
  "currentOpenPositionCount",
] as const;
export const leaderboardWindow = z.enum(LEADERBOARD_WINDOWS);
export const leaderboardSortKey = z.enum(LEADERBOARD_SORT_KEYS);

// modelled: [leaderboard.rowFields] row fields beyond address and leaderboardName are unknown;
// named after the sort keys, plus the true 1-based rank within the window and sort. Each is null
// when the answer lacked it. Money is wad USD, paperTotal is PAPER held plus staked (wad).
/** One ranked wallet. */
export const leaderboardRow = z.object({
  address,
  /** Self-chosen display name: untrusted text. */
  leaderboardName: z.string().nullable(),
  rank: modelled(z.number().int().positive()),
  totalWindowedPnl: modelled(intString),
  realizedPnl: modelled(intString),
  currentUnrealizedPnl: modelled(intString),
  currentBalance: modelled(uintString),
  currentQueued: modelled(uintString),
  currentOpenNotional: modelled(uintString),
  totalVolume: modelled(uintString),
  paperTotal: modelled(uintString),
  currentOpenPositionCount: modelled(count),
});

/** One leaderboard page (endpoint `leaderboard`); a malformed row is dropped and counted. */
export const leaderboardPage = mapped(
  z.object({
    ok: z.literal(true),
    summary: z.object({ uniqueAccounts: count, trackedBalance: uintString }),
    accounts: rowsOf(leaderboardRow),
    // modelled: [leaderboard.totalItems] only totalPages is known.
    pageInfo: z.object({ totalPages: count, totalItems: modelled(count) }),
  }),
  (body) => ({
    uniqueAccounts: body.summary.uniqueAccounts,
    /** Sum of tracked balances (wad USD). */
    trackedBalance: body.summary.trackedBalance,
    accounts: body.accounts,
    totalPages: body.pageInfo.totalPages,
    /** Rows over every page (modelled; null when absent). */
    totalItems: body.pageInfo.totalItems,
    rowsSkipped: droppedIn(body.accounts),
  }),
);

// tradeHistory ------------------------------------------------------------------------------------

// modelled: [tradeHistory.path] the path and row keys are unknown apart from adjustedPnlRaw,
// userPaidFeeRaw and cursor paging, which the original explorer documents.
/** One closed or liquidated trade of a wallet. */
export const tradeRow = z.object({
  positionId: decimalId,
  instrumentId: count,
  isLong: z.boolean(),
  leverage: count,
  marginRaw: uintString,
  entryPriceRaw: uintString,
  exitPriceRaw: uintString,
  openedAt: ms,
  closedAt: ms,
  liquidated: z.boolean(),
  adjustedPnlRaw: intString,
  userPaidFeeRaw: uintString,
  paperMintedRaw: uintString,
  intentId: bytes32.nullable(),
  txHash: bytes32.nullable(),
}).transform((
  { marginRaw, entryPriceRaw, exitPriceRaw, adjustedPnlRaw, userPaidFeeRaw, paperMintedRaw, ...t },
) => ({
  ...t,
  margin: marginRaw,
  entryPrice: entryPriceRaw,
  exitPrice: exitPriceRaw,
  /** Signed PnL after the impact haircut, before fees (wad USD). */
  adjustedPnl: adjustedPnlRaw,
  /** Fees the trader paid on this trade (wad USD). */
  userPaidFee: userPaidFeeRaw,
  /** What the trade made: adjustedPnl − userPaidFee (wad USD), computed once, here. */
  netPnl: netPnlWad(adjustedPnlRaw, userPaidFeeRaw),
  /** PAPER minted for the loss (wad). */
  paperMinted: paperMintedRaw,
}));

/** One trade-history page, newest first (endpoint `tradeHistory`). */
export const tradeHistoryPage = mapped(
  z.object({
    ok: z.literal(true),
    wallet: address,
    trades: rowsOf(tradeRow),
    nextCursor: z.string().nullable(),
  }),
  ({ wallet, trades, nextCursor }) => ({
    wallet,
    trades,
    /** Pass back to get the next page; null on the last page. */
    nextCursor,
    rowsSkipped: droppedIn(trades),
  }),
);

// walletStream (`GET /state/user/live?wallet=`, SSE) and queueRank --------------------------------

/** `liveness` event data. */
export const livenessEvent = z.object({ heartbeatIntervalMs: count });

/** Open position row, 10 slots. */
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

/** Closed position row in patches, 8 slots. */
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
    /** Signed. */
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
    operations,
    /** Newest first. */
    openPositions,
    /** Intents ended since the stream opened, newest first (bounded; empty in a snapshot). */
    recentEndedIntents: [] as EndedIntent[],
    /** Positions closed since the stream opened, newest first (bounded; empty in a snapshot). */
    recentClosedPositions: [] as ClosedPosition[],
    rowsSkipped: droppedIn(operations) + droppedIn(openPositions),
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
    /** Null when the patch does not repeat the address. */
    address: patch.address ?? null,
    baseAccountRevision: patch.baseAccountRevision,
    accountRevision: patch.accountRevision,
    /** Newest first. */
    addedPositions: patch.addedPositions ?? [],
    /** Ids of positions that left the open list without a close row. */
    removedPositions: patch.removedPositions ?? [],
    closedPositions: patch.closedPositions ?? [],
    addedOperations: patch.addedOperations ?? [],
    /** Intent ids that left the pending list. */
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
/** An open position of a wallet. */
export type OpenPosition = z.output<typeof positionRow>;
/** A position the stream reports as closed or liquidated. */
export type ClosedPosition = z.output<typeof closedPositionRow>;
/** An intent the relayer accepted and has not settled yet. */
export type Operation = z.output<typeof operationRow>;
export type IntentOutcome = z.output<typeof intentOutcome>;
/** An intent the stream reports as ended, and when (ms: the patch's indexer time). */
export type EndedIntent = z.output<typeof endedIntentRow> & { reportedAt: number };
/** A session key and when it stops being valid (ms). */
export type SessionKey = WalletAccount["sessionKeys"][number];
/** Balances of a wallet (wad USD). */
export type WalletBalances = WalletAccount["balances"];
/** Lifetime totals of a wallet (wad USD). */
export type WalletLifetime = WalletAccount["lifetime"];
/** A wallet's account as of a revision: a snapshot, possibly with patches applied. */
export type WalletAccount = z.output<typeof walletSnapshot>;
/** A change to a wallet account, valid only on top of `baseAccountRevision`. */
export type WalletPatch = z.output<typeof walletPatch>;
/** Where a wallet's queued intents stand. */
export type QueueRanks = z.output<typeof queueRank>;

// protocolSummary, marketStats, queueSummary, recentTrades, protocolHistory, relayerHealth --------

/**
 * The protocol summary (endpoint `protocolSummary`): every key of the real recorded answer, read
 * into the totals the overview shows. The queue total is `balances.queue`; the summary has no
 * queue count. The meaning of `paper.reserve`, `unallocated` and `excess` is unconfirmed.
 */
export const protocolSummary = mapped(
  z.object({
    ok: z.literal(true),
    source: z.object({ block: uintNumber, at: ms, genesis: ms }),
    balances: z.object({
      tvl: uintString,
      margin: uintString,
      lp: intString,
      reserve: uintString,
      queue: uintString,
    }),
    activity: z.object({ volume: uintString, open: count }),
    fees: z.object({ pending: uintString, lifetime: uintString }),
    paper: z.object({
      supply: uintString,
      staked: uintString,
      trackedLp: intString,
      accumulator: uintString,
      tailProgress: uintString,
      reserve: intString,
      unallocated: intString,
      pendingRewards: uintString,
      cliff: uintString,
      cap: uintString,
      excess: intString,
      rate: uintString,
      decay: uintString,
    }),
  }),
  ({ source, balances, activity, fees, paper }) => ({
    /** The summary's time (ms) and block. */
    asOf: source.at,
    block: source.block,
    /** Wad USD. */
    tvl: balances.tvl,
    lp: balances.lp,
    margin: balances.margin,
    lifetimeVolume: activity.volume,
    openPositions: activity.open,
    feesLifetime: fees.lifetime,
    feesPending: fees.pending,
    /** PAPER (wad). */
    paperSupply: paper.supply,
    paperStaked: paper.staked,
    /** PaperStaking's reward accumulator, scaled by 10^27 (papertrade-facts.md §13.3). */
    stakingAccumulator: paper.accumulator,
    /** What queued winners are owed: the payout queue's total. */
    queueOwed: balances.queue,
  }),
);

/** 24-hour notional per market (endpoint `marketStats`), ordered by instrument id. */
export const marketStats = z.object({
  // Up to 15 digits, so an id stays an exact number.
  markets: z.record(z.string().regex(/^[0-9]{1,15}$/), z.object({ volume_24h: uintString })),
}).transform((body) => ({
  markets: Object.entries(body.markets)
    .map(([id, stats]) => ({ instrumentId: Number(id), volume24h: stats.volume_24h }))
    .sort((a, b) => a.instrumentId - b.instrumentId),
}));

const queueEntry = z.object({ wallet: address, owed: uintString }).nullable();

/** The payout queue summary (endpoint `queueSummary`): how many wallets wait is what is shown. */
export const queueSummary = z.object({
  ok: z.literal(true),
  source: z.object({ block: uintNumber, at: ms }),
  total: uintString,
  count,
  largest: queueEntry,
  front: queueEntry,
}).transform(({ source, count }) => ({ source, count }));

/**
 * One row of the recent trades, in the keys of the SDK's recorded answer. An open has `entry`
 * and no exit or PnL; a close or liquidation has `exit` and `pnlUsd`, and a close may have
 * `entry: null`. USD amounts and prices are the upstream's display floats.
 */
const recentTradeRow = mapped(
  z.object({
    // Feed order (inferred: block × 10^6 + index).
    seq: decimalId,
    ts: ms,
    wallet: address,
    instrument: z.string(),
    instrumentId: count,
    instrumentTerminal: z.boolean(),
    // modelled: [recentTrades.words] the side and kind words were placeholders in the recorded
    // row; long|short and open|close|liquidation are inferred from the SDK's field names.
    side: modelled(z.enum(["long", "short"])),
    leverage: count,
    notionalUsd: z.number(),
    intentId: bytes32.nullable(),
    positionId: decimalId,
    kind: modelled(z.enum(["open", "close", "liquidation"])),
    entry: z.number().nullable(),
    exit: z.number().nullable().optional(),
    pnlUsd: z.number().nullable().optional(),
  }),
  ({ ts, instrument, instrumentTerminal, side, exit, pnlUsd, ...e }) => ({
    ...e,
    timestamp: ts,
    symbol: instrument,
    terminal: instrumentTerminal,
    /** Null when the modelled side word was not one we know (so is `kind`). */
    isLong: side === null ? null : side === "long",
    /** Entry quote price (display float); a close row may not carry it, nor an open the exit. */
    exit: exit ?? null,
    pnlUsd: pnlUsd ?? null,
  }),
);

/** The latest venue-wide trades, newest first (endpoint `recentTrades`). */
export const recentTrades = mapped(
  z.object({ ok: z.literal(true), count, events: rowsOf(recentTradeRow) }),
  ({ events }) => ({ trades: events, rowsSkipped: droppedIn(events) }),
);

/** Names of the protocol history columns, in the upstream's order (the one list). */
export const PROTOCOL_HISTORY_COLUMNS = [
  "tvl",
  "stakingRewards",
  "volume",
  "volumeBtc",
  "volumeEth",
  "traderPnl",
  "users",
  "liquidation",
  "trades",
  "paperSupply",
  "paperStaked",
  "paperRevenue",
] as const;

export type ProtocolHistoryColumn = typeof PROTOCOL_HISTORY_COLUMNS[number];

// A third party reads a null point as possible (weak): kept as a gap in the chart.
const column = z.array(z.number().nullable());

/** Protocol history bucket sizes. */
export const historyInterval = z.enum(["1m", "1h", "1d"]);

/**
 * Protocol history (endpoint `protocolHistory`), the keys of the real recorded answer: parallel
 * columns of dollar floats and counts, read as points (each the value at the close of the
 * interval labelled `at`; the last is the open interval at its current value), and the current
 * totals as integer strings (counts included). Columns of different lengths are refused: the
 * points would shift.
 */
export const protocolHistory = z.object({
  startMs: ms,
  intervalMs: z.number().int().positive(),
  columns: z.object(
    Object.fromEntries(PROTOCOL_HISTORY_COLUMNS.map((name) => [name, column])) as Record<
      ProtocolHistoryColumn,
      typeof column
    >,
  ).superRefine((columns, ctx) => {
    for (const [name, values] of Object.entries(columns)) {
      if (values.length === columns.tvl.length) continue;
      const message =
        `has ${values.length} points, expected ${columns.tvl.length} like columns.tvl`;
      ctx.addIssue({ code: "custom", path: [name], message });
    }
  }),
  source: z.object({ asOfMs: ms, revision: decimalId, generation: z.string() }),
  totals: z.object({
    tvlRaw: uintString,
    rewardsRaw: uintString,
    volumeRaw: uintString,
    liquidationRaw: uintString,
    tradesRaw: uintNumber,
    usersRaw: uintNumber,
    stakerFees24hRaw: uintString,
  }),
}).transform(({ startMs, intervalMs, columns, source, totals }) => ({
  intervalMs,
  asOfMs: source.asOfMs,
  /** Oldest first; dollar figures are display floats, null where the upstream sent none. */
  points: columns.tvl.map((tvl, i) => ({
    at: startMs + i * intervalMs,
    valueLockedUsd: tvl,
    volumeBtcUsd: columns.volumeBtc[i],
    volumeEthUsd: columns.volumeEth[i],
    /** Wallets that have traded, cumulative. */
    traders: columns.users[i],
    trades: columns.trades[i],
    /** Liquidated notional, cumulative. */
    liquidationsUsd: columns.liquidation[i],
    traderPnlUsd: columns.traderPnl[i],
    paperSupply: columns.paperSupply[i],
    paperStaked: columns.paperStaked[i],
  })),
  /** Wad USD, apart from the counts. */
  totals: {
    valueLocked: totals.tvlRaw,
    volume: totals.volumeRaw,
    liquidations: totals.liquidationRaw,
    stakingRewards: totals.rewardsRaw,
    stakerFees24h: totals.stakerFees24hRaw,
    traders: totals.usersRaw,
    trades: totals.tradesRaw,
  },
}));

/** Relayer readiness (endpoint `relayerHealth`). */
export const relayerHealth = z.object({ ok: z.boolean(), ready: z.boolean() });

/** Wire input type (the JSON) of a schema, for the replay upstream's generator and the tests. */
export type Wire<T extends z.ZodType> = z.input<T>;

/** Venue-wide state from `/state/trading`. */
export type TradingState = z.output<typeof tradingState>;
export type LeaderboardWindow = typeof LEADERBOARD_WINDOWS[number];
export type LeaderboardSortKey = typeof LEADERBOARD_SORT_KEYS[number];
export type LeaderboardRow = z.output<typeof leaderboardRow>;
export type LeaderboardPage = z.output<typeof leaderboardPage>;
export type Trade = z.output<typeof tradeRow>;
export type TradeHistoryPage = z.output<typeof tradeHistoryPage>;
/** The figures of `/query/protocol/summary` the explorer shows. */
export type ProtocolSummary = z.output<typeof protocolSummary>;
/** `/query/protocol/market-stats`, ordered by instrument id. */
export type MarketStats = z.output<typeof marketStats>;
/** The payout queue summary, as far as it is shown. */
export type QueueSummary = z.output<typeof queueSummary>;
export type RecentTrade = z.output<typeof recentTradeRow>;
/** Protocol history at one bucket size, with the current totals. */
export type ProtocolHistory = z.output<typeof protocolHistory>;
export type HistoryInterval = z.output<typeof historyInterval>;
/** One bucket of the protocol history. */
export type ProtocolHistoryPoint = ProtocolHistory["points"][number];
