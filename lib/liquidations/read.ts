/**
 * Every liquidation the explorer can see, one row each: the latest trades feed's liquidation rows
 * and the Exchange's `Liquidated` events of the last 7 days (`scanLiquidations`), joined by
 * position id. The event gives the chain's facts (the wallet, the mark and the bust price, the
 * settling transaction, the block's time); the feed row the market, side and leverage. The
 * wallet's trade history (its losses, newest first) fills in what neither gives, above all the
 * size: margin × leverage, exact. A liquidated trade never changes, so what a history gave is kept
 * per client and each wallet is read again only for a newer liquidation.
 *
 * Degrades by part: with the feed down the events still list (without the sizes the history
 * cannot give), with the chain down the feed's rows still list; each missing part is named. Only
 * when neither source answers does the read fail, with the feed's error.
 */
import type { Address, PapertradeClient, Trade } from "../papertrade/mod.ts";
import type { HyperEvmClient } from "../hyperevm/client.ts";
import { LIQUIDATION_SCAN, scanLiquidations } from "../hyperevm/liquidation_scan.ts";
import { Parts } from "../parts.ts";
import { marketOf } from "../position/mod.ts";
import { readWindowAccounts } from "../leaderboard/mod.ts";
import { parseUnits } from "viem";

/** How many trade histories one read may fetch, and how. */
const LIQUIDATION_HISTORY = {
  /** Wallets read per list, newest liquidation first; the rest wait for the next read. */
  wallets: 100,
  /** Pages of a wallet's losses read at most (75 rows each). */
  pages: 3,
  parallel: 8,
  /** Liquidated trades remembered per client. */
  kept: 50_000,
} as const;

/** One liquidation. Prices are raw at `priceScale`; USD is wad. */
export type Liquidation = LiquidationList["rows"][number];

/** Every liquidation of the last 7 days the sources gave, newest first. */
export type LiquidationList = Awaited<ReturnType<typeof readLiquidations>>;

/** What a liquidated trade's history row tells that the feed and the event do not. */
type HistoryFacts = Pick<
  Trade,
  "instrumentId" | "isLong" | "leverage" | "margin" | "exitPrice" | "closedAt" | "txHash"
>;

const kept = new WeakMap<PapertradeClient, Map<string, HistoryFacts>>();

/** The liquidations of the last {@link LIQUIDATION_SCAN}`.seconds`, from every source. */
export async function readLiquidations(
  sources: { papertrade: PapertradeClient; hyperevm: HyperEvmClient; now: () => number },
  options: { signal?: AbortSignal } = {},
) {
  const { papertrade, hyperevm } = sources;
  const { signal } = options;
  const now = sources.now();
  const parts = new Parts();
  const feedRead = papertrade.read("recentTrades", {}, { signal });
  const [feed, scan, trading, names] = await Promise.all([
    parts.read(feedRead),
    parts.read(scanLiquidations(hyperevm), "liquidation events"),
    parts.read(papertrade.read("tradingState", {}, { signal })),
    // Only the names are read, facts of every row: the rows' modelled fields are not.
    parts.read(
      readWindowAccounts(papertrade, { window: "all", signal }).then(({ accounts }) => accounts),
    ),
  ]);
  // Neither source: the read fails with the feed's error.
  if (!feed && !scan) await feedRead;
  const since = now - LIQUIDATION_SCAN.seconds * 1000;
  const feedRows = new Map(
    (feed?.trades ?? []).filter((trade) => trade.kind === "liquidation" && trade.timestamp >= since)
      .map((trade) => [trade.positionId, trade]),
  );
  const events = new Map(
    (scan?.events ?? []).filter((event) => event.at >= since).map((e) => [e.positionId, e]),
  );
  const ids = [...new Set([...events.keys(), ...feedRows.keys()])];
  const walletOf = (id: string) => (events.get(id)?.wallet ?? feedRows.get(id)!.wallet);
  const atOf = (id: string) => events.get(id)?.at ?? feedRows.get(id)!.timestamp;
  // Newest first; then by position id, in numeric order (they may pass 2^53).
  ids.sort((a, b) => atOf(b) - atOf(a) || Number(BigInt(b) - BigInt(a)));
  const wanted = ids.map((id) => [id, walletOf(id)] as const);
  const histories = await readHistories(papertrade, wanted, { parts, signal });
  const nameOf = new Map(
    (names ?? []).map((account) => [account.address, account.leaderboardName]),
  );
  const instruments = trading?.instruments ?? [];
  const rows = ids.map((id) => {
    const event = events.get(id);
    const row = feedRows.get(id);
    const history = histories.facts.get(id);
    const wallet = walletOf(id);
    const instrumentId = history?.instrumentId ?? row?.instrumentId ?? null;
    const market = instrumentId === null ? null : marketOf(instruments, instrumentId);
    return {
      positionId: id,
      wallet,
      /** Leaderboard name: untrusted text. */
      name: nameOf.get(wallet) ?? null,
      /** Untrusted text; null when neither the feed nor the history told it. */
      symbol: trading && market ? market.symbol : row?.symbol ?? null,
      /** Null when the trading state does not list the market (prices cannot be shown). */
      priceScale: market?.priceScale ?? null,
      isLong: history?.isLong ?? row?.isLong ?? null,
      leverage: history?.leverage ?? row?.leverage ?? null,
      /**
       * margin × leverage from the wallet's history, exact (as valuePosition computes it for an
       * open position); else the feed's notional (its own figure, to the micro-dollar).
       */
      notional: history
        ? history.margin * BigInt(history.leverage)
        : row
        ? usdToWad(row.notionalUsd)
        : null,
      /** The mark it was liquidated at (the event's). */
      markPrice: event?.markPrice ?? null,
      /** The event's, else the history's exit (a liquidation closes at its bust). */
      bustPrice: event?.bustPrice ?? history?.exitPrice ?? null,
      /** The event's block time, else the feed's (unix ms). */
      at: atOf(id),
      txHash: event?.txHash ?? history?.txHash ?? null,
      blockNumber: event?.blockNumber ?? null,
      inFeed: row !== undefined,
      onChain: event !== undefined,
    };
  });
  const oldest = feed?.trades.at(-1)?.timestamp ?? null;
  return {
    rows,
    /** The trading state's market symbols (the filter's choices); empty when not read. */
    markets: instruments.map((instrument) => instrument.symbol),
    /** How far each source reached. */
    coverage: {
      /** The events read, and their first block's time (null: from trading's first block). */
      events: scan && { fromBlock: scan.fromBlock, toBlock: scan.toBlock, fromTime: scan.fromTime },
      /** The latest trades feed: its rows of every kind, and the oldest one's time. */
      feed: feed && { trades: feed.trades.length + feed.rowsSkipped, oldestAt: oldest },
      /** Wallets whose trade history this read left for a later one (the read budget). */
      historiesNotRead: histories.notRead,
    },
    /** The clock the list was read at (unix ms): the periods count back from it. */
    now,
    unavailable: parts.unavailable,
    rowsSkipped: feed?.rowsSkipped ?? 0,
  };
}

