/**
 * One step of the at-risk board's refresh (`refresh.ts`, on one instance at a time), within one
 * upstream budget a minute:
 * - the lists: the trading state (once a minute), the latest trades (every step), and the
 *   leaderboard (all time, by open position count) page by page until the first row with no open
 *   position, a few pages a step, again a minute after each pass;
 * - the wallets `limits.ts` picks: those the latest trades show trading first (a new wallet that
 *   opened joins at once), then by how overdue their read is.
 *
 * Positions change only when their owner trades or is liquidated (the feed shows both), so between
 * reads `board.ts` re-values them at the live mark. The state, schedule included, is plain data:
 * the leader writes it to KV and a successor goes on from it with the same budget.
 */
import type { Address, TradingState } from "../papertrade/mod.ts";
import { fetchLiveMarks, type Mark, type MarketSources } from "../marks.ts";
import { isUpstreamFailure, Parts, type UnavailablePart, unavailablePart } from "../parts.ts";
import { type StaleRead, withFreshnessScope } from "../cache/freshness.ts";

import {
  type BoardLimits,
  dueWallets,
  type HeldWallet,
  MINUTE_MS,
  type Schedule,
} from "./limits.ts";

const PAGES_PER_TICK = 4;
const READS_AT_ONCE = 8;

/** What one step leaves for the reads of the board until the next. */
export interface BoardState {
  refreshedAt: number;
  trading: TradingState;
  /** Wallets with open positions (the leaderboard's, and the feed's new ones), and names. */
  known: Map<Address, string | null>;
  held: Map<Address, HeldWallet>;
  /** Wallets whose last read failed, and why. */
  failed: Map<Address, string>;
  /** True once a whole pass over the leaderboard has ended. */
  listComplete: boolean;
  unavailable: UnavailablePart[];
  /** The list reads of the last step that were last good copies. */
  stale: readonly StaleRead[];
  schedule: Schedule;
}

async function tracked<T>(read: () => Promise<T>): Promise<{ value: T; stale: StaleRead[] }> {
  const { scope, result } = withFreshnessScope(read);
  return { value: await result, stale: scope.reads };
}

/**
 * One step at `at` from `last` (null: the first). Throws the upstream's error only when there is
 * no earlier board and the trading state or the first leaderboard page failed.
 */
