/**
 * The at-risk board: every known open position across wallets, nearest to bust first.
 *
 * The positions come from one shared refresh per process: the leaderboard (all time, sorted by
 * open position count) names the wallets with open positions, then each one's snapshot (the
 * wallet page's read) gives its positions. The refresh is coalesced (concurrent callers share
 * one), kept for {@link AT_RISK_REFRESH_MS} on an injected clock, and never reads more than
 * {@link AT_RISK_WALLET_READS_PER_MINUTE} wallets in any minute: past that, the rest are read
 * on the next refresh, oldest first, and the board says its coverage is partial. So its upstream
 * cost ({@link AT_RISK_REQUESTS_PER_MINUTE} a minute at most) does not grow with viewers. Each
 * read of the board re-values the positions at the live mark (`lib/marks.ts`, the site's shared
 * one-second quote), so the board follows the mark between refreshes.
 */
import type { Address, OpenPosition, TradingState } from "./papertrade/mod.ts";
import { fetchLiveMarks, type Mark, type MarketSources } from "./marks.ts";
import { isUpstreamFailure, Parts, type UnavailablePart, unavailablePart } from "./parts.ts";
import { type PositionValuation, valuePosition } from "./wallet/value_positions.ts";
import type { RiskBand } from "./math/mod.ts";
import { noteStaleRead, type StaleRead, withFreshnessScope } from "./cache/freshness.ts";

/** How long one refresh of the positions is served before the next is read. */
export const AT_RISK_REFRESH_MS = 60_000;
/** After a refresh that read nothing (the leaderboard or the trading state failed). */
const AT_RISK_RETRY_MS = 10_000;
/** The most wallet snapshots the board reads in any 60 s. */
export const AT_RISK_WALLET_READS_PER_MINUTE = 120;
/** Leaderboard pages of {@link AT_RISK_PAGE_SIZE} read per refresh at most (1,000 wallets). */
export const AT_RISK_LEADERBOARD_PAGES = 5;
const AT_RISK_PAGE_SIZE = 200;
/** The board's whole upstream budget a minute: wallet reads, leaderboard pages, trading state. */
export const AT_RISK_REQUESTS_PER_MINUTE = AT_RISK_WALLET_READS_PER_MINUTE +
  AT_RISK_LEADERBOARD_PAGES + 1;
/** Snapshots read at once during a refresh. */
const READS_AT_ONCE = 8;
const MINUTE_MS = 60_000;

/** The risk bands, safest last (the filter's choices). */
export const RISK_BANDS = ["near_bust", "close", "ok"] as const satisfies readonly RiskBand[];

/**
 * One wallet's positions as last read, and the reads of them that were last good copies (the
 * upstream failed), which every read of the board repeats so its answer says it is stale.
 */
type HeldWallet = { positions: OpenPosition[]; readAt: number; stale: readonly StaleRead[] };

/** What one refresh leaves for the reads of the board until the next. */
interface BoardState {
  refreshedAt: number;
  trading: TradingState;
  /** Wallets the leaderboard reports with open positions (or an unknown count), and names. */
  known: Map<Address, string | null>;
  held: Map<Address, HeldWallet>;
  /** Wallets whose snapshot failed at the last refresh, and why. */
  failed: Map<Address, string>;
  unavailable: UnavailablePart[];
  /** The wallet list's and trading state's reads that were last good copies. */
  stale: readonly StaleRead[];
}

/**
 * `read`, run in a freshness scope of its own: its value, and which of its reads were served
 * from last good copies. The board is refreshed in the background, for whoever asked first, so
 * the staleness is kept with the board rather than left in that one caller's scope.
 */
async function tracked<T>(read: () => Promise<T>): Promise<{ value: T; stale: StaleRead[] }> {
  const { scope, result } = withFreshnessScope(read);
  return { value: await result, stale: scope.reads };
}

