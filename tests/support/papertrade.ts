/**
 * Test helpers: small loopback servers and valid wire bodies (typed by the wire schemas' input
 * types, so a builder that drifts from wire.ts fails `deno check`).
 */
import type * as wire from "../../lib/papertrade/wire.ts";
import type { Wire } from "../../lib/papertrade/wire.ts";

/** A wallet used across the tests (mixed case on purpose: the client lower-cases). */
export const WALLET = "0x44623C92310D1B9B430B3228487A1B88FCC1C517";
/** The same wallet as the domain reports it. */
export const WALLET_LOWER = WALLET.toLowerCase() as `0x${string}`;
/** A second address (session key, other wallets). */
export const OTHER = "0x9587c978341b4de61fa14e4705f65fbaaec72741";
/** A 32-byte hash for intent ids and transactions. */
export function hash(n: number): `0x${string}` {
  return `0x${n.toString(16).padStart(64, "0")}`;
}

/** Serves `handler` on 127.0.0.1, runs `body` with the origin, then shuts the server down. */
export async function withServer(
  handler: (request: Request) => Response | Promise<Response>,
  body: (baseUrl: string) => Promise<void>,
): Promise<void> {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, handler);
  try {
    await body(`http://127.0.0.1:${server.addr.port}`);
  } finally {
    await server.shutdown();
  }
}

/** A JSON response. */
export function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    ...init,
    headers: { "content-type": "application/json", ...init.headers },
  });
}

/** A server that never answers until `release` (call it before the server shuts down). */
export function hangingHandler(): { handler: () => Promise<Response>; release: () => void } {
  const { promise, resolve } = Promise.withResolvers<Response>();
  return { handler: () => promise, release: () => resolve(new Response(null)) };
}

/** The live BTC tuple from upstream-samples/state-trading.json. */
export function wireBtcInstrument(): Wire<typeof wire.instrumentTuple> {
  return [
    0,
    "BTC",
    0,
    "10",
    true,
    false,
    false,
    false,
    false,
    null,
    null,
    null,
    "15000000000000000000000",
    "814598000000000000000",
    1000,
    "10000000000000000000000000",
    "476041580087574",
    "100000000000000000",
    "100000000000000000000000",
    "23590192866625362236353",
    "18109832138345653207981",
    "1207459685939735687074747",
    "1207459685939735687074747",
  ];
}

/** A `/state/trading` body with the BTC instrument and a paused ETH one. */
export function wireTradingState(): Wire<typeof wire.tradingState> {
  const eth = wireBtcInstrument();
  eth[0] = 1;
  eth[1] = "ETH";
  eth[2] = 1;
  eth[3] = "100";
  eth[5] = true;
  eth[9] = "251200";
  eth[10] = "251230";
  eth[11] = 1791662616000;
  return {
    schemaVersion: 1,
    tradingPaused: false,
    indexedThroughBlock: 48399240,
    minimumTradeSizeRaw: "10000000000000000000",
    minimumOpenNotionalRaw: "1000000000000000000000",
    minimumLeverage: 0,
    maximumLeverage: 1000,
    instruments: [wireBtcInstrument(), eth],
    intakeControls: [3, "1000000000000000000", ["PaperDistribute"]],
  };
}

/** Position 53573 from upstream-samples/state-user-live.json, with a chosen id. */
export function wirePosition(id = "53573"): Wire<typeof wire.positionRow> {
  return [id, 1, true, false, "251215", "250000000000000000000", 50, "246309", 1791662616000, null];
}

/** A queued close of position 53573, in the 10-slot row the SDK's tests record. */
export function wireOperation(intent: number): Wire<typeof wire.operationRow> {
  return [
    hash(intent),
    "closePositions",
    null,
    null,
    null,
    null,
    null,
    1791662616500,
    "1791662700",
    ["53573"],
  ];
}