export async function tickBoard(
  sources: MarketSources,
  last: BoardState | null,
  limits: BoardLimits,
  at: number,
): Promise<BoardState> {
  const parts = new Parts();
  const schedule: Schedule = structuredClone(last?.schedule ?? EMPTY_SCHEDULE);
  const recent = (times: number[]) => times.filter((time) => time > at - MINUTE_MS);
  schedule.walletReads = recent(schedule.walletReads);
  schedule.listReads = recent(schedule.listReads);
  const listRoom = () => limits.listReadsPerMinute - schedule.listReads.length;
  const known = new Map(last?.known ?? []);
  const traded = new Map(schedule.traded);
  let listComplete = last?.listComplete ?? false;

  const lists = await tracked(async () => {
    let trading = last?.trading ?? null;
    const tradingDue = trading === null || at - (schedule.tradingReadAt ?? -Infinity) >= MINUTE_MS;
    if (tradingDue && listRoom() > 0) {
      schedule.listReads.push(at);
      const read = sources.papertrade.read("tradingState");
      if (trading === null) trading = await read;
      else trading = await parts.read(read, "market list") ?? trading;
      schedule.tradingReadAt = at;
    }
    if (listRoom() > 0) {
      schedule.listReads.push(at);
      const feed = await parts.read(sources.papertrade.read("recentTrades"), "latest trades");
      if (feed) noteTrades(feed.trades, schedule, known, traded);
    }
    const passDue = schedule.pass === null &&
      (schedule.listedAt === null || at - schedule.listedAt >= MINUTE_MS);
    if (passDue) schedule.pass = { startedAt: at, nextPage: 0, found: [] };
    for (let n = 0; schedule.pass !== null && n < PAGES_PER_TICK && listRoom() > 0; n++) {
      const pass: NonNullable<Schedule["pass"]> = schedule.pass;
      schedule.listReads.push(at);
      const read = sources.papertrade.read("leaderboard", {
        window: "all",
        sortKey: "currentOpenPositionCount",
        sortDir: "desc",
        page: pass.nextPage,
        pageSize: limits.pageSize,
      });
      const page = last === null && pass.nextPage === 0
        ? parts.note(await read, "wallets with open positions")
        : await parts.read(read, "wallets with open positions");
      if (page === null) break; // this page again next step
      // A missing count (a modelled key) keeps the wallet a candidate; a zero ends the list.
      const open = page.accounts.filter((row) => row.currentOpenPositionCount !== 0);
      for (const row of open) {
        pass.found.push([row.address, row.leaderboardName]);
        known.set(row.address, row.leaderboardName);
      }
      pass.nextPage++;
      if (open.length < page.accounts.length || pass.nextPage >= page.totalPages) {
        endPass(pass, known, last?.held, traded);
        schedule.pass = null;
        schedule.listedAt = at;
        listComplete = true;
      }
    }
    return trading!;
  });
  const trading = lists.value;

  const held = new Map([...last?.held ?? []].filter(([address]) => known.has(address)));
  const failed = new Map([...last?.failed ?? []].filter(([address]) => known.has(address)));
  const marks = await fetchLiveMarks(sources.quotes, trading.instruments).catch((error) => {
    if (!isUpstreamFailure(error) && !(error instanceof AggregateError)) throw error;
    return new Map<number, Mark>();
  });
  const due = dueWallets({ known, held, failed, traded, trading, marks, at, limits, schedule });
  for (let start = 0; start < due.length; start += READS_AT_ONCE) {
    await Promise.all(
      due.slice(start, start + READS_AT_ONCE).map(async (address) => {
        schedule.walletReads.push(at);
        try {
          const { value: account, stale } = await tracked(() =>
            sources.papertrade.read("walletStream", { wallet: address })
          );
          held.set(address, { positions: account.openPositions, readAt: at, stale });
          failed.delete(address);
          traded.delete(address);
        } catch (error) {
          if (!isUpstreamFailure(error)) throw error;
          held.delete(address);
          failed.set(address, unavailablePart(error).reason);
        }
      }),
    );
  }
  schedule.traded = [...traded].filter(([address]) => known.has(address));
  return {
    refreshedAt: at,
    trading,
    known,
    held,
    failed,
    listComplete,
    unavailable: parts.unavailable,
    stale: lists.stale,
    schedule,
  };
}

const EMPTY_SCHEDULE: Schedule = {
  walletReads: [],
  listReads: [],
  tradingReadAt: null,
  listedAt: null,
  pass: null,
  lastTradeSeq: null,
  traded: [],
};

/**
 * The latest trades newer than the last seen: their wallets are read again first (a wallet the
 * board did not know that opened a position joins it). The first read of the feed only marks
 * where the board stands.
 */
function noteTrades(
  trades: ReadonlyArray<{ seq: string; wallet: Address; timestamp: number; kind: string | null }>,
  schedule: Schedule,
  known: Map<Address, string | null>,
  traded: Map<Address, number>,
) {
  const seen = schedule.lastTradeSeq === null ? null : BigInt(schedule.lastTradeSeq);
  for (const trade of trades) {
    if (seen === null || BigInt(trade.seq) <= seen) continue;
    if (!known.has(trade.wallet)) {
      if (trade.kind !== "open") continue;
      known.set(trade.wallet, null);
    }
    if (!traded.has(trade.wallet)) traded.set(trade.wallet, trade.timestamp);
  }
  const newest = trades.reduce<bigint | null>(
    (top, trade) => (top === null || BigInt(trade.seq) > top ? BigInt(trade.seq) : top),
    seen,
  );
  schedule.lastTradeSeq = newest === null ? null : String(newest);
}

/**
 * A pass over the whole list has ended: the known wallets are the ones it found, those waiting
 * to be read because they traded, and those read holding positions since the pass began.
 */
function endPass(
  pass: NonNullable<Schedule["pass"]>,
  known: Map<Address, string | null>,
  held: ReadonlyMap<Address, HeldWallet> | undefined,
  traded: ReadonlyMap<Address, number>,
) {
  const next = new Map(pass.found);
  for (const [address, name] of known) {
    const read = held?.get(address);
    const stillHolds = read !== undefined && read.readAt >= pass.startedAt &&
      read.positions.length > 0;
    if (!next.has(address) && (traded.has(address) || stillHolds)) next.set(address, name);
  }
  known.clear();
  for (const [address, name] of next) known.set(address, name);
}
