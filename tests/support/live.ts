/**
 * Test support for the live modules: real domain values read once from the replay upstream,
 * a scripted Papertrade client and quote source whose wallet streams and prices a test
 * controls, and sample live wallets for the islands. Public (not `_testing.ts`) because the live routes' tests in `routes/` use it too.
 */
import { catalog, startReplayUpstream } from "../../fixtures/mod.ts";
import {
  createPapertradeClient,
  type PapertradeClient,
  type ProtocolSummary,
  type TradingState,
  type WalletAccount,
  type WalletStreamEvent,
} from "../../lib/papertrade/mod.ts";
import { createLiveQuotes, type MarketSources, type Quote } from "../../lib/marks.ts";
import type { Timers } from "../../lib/timers.ts";
import { createHyperEvmClient } from "../../lib/hyperevm/client.ts";
import type { LiveWallet } from "../../lib/wallet/mod.ts";

/**
 * Domain values of the fixtures: the trading state, live quotes, the whale's account, the
 * protocol summary (its staking accumulator) and the Exchange's win fee.
 */
export interface ReplayMaterial {
  trading: TradingState;
  prices: Quote[];
  whale: WalletAccount;
  summary: ProtocolSummary;
  winFeeRate: bigint;
}

/** Reads {@link ReplayMaterial} from a replay upstream pinned at the catalog's time. */
export async function replayMaterial(): Promise<ReplayMaterial> {
  const now = () => catalog.baseTimeMs;
  const upstream = await startReplayUpstream({ port: 0, now });
  try {
    const client = createPapertradeClient({ baseUrl: upstream.apiUrl });
    const quotes = createLiveQuotes({ ...upstream, now });
    const chain = createHyperEvmClient({ rpcUrl: upstream.rpcUrl, now });
    const [trading, whale, summary, winFeeRate] = await Promise.all([
      client.read("tradingState"),
      client.read("walletStream", { wallet: catalog.wallets.whale.address }),
      client.read("protocolSummary"),
      chain.winFeeRate(),
    ]);
    return {
      trading,
      prices: await quotes.fetchQuotes(trading.instruments),
      whale,
      summary,
      winFeeRate,
    };
  } finally {
    await upstream.close();
  }
}

/** One scripted opening of the wallet stream: its events, then it ends (or throws). */
export type ScriptedStream = (signal: AbortSignal) => AsyncIterable<WalletStreamEvent>;

/** A scripted client, a scripted quote source over it, and what was asked of them. */
export interface ScriptedClient {
  client: PapertradeClient;
  sources: MarketSources;
  calls: { streams: number; prices: number; trading: number; openStreams: number };
  /** Replaces the live quotes (e.g. to move a mark). */
  setPrices(points: Quote[]): void;
  /** Makes the next price reads fail with this error (null: succeed again). */
  failPrices(error: Error | null): void;
  /** Ends every wallet stream open now, as an upstream restart would. */
  dropStreams(): void;
}

/**
 * A client over fixed data: `streams[i]` plays the i-th opening of the wallet stream (the last
 * one repeats). Only the calls the live modules make are implemented.
 */
export function scriptedClient(
  material: ReplayMaterial,
  streams: ScriptedStream[],
): ScriptedClient {
  let prices = material.prices;
  let priceError: Error | null = null;
  const calls = { streams: 0, prices: 0, trading: 0, openStreams: 0 };
  const open = new Set<AbortController>();
  const client = {
    read(name: string) {
      if (name === "protocolSummary") return Promise.resolve(material.summary);
      if (name !== "tradingState") throw new Error(`the scripted client does not read ${name}`);
      calls.trading++;
      return Promise.resolve(material.trading);
    },
    reconcile: (account: WalletAccount) => account,
    openWalletStream(_address: string, options: { signal?: AbortSignal }) {
      const script = streams[Math.min(calls.streams, streams.length - 1)];
      calls.streams++;
      return (async function* () {
        const drop = new AbortController();
        const signal = options.signal
          ? AbortSignal.any([options.signal, drop.signal])
          : drop.signal;
        open.add(drop);
        calls.openStreams++;
        try {
          yield* script(signal);
        } finally {
          calls.openStreams--;
          open.delete(drop);
        }
      })();
    },
  } as unknown as PapertradeClient;
  const quotes = {
    fetchQuotes() {
      calls.prices++;
      return priceError ? Promise.reject(priceError) : Promise.resolve(prices);
    },
  };
  return {
    client,
    sources: {
      papertrade: client,
      quotes,
      hyperevm: { winFeeRate: () => Promise.resolve(material.winFeeRate) },
    },
    calls,
    setPrices: (points) => prices = points,
    failPrices: (error) => priceError = error,
    dropStreams: () => open.forEach((drop) => drop.abort()),
  };
}

