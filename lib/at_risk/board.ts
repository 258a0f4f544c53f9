/**
 * The at-risk board: every known open position across wallets, nearest to bust first, from one
 * refresh per deployment (`refresh.ts`, one upstream budget whatever the viewers or instances).
 * Each read re-values the positions at the shared live mark (`lib/marks.ts`): no read of its own.
 */
import type { Address, OpenPosition } from "../papertrade/mod.ts";
import { fetchLiveMarks, type Mark, type MarketSources } from "../marks.ts";
import { Parts } from "../parts.ts";
import {
  nearestToBust,
  type PositionValuation,
  readWinFee,
  valuePosition,
} from "../position/mod.ts";
import type { RiskBand } from "../math/mod.ts";
import { noteStaleRead } from "../cache/freshness.ts";
import { type AtRiskSource, sharedAtRiskSource } from "./refresh.ts";

/** The risk bands, safest last (the filter's choices). */
export const RISK_BANDS = ["near_bust", "close", "ok"] as const satisfies readonly RiskBand[];

export interface AtRiskRow extends PositionValuation {
  wallet: Address;
  /** Leaderboard name: untrusted text. */
  name: string | null;
  readAt: number;
}

export interface AtRiskFilters {
  market?: string;
  band?: RiskBand;
}

/** The board as one read sees it: every matching row, nearest to bust first. */
export type AtRiskBoard = Awaited<ReturnType<typeof readAtRiskBoard>>;

/** A market filter naming no market of the trading state: every face refuses it, naming them. */
export class UnknownMarketError extends Error {
  override name = "UnknownMarketError";
  constructor(readonly market: string, readonly markets: readonly string[]) {
    super(`Papertrade has no market "${market}". ${marketsSentence(markets)}`);
  }
}

/** "The markets are BTC and ETH.": the valid choices of the market filter. */
export function marketsSentence(markets: readonly string[]): string {
  if (markets.length === 0) return "The market list is empty.";
  const list = new Intl.ListFormat("en", { type: "conjunction" }).format(markets);
  return markets.length === 1 ? `The only market is ${list}.` : `The markets are ${list}.`;
}

/**
 * The board this instance or the deployment's KV already holds, else null without starting a
 * step: `/markets`' bust ladder, so the page's cold view costs one round trip.
 */
export async function readHeldAtRiskBoard(
  deps: MarketSources & { now: () => number },
  filters: AtRiskFilters = {},
  options: { signal?: AbortSignal; source?: AtRiskSource } = {},
): Promise<AtRiskBoard | null> {
  const source = options.source ?? sharedAtRiskSource(deps);
  if (source.peek && (await source.peek()) === null) return null;
  return await readAtRiskBoard(deps, filters, { ...options, source });
}

/**
 * The board at the live mark, filtered. Throws the upstream's error only when no refresh has
 * ever read the wallet list; later failures keep the last board and name what is missing.
 */
