/**
 * The at-risk board's one refresh per process: the leaderboard (all time, sorted by open position
 * count) names the wallets with open positions, then each one's snapshot gives its positions.
 * Concurrent callers share one refresh, a refresh is kept for {@link AT_RISK_REFRESH_MS} on an
 * injected clock, and no more than {@link AT_RISK_WALLET_READS_PER_MINUTE} wallets are read in any
 * minute: past that, the rest are read on the next refresh, oldest first. `board.ts` reads it.
 */
import type { Address, OpenPosition, TradingState } from "../papertrade/mod.ts";
import type { MarketSources } from "../marks.ts";
import { isUpstreamFailure, Parts, type UnavailablePart, unavailablePart } from "../parts.ts";

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
/**
 * How long a page that only consults the board (the leaderboard's nearest-to-bust figures, an id
 * looked up without its wallet) waits for it. Only a process's first refresh is ever waited on
 * (later readers get the last board at once), and it reads up to 120 wallet snapshots: with a
 * slow wallet stream that is minutes, so past this the reader goes on without the board while the
 * refresh goes on for the next.
 */
export const AT_RISK_WAIT_MS = 1_500;
/** Snapshots read at once during a refresh. */
const READS_AT_ONCE = 8;
const MINUTE_MS = 60_000;

/** One wallet's positions as last read. */
type HeldWallet = { positions: OpenPosition[]; readAt: number };

/** What one refresh leaves for the reads of the board until the next. */
export interface BoardState {
  refreshedAt: number;
  trading: TradingState;
  /** Wallets the leaderboard reports with open positions (or an unknown count), and names. */
  known: Map<Address, string | null>;
  held: Map<Address, HeldWallet>;
  /** Wallets whose snapshot failed at the last refresh, and why. */
  failed: Map<Address, string>;
  unavailable: UnavailablePart[];
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
    const reads = await Promise.allSettled([
      readWallets(sources, parts, options.pageSize ?? AT_RISK_PAGE_SIZE),
      sources.papertrade.read("tradingState"),
    ]);
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
            const account = await sources.papertrade.read("walletStream", { wallet: address });
            held.set(address, { positions: account.openPositions, readAt: at });
          } catch (error) {
            if (!isUpstreamFailure(error)) throw error;
            held.delete(address);
            failed.set(address, unavailablePart(error).reason);
          }
        }),
      );
    }
    return last = { refreshedAt: at, trading, known, held, failed, unavailable: parts.unavailable };
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