/** Resolves when `signal` aborts. */
export function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    signal.addEventListener("abort", () => resolve(), { once: true });
  });
}

/** A stream that sends the snapshot and then stays open until aborted. */
export function snapshotThenWait(account: WalletAccount): ScriptedStream {
  return async function* (signal) {
    yield { type: "liveness", heartbeatIntervalMs: 10_000 };
    yield { type: "snapshot", account };
    await aborted(signal);
  };
}

/** Shifts every quote by `delta` raw units. */
export function shiftPrices(points: Quote[], delta: bigint, at: number): Quote[] {
  return points.map((point) => ({
    ...point,
    at,
    bid: point.bid + delta,
    ask: point.ask + delta,
  }));
}

/** Timers on a clock the test moves: nothing fires until `advance` passes its time. */
export interface ManualTimers extends Timers {
  /** Moves the clock by `ms`, running every timer that falls due, in order. */
  advance(ms: number): Promise<void>;
  /** Timers still pending. */
  pending(): number;
  now(): number;
}

/** A {@link ManualTimers} starting at 0. */
export function manualTimers(): ManualTimers {
  let now = 0;
  let nextId = 1;
  const due = new Map<number, { at: number; run: () => void }>();
  return {
    setTimeout(run, ms) {
      const id = nextId++;
      due.set(id, { at: now + Math.max(0, ms), run });
      return id;
    },
    clearTimeout(id) {
      due.delete(id as number);
    },
    async advance(ms) {
      const until = now + ms;
      while (true) {
        const [id, next] = [...due.entries()].sort(([, a], [, b]) => a.at - b.at)[0] ?? [];
        if (id === undefined || next!.at > until) break;
        due.delete(id);
        now = next!.at;
        next!.run();
        await settle();
      }
      now = until;
      await settle();
    },
    pending: () => due.size,
    now: () => now,
  };
}

/** Lets every promise continuation that is ready run (a few macrotask-free turns). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

/**
 * A wallet stream the test drives: each opening is recorded; the test pushes events, drops or
 * fails it. A pending read settles when the stream's signal aborts, as the real client's does.
 */
export interface ControlledStreams {
  client: PapertradeClient;
  /** Openings so far, newest last. */
  openings: ControlledOpening[];
  /** Streams open right now (counted until the generator finishes). */
  open(): number;
}

/** One opening of a {@link ControlledStreams} stream. */
export interface ControlledOpening {
  signal: AbortSignal;
  push(event: WalletStreamEvent): void;
  /** Ends the stream as an upstream close would. */
  end(): void;
  fail(error: unknown): void;
  /** True while the consumer waits for the next event (a pending read). */
  reading(): boolean;
}