export async function readAtRiskBoard(
  deps: MarketSources & { now: () => number },
  filters: AtRiskFilters = {},
  options: { signal?: AbortSignal; source?: AtRiskSource } = {},
) {
  const state = await (options.source ?? sharedAtRiskSource(deps)).state();
  // The board's last good copies, as old as they are now, in this reader's scope.
  const now = deps.now();
  for (const read of [...state.stale, ...[...state.held.values()].flatMap((held) => held.stale)]) {
    noteStaleRead({ ...read, ageMs: Math.max(read.ageMs, now - read.asOf) });
  }
  const parts = new Parts();
  for (const item of state.unavailable) parts.add(item);
  const { instruments } = state.trading;
  const markets = instruments.map((instrument) => instrument.symbol);
  if (filters.market !== undefined && !markets.includes(filters.market)) {
    throw new UnknownMarketError(filters.market, markets);
  }
  const [found, winFeeRate] = await Promise.all([
    parts.read(fetchLiveMarks(deps.quotes, instruments, { signal: options.signal }), "live marks"),
    readWinFee(deps, parts),
  ]);
  const marks = found ?? new Map<number, Mark>();
  const nameOf = (wallet: Address) => state.known.get(wallet) ?? null;
  const rows = [...state.held].flatMap(([wallet, held]) =>
    held.positions.map((position): AtRiskRow => ({
      ...valuePosition(position, { instruments, marks, winFeeRate }),
      wallet,
      name: nameOf(wallet),
      readAt: held.readAt,
    }))
  ).filter((row) =>
    (filters.market === undefined || row.symbol === filters.market) &&
    (filters.band === undefined || row.risk === filters.band)
  ).sort(({ distanceToBustPercent: x }, { distanceToBustPercent: y }) =>
    // Nearest first; unvalued (null) distances last.
    x === null || y === null ? Number(x === null) - Number(y === null) : x < y ? -1 : x > y ? 1 : 0
  );
  const readTimes = [...state.held.values()].map((held) => held.readAt);
  const quoteTimes = [...marks.values()].flatMap((mark) => mark.at ?? []);
  return {
    rows,
    /** The markets of the trading state (the filter's choices). */
    markets,
    refreshedAt: state.refreshedAt,
    oldestReadAt: readTimes.length > 0 ? Math.min(...readTimes) : null,
    /** The newest quote behind the marks, null without marks. */
    markAt: quoteTimes.length > 0 ? Math.max(...quoteTimes) : null,
    /** Wallets the leaderboard reports with open positions, and those the board holds. */
    known: new Set(state.known.keys()) as ReadonlySet<Address>,
    covered: new Set(state.held.keys()) as ReadonlySet<Address>,
    notRead: [...state.failed].map(([wallet, reason]) => ({
      wallet,
      name: nameOf(wallet),
      reason,
    })),
    /** Wallets the budget left for a later refresh. */
    notYetRead: state.known.size - state.held.size - state.failed.size,
    /** Short of every known wallet, or the wallet list itself cut short or not read again. */
    partial: state.held.size < state.known.size || !state.listComplete ||
      state.unavailable.some((item) => item.part === "wallets with open positions"),
    unavailable: parts.unavailable,
  };
}

/**
 * The wallet holding position `positionId` open on the board, or whose open position `intentId`
 * opened; null when the board does not hold it, or has not been read within `waitMs` (only a
 * process's first refresh is ever waited on; it goes on for the next reader).
 */
export async function ownerOnBoard(
  deps: MarketSources & { now: () => number },
  id: { positionId: string } | { intentId: string },
  options: { waitMs: number },
): Promise<Address | null> {
  const state = await orNullAfter(sharedAtRiskSource(deps).state(), options.waitMs)
    .catch(() => null);
  if (state === null) return null;
  const matches = "positionId" in id
    ? (position: OpenPosition) => position.positionId === id.positionId
    : (position: OpenPosition) => position.intentId?.toLowerCase() === id.intentId.toLowerCase();
  for (const [wallet, held] of state.held) {
    if (held.positions.some(matches)) return wallet;
  }
  return null;
}

/** `read`'s value, or null when not settled within `ms` (a later failure is dropped). */
export async function orNullAfter<T>(read: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => timer = setTimeout(() => resolve(null), ms));
  read.catch(() => {});
  try {
    return await Promise.race([read, late]);
  } finally {
    clearTimeout(timer);
  }
}

export type WalletNearest = { row: AtRiskRow } | { reason: string };

/** The nearest position of `wallet` on the board (null: the board could not be read). */
export function nearestOf(board: AtRiskBoard | null, wallet: Address): WalletNearest {
  if (board === null) return { reason: "board not read" };
  const row = nearestToBust(board.rows.filter((item) => item.wallet === wallet));
  if (row) return { row };
  if (board.covered.has(wallet)) return { reason: "no open position at a mark" };
  if (board.notRead.some((item) => item.wallet === wallet)) return { reason: "its read failed" };
  if (board.known.has(wallet)) return { reason: "not read yet (budget)" };
  return { reason: "no open position" };
}

/** The board with only the rows of `band` (the ladder still sums every band of `board`). */
export function keepBand(board: AtRiskBoard, band: RiskBand | undefined): AtRiskBoard {
  return band === undefined ? board : { ...board, rows: board.rows.filter((r) => r.risk === band) };
}