/** A USD amount of the feed (a JSON number) as a wad, to the micro-dollar; null if not one. */
function usdToWad(usd: number): bigint | null {
  return Number.isFinite(usd) && usd >= 0 && usd < 1e15 ? parseUnits(usd.toFixed(6), 18) : null;
}

/**
 * The history facts of each liquidation in `wanted` (newest first): those kept from earlier reads,
 * then each wallet's losses, page by page until its liquidations are found, for at most
 * {@link LIQUIDATION_HISTORY}`.wallets` wallets.
 */
async function readHistories(
  papertrade: PapertradeClient,
  wanted: ReadonlyArray<readonly [string, Address]>,
  options: { parts: Parts; signal?: AbortSignal },
): Promise<{ facts: Map<string, HistoryFacts>; notRead: number }> {
  const memory = kept.getOrInsertComputed(papertrade, () => new Map());
  const facts = new Map<string, HistoryFacts>();
  const missing = new Map<Address, Set<string>>();
  for (const [id, wallet] of wanted) {
    const known = memory.get(id);
    if (known) facts.set(id, known);
    else missing.set(wallet, (missing.get(wallet) ?? new Set()).add(id));
  }
  const wallets = [...missing.keys()];
  const read = wallets.slice(0, LIQUIDATION_HISTORY.wallets);
  // A history that cannot be read (the part is named) stops the others: the next view tries again.
  let failed = false;
  await inTurns(read, async (wallet) => {
    const ids = missing.get(wallet)!;
    let cursor: string | undefined;
    for (let page = 0; page < LIQUIDATION_HISTORY.pages && ids.size > 0 && !failed; page++) {
      const answer = await options.parts.read(
        papertrade.read("tradeHistory", { wallet, filter: "losses", cursor }, {
          signal: options.signal,
        }),
      );
      if (!answer) failed = true;
      for (const trade of answer?.trades ?? []) {
        if (!trade.liquidated || !ids.delete(trade.positionId)) continue;
        facts.set(trade.positionId, trade);
        if (memory.size >= LIQUIDATION_HISTORY.kept) memory.delete(memory.keys().next().value!);
        memory.set(trade.positionId, trade);
      }
      if (!answer?.nextCursor) break;
      cursor = answer.nextCursor;
    }
  });
  return { facts, notRead: wallets.length - read.length };
}

/** Runs `work` over `items`, {@link LIQUIDATION_HISTORY}`.parallel` at a time. */
async function inTurns<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(
    Array.from({ length: Math.min(LIQUIDATION_HISTORY.parallel, items.length) }, worker),
  );
}