export interface AtRiskSource {
  /**
   * The positions of the last refresh. When one is due it starts, and the last board is served
   * until it lands, so no reader waits on a refresh but the first of the process.
   */
  state(): Promise<BoardState>;
  /** Resolves once the refresh in flight (if any) has landed. */
  settled(): Promise<void>;
}

const sources = new WeakMap<object, AtRiskSource>();

/** The process-wide board of a Papertrade client (created on first use). */
export function sharedAtRiskSource(deps: MarketSources & { now: () => number }): AtRiskSource {
  let source = sources.get(deps.papertrade);
  if (!source) sources.set(deps.papertrade, source = createAtRiskSource(deps, { now: deps.now }));
  return source;
}

/** A board over `sources` with its own refresh, budget and clock (tests shrink the budget). */
export function createAtRiskSource(
  sources: MarketSources,
  options: {
    now?: () => number;
    refreshMs?: number;
    walletReadsPerMinute?: number;
    pageSize?: number;
  } = {},
): AtRiskSource {
  const now = options.now ?? Date.now;
  const refreshMs = options.refreshMs ?? AT_RISK_REFRESH_MS;
  const budget = options.walletReadsPerMinute ?? AT_RISK_WALLET_READS_PER_MINUTE;
  const readTimes: number[] = [];
  let last: BoardState | null = null;
  let running: Promise<BoardState> | null = null;
  let failure: Promise<BoardState> | null = null;
  let dueAt = Number.NEGATIVE_INFINITY;

  async function refresh(): Promise<BoardState> {
    const parts = new Parts();
    const listed = await tracked(() =>
      Promise.allSettled([
        readWallets(sources, parts, options.pageSize ?? AT_RISK_PAGE_SIZE),
        sources.papertrade.read("tradingState"),
      ])
    );
    const reads = listed.value;
    const failure = reads.find((read) => read.status === "rejected");
    // Without an earlier board there is nothing to show: the upstream's own error goes up.
    if (failure && last === null) throw failure.reason;
    const known = parts.settled(reads[0], "wallets with open positions");
    const trading = parts.settled(reads[1], "market list");
    if (known === null || trading === null) {
      return last = { ...last!, unavailable: parts.unavailable };
    }
    const held = new Map([...last?.held ?? []].filter(([address]) => known.has(address)));
    const at = now();
    while (readTimes.length > 0 && readTimes[0] <= at - MINUTE_MS) readTimes.shift();
    const due = [...known.keys()]
      .sort((a, b) => (held.get(a)?.readAt ?? -Infinity) - (held.get(b)?.readAt ?? -Infinity))
      .slice(0, Math.max(0, budget - readTimes.length));
    const failed = new Map<Address, string>();
    for (let start = 0; start < due.length; start += READS_AT_ONCE) {
      await Promise.all(
        due.slice(start, start + READS_AT_ONCE).map(async (address) => {
          readTimes.push(at);
          try {
            const { value: account, stale } = await tracked(() =>
              sources.papertrade.read("walletStream", { wallet: address })
            );
            held.set(address, { positions: account.openPositions, readAt: at, stale });
          } catch (error) {
            if (!isUpstreamFailure(error)) throw error;
            held.delete(address);
            failed.set(address, unavailablePart(error).reason);
          }
        }),
      );
    }
    return last = {
      refreshedAt: at,
      trading,
      known,
      held,
      failed,
      unavailable: parts.unavailable,
      stale: listed.stale,
    };
  }

  return {
    state() {
      if (running === null && now() >= dueAt) {
        const next = running = refresh();
        next.then(() => {
          dueAt = now() + refreshMs;
          failure = null;
        }, () => {
          dueAt = now() + AT_RISK_RETRY_MS;
          failure = next;
        }).finally(() => running = null);
      }
      if (last !== null) return Promise.resolve(last);
      return running ?? failure!;
    },
    settled: () => (running ?? Promise.resolve()).then(() => {}, () => {}),
  };
}