/** A wallet snapshot at revision 10 with one position and one pending close. */
export function wireSnapshot(address = WALLET): Wire<typeof wire.walletSnapshot> {
  return {
    address,
    accountRevision: 10,
    walletRevision: 4,
    queueRevision: 2,
    indexedThroughBlock: 48399240,
    indexedThroughTimestamp: 1791662616,
    sessionKeys: [[OTHER, 1794254616]],
    balance: "1250000000000000000000",
    queued: "0",
    locked: "250000000000000000000",
    funds: {
      reservedBalance: "250000000000000000000",
      reservedQueued: "0",
      availableBalance: "1000000000000000000000",
      availableQueued: "0",
    },
    paper: { balance: "5", staked: "6", pendingBase: "7", rewardDebt: "8" },
    lifetime: {
      depositedRaw: "2000000000000000000000",
      withdrawnRaw: "500000000000000000000",
      realizedPnlRaw: "-250000000000000000000",
      feesPaidRaw: "1000000000000000000",
      tradedNotionalRaw: "12500000000000000000000",
    },
    operations: [wireOperation(1)],
    openPositions: [wirePosition()],
  };
}

/** A wallet patch that changes nothing but what `fields` set (default: this wallet, 10 → 11). */
export function walletPatch(fields: Partial<wire.WalletPatch> = {}): wire.WalletPatch {
  return {
    address: WALLET_LOWER,
    baseAccountRevision: 10,
    accountRevision: 11,
    addedPositions: [],
    removedPositions: [],
    closedPositions: [],
    addedOperations: [],
    removedOperations: [],
    endedIntents: [],
    ...fields,
  };
}

/** One SSE frame, spelled out by hand on purpose: these bytes are the input the parser is tested on. */
export function sseFrame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** Options of {@link sseResponse}. */
export interface SseResponseOptions {
  /** Runs when the client goes away (the body is cancelled). */
  onCancel?: () => void;
  /** Keep writing heartbeats at this period, so a vanished client is noticed. */
  heartbeatEveryMs?: number;
}

/**
 * An SSE response that sends `frames` (in small chunks, so frames straddle reads) and then
 * stays open until the client goes away.
 */
export function sseResponse(frames: string[], options: SseResponseOptions = {}): Response {
  const encoder = new TextEncoder();
  const bytes = encoder.encode(frames.join(""));
  let beat: ReturnType<typeof setInterval> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 37) controller.enqueue(bytes.slice(i, i + 37));
      if (options.heartbeatEveryMs) {
        beat = setInterval(
          () => controller.enqueue(encoder.encode(sseFrame("heartbeat", null))),
          options.heartbeatEveryMs,
        );
      }
    },
    cancel() {
      clearInterval(beat);
      options.onCancel?.();
    },
  });
  return new Response(body, { headers: { "content-type": "text/event-stream" } });
}

/** A `/query/protocol/queue-summary` body: one queued withdrawal of 12 USD by {@link OTHER}. */
export function wireQueueSummary(): Wire<typeof wire.queueSummary> {
  return {
    ok: true,
    source: { block: "5", at: 1 },
    total: "12000000000000000000",
    count: 1,
    largest: { wallet: OTHER, owed: "12000000000000000000" },
    front: null,
  };
}

/** A `/query/protocol/summary` body, in the keys of the recorded answer. */
export function wireProtocolSummary(): Wire<typeof wire.protocolSummary> {
  return {
    ok: true,
    source: { block: "48399239", at: 1791662616000, genesis: 1791100000000 },
    balances: {
      tvl: "14760000000000000000000000",
      margin: "3000000000000000000000000",
      lp: "-4840851050000000000000000",
      reserve: "0",
      queue: "12000000000000000000",
    },
    activity: { volume: "217800000000000000000000000000", open: 812 },
    fees: { pending: "1000000000000000000", lifetime: "900000000000000000000000" },
    paper: {
      supply: "1000",
      staked: "600",
      trackedLp: "4840851050000000000000000",
      accumulator: "10508152974861028961272120",
      tailProgress: "114265779760000000000000000",
      reserve: "0",
      unallocated: "0",
      pendingRewards: "42",
      cliff: "2000000000000000000000000",
      cap: "5000000000000000000000000",
      excess: "0",
      rate: "100000000000000000000",
      decay: "120000000000000000000000000",
    },
  };
}