/** Builds a {@link ControlledStreams}. */
export function controlledStreams(): ControlledStreams {
  const openings: ControlledOpening[] = [];
  let open = 0;
  const client = {
    reconcile: (account: WalletAccount) => account,
    openWalletStream(_address: string, options: { signal?: AbortSignal }) {
      const signal = options.signal ?? new AbortController().signal;
      const queue: Array<{ event?: WalletStreamEvent; end?: true; error?: unknown }> = [];
      let wake: (() => void) | null = null;
      const poke = () => {
        wake?.();
        wake = null;
      };
      signal.addEventListener("abort", poke, { once: true });
      const opening: ControlledOpening = {
        signal,
        push: (event) => (queue.push({ event }), poke()),
        end: () => (queue.push({ end: true }), poke()),
        fail: (error) => (queue.push({ error }), poke()),
        reading: () => wake !== null,
      };
      openings.push(opening);
      return (async function* () {
        open++;
        try {
          while (!signal.aborted) {
            if (queue.length === 0) await new Promise<void>((resolve) => wake = resolve);
            const next = queue.shift();
            if (!next) continue;
            if (next.end) return;
            if (next.error !== undefined) throw next.error;
            yield next.event!;
          }
        } finally {
          open--;
        }
      })();
    },
  } as unknown as PapertradeClient;
  return { client, openings, open: () => open };
}

/** One open position of a sample live wallet (the position model's JSON). */
export function samplePosition(
  parts: Partial<LiveWallet["positions"][number]> = {},
): LiveWallet["positions"][number] {
  return {
    position_id: "7",
    market: "BTC",
    instrument_id: 0,
    side: "long",
    leverage: 1000,
    margin_usd: 10,
    notional_usd: 10_000,
    entry_price: 83_000,
    mark_price: 82_980,
    bust_price: 82_975,
    price_decimals: 1,
    distance_to_bust_percent: 0.006025548324,
    move_to_bust_usd: 5,
    risk: "near_bust",
    unrealized_pnl_usd: -2.41,
    estimated_close_pnl_usd: -2.6,
    estimated_payout_usd: 7.4,
    use_debt: false,
    opened_at: new Date(catalog.baseTimeMs - 60_000).toISOString(),
    intent_id: null,
    ...parts,
  };
}

/**
 * A live wallet that shows every optional part of the islands (a near-bust position, a pending
 * intent with its queue place, ended intents, a liquidation), with `parts` over it.
 */
export function sampleLiveWallet(parts: Partial<LiveWallet> = {}): LiveWallet {
  const hex = (digit: string) => `0x${digit.repeat(64)}`;
  const at = catalog.baseTimeMs;
  return {
    address: catalog.wallets.whale.address,
    positions: [samplePosition()],
    totals: {
      count: 1,
      margin_usd: 10,
      notional_usd: 10_000,
      unrealized_pnl_usd: -2.41,
      estimated_close_pnl_usd: -2.6,
      estimated_payout_usd: 7.4,
      unvalued: 0,
    },
    positions_not_listed: null,
    summary: {
      equity_usd: 1_000,
      unrealized_pnl_usd: -2.41,
      nearest: { position_id: "7", distance_to_bust_percent: 0.006025548324, risk: "near_bust" },
      close_count: 0,
      near_bust_count: 1,
      open_positions: 1,
    },
    lifetime_realized_pnl_usd: -120.5,
    total_pnl_usd: -122.91,
    return_on_deposits_percent: -12.291,
    balance_usd: 990,
    queued_usd: 0,
    locked_usd: 10,
    available_usd: 990,
    paper: { held: 1, staked: 0, pending_rewards_usd: null },
    pending: [{ intent_id: hex("a"), action: "closePositions", deadline_at_ms: at + 60_000 }],
    queue_places: { [hex("a")]: 1 },
    queue_at_ms: at - 2_000,
    outcomes: [
      { intent_id: hex("c"), outcome: "failed", reported_at_ms: at - 5_000 },
      { intent_id: hex("e"), outcome: "expired", reported_at_ms: at - 9_000 },
    ],
    closed_positions: [
      { position_id: "5", market: "ETH", net_pnl_usd: -10, liquidated: true },
      { position_id: "6", market: "BTC", net_pnl_usd: 1, liquidated: false },
    ],
    marks_at_ms: at,
    account_block: 1,
    account_at_ms: at,
    generated_at_ms: at,
    ...parts,
  };
}