/** The wallets the leaderboard reports with open positions, in its order, with their names. */
async function readWallets(sources: MarketSources, parts: Parts, pageSize: number) {
  const known = new Map<Address, string | null>();
  for (let page = 0; page < AT_RISK_LEADERBOARD_PAGES; page++) {
    const read = parts.note(
      await sources.papertrade.read("leaderboard", {
        window: "all",
        sortKey: "currentOpenPositionCount",
        sortDir: "desc",
        page,
        pageSize,
      }),
      "wallets with open positions",
    );
    // A missing count (a modelled key) keeps the wallet a candidate; a zero ends the list.
    const open = read.accounts.filter((row) => row.currentOpenPositionCount !== 0);
    for (const row of open) known.set(row.address, row.leaderboardName);
    if (open.length < read.accounts.length || page + 1 >= read.totalPages) return known;
  }
  parts.add({
    part: "wallets with open positions",
    endpoint: "/state/leaderboard/accounts",
    reason: `only the first ${AT_RISK_LEADERBOARD_PAGES * pageSize} wallets by open ` +
      "positions are read",
  });
  return known;
}

/** One row of the board: an open position valued at the live mark, with its wallet. */
export interface AtRiskRow extends PositionValuation {
  wallet: Address;
  /** Leaderboard name: untrusted text. */
  name: string | null;
  /** When the wallet's positions were read. */
  readAt: number;
  /** The price move that reaches bust, raw at the price scale; negative past bust, null unmarked. */
  moveToBust: bigint | null;
}

/** What a read of the board keeps. */
export interface AtRiskFilters {
  /** A market symbol (`BTC`). */
  market?: string;
  band?: RiskBand;
}

/** The board as one read sees it: every matching row, nearest to bust first. */
export interface AtRiskBoard {
  rows: AtRiskRow[];
  /** The markets of the trading state (the filter's choices). */
  markets: string[];
  /** When the last refresh read the positions, and the oldest read still on the board. */
  refreshedAt: number;
  oldestReadAt: number | null;
  /** The newest quote behind the marks, null without marks. */
  markAt: number | null;
  /** Wallets the leaderboard reports with open positions, and those the board holds. */
  known: ReadonlySet<Address>;
  covered: ReadonlySet<Address>;
  /** Wallets whose read failed at the last refresh. */
  notRead: Array<{ wallet: Address; name: string | null; reason: string }>;
  /** Wallets the budget left for a later refresh. */
  notYetRead: number;
  /** Coverage is short of every known wallet, or of the wallet list. */
  partial: boolean;
  unavailable: UnavailablePart[];
}

/**
 * The board at the live mark, filtered. Throws the upstream's error only when no refresh has
 * ever read the wallet list; later failures keep the last board and name what is missing.
 */
export async function readAtRiskBoard(
  deps: MarketSources & { now: () => number },
  filters: AtRiskFilters = {},
  options: { signal?: AbortSignal; source?: AtRiskSource } = {},
): Promise<AtRiskBoard> {
  const state = await (options.source ?? sharedAtRiskSource(deps)).state();
  // The board's last good copies, as old as they are now, in this reader's scope.
  const now = deps.now();
  for (const read of [...state.stale, ...[...state.held.values()].flatMap((held) => held.stale)]) {
    noteStaleRead({ ...read, ageMs: Math.max(read.ageMs, now - read.asOf) });
  }
  const parts = new Parts();
  for (const item of state.unavailable) parts.add(item);
  const { instruments, winFeeRate } = state.trading;
  const marks = await parts.read(
    fetchLiveMarks(deps.quotes, instruments, { signal: options.signal }),
    "live marks",
  ) ?? new Map<number, Mark>();
  const rows = [...state.held].flatMap(([wallet, held]) =>
    held.positions.map((position): AtRiskRow => {
      const valued = valuePosition(position, { instruments, marks, winFeeRate });
      const markRaw = valued.distanceToBustPercent === null ? null : valued.mark!.markRaw;
      const moveToBust = markRaw === null
        ? null
        : position.isLong
        ? markRaw - position.bustPrice
        : position.bustPrice - markRaw;
      const name = state.known.get(wallet) ?? null;
      return { ...valued, wallet, name, readAt: held.readAt, moveToBust };
    })
  ).filter((row) =>
    (filters.market === undefined || row.symbol === filters.market) &&
    (filters.band === undefined || row.risk === filters.band)
  ).sort(nearestFirst);
  const readTimes = [...state.held.values()].map((held) => held.readAt);
  const quoteTimes = [...marks.values()].flatMap((mark) => mark.at ?? []);
  const notRead = [...state.failed].map(([wallet, reason]) => ({
    wallet,
    name: state.known.get(wallet) ?? null,
    reason,
  }));
  return {
    rows,
    markets: instruments.map((instrument) => instrument.symbol),
    refreshedAt: state.refreshedAt,
    oldestReadAt: readTimes.length > 0 ? Math.min(...readTimes) : null,
    markAt: quoteTimes.length > 0 ? Math.max(...quoteTimes) : null,
    known: new Set(state.known.keys()),
    covered: new Set(state.held.keys()),
    notRead,
    notYetRead: state.known.size - state.held.size - state.failed.size,
    // Also partial when the wallet list itself is cut short or could not be read again.
    partial: state.held.size < state.known.size ||
      state.unavailable.some((item) => item.part === "wallets with open positions"),
    unavailable: parts.unavailable,
  };
}

/** A wallet's nearest position on the board, or why the board has none to show. */
export type WalletNearest = { row: AtRiskRow } | { reason: string };

/** The nearest position of `wallet` on the board (null: the board could not be read). */
export function nearestOf(board: AtRiskBoard | null, wallet: Address): WalletNearest {
  if (board === null) return { reason: "board not read" };
  const row = board.rows.find((item) =>
    item.wallet === wallet && item.distanceToBustPercent !== null
  );
  if (row) return { row };
  if (board.covered.has(wallet)) return { reason: "no open position at a mark" };
  if (board.notRead.some((item) => item.wallet === wallet)) return { reason: "its read failed" };
  if (board.known.has(wallet)) return { reason: "not read yet (budget)" };
  return { reason: "no open position" };
}

/**
 * Leaderboard rows by their wallet's nearest distance to bust (`asc`: nearest first); rows
 * without one stay last, in their order.
 */
export function orderByNearest<R extends { address: Address }>(
  rows: readonly R[],
  nearest: ReadonlyMap<Address, WalletNearest>,
  sortDir: "asc" | "desc",
): R[] {
  const distance = (row: R) => {
    const found = nearest.get(row.address);
    return found && "row" in found ? found.row.distanceToBustPercent : null;
  };
  const sign = sortDir === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => compareDistance(distance(a), distance(b), sign));
}

function nearestFirst(a: AtRiskRow, b: AtRiskRow): number {
  return compareDistance(a.distanceToBustPercent, b.distanceToBustPercent, 1);
}

// Unvalued (null) distances sort last whatever the direction.
function compareDistance(x: bigint | null, y: bigint | null, sign: 1 | -1): number {
  if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
  return x < y ? -sign : x > y ? sign : 0;
}

/** The filters a query string asks for (`market`, `band`; empty means all), or what is wrong. */
export function parseAtRiskFilters(
  params: URLSearchParams,
): { ok: true; filters: AtRiskFilters } | { ok: false; problem: string } {
  // A market the trading state does not list is refused once the board is read.
  const market = (params.get("market") ?? "").trim().toUpperCase().slice(0, 20);
  const band = params.get("band") ?? "";
  if (band !== "" && !(RISK_BANDS as readonly string[]).includes(band)) {
    return { ok: false, problem: `band must be one of ${RISK_BANDS.join(", ")}` };
  }
  return {
    ok: true,
    filters: { market: market || undefined, band: (band || undefined) as RiskBand | undefined },
  };
}
