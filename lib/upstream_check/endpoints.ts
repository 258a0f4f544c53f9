/**
 * The upstream reads the explorer makes, with the wire schema of each answer and the fixture
 * file it is recorded into (the file names fixtures/_data.ts reads).
 */
import { z } from "zod";
import * as wire from "../papertrade/wire.ts";
import {
  blockNumberSchema,
  blockSchema,
  logsSchema,
  receiptSchema,
  transactionSchema,
} from "../hyperevm/_rpc_schemas.ts";

/** An API read whose whole answer is one fixture file. */
export interface FileEndpoint {
  path: string;
  params: ReadonlyArray<readonly [string, string]>;
  schema: z.ZodType;
  file: string;
}

/**
 * Recent trades are read with `limit=100`, the most the explorer asks for (search and intent
 * lookup), so a recording holds every trade any page may show.
 */
export const FILE_ENDPOINTS: readonly FileEndpoint[] = [
  { path: "/state/trading", params: [], schema: wire.tradingState, file: "state-trading.json" },
  {
    path: "/query/prices/latest",
    params: [],
    schema: wire.latestPrices,
    file: "prices-latest.json",
  },
  {
    path: "/query/protocol/summary",
    params: [],
    schema: wire.protocolSummary,
    file: "protocol-summary.json",
  },
  {
    path: "/query/protocol/market-stats",
    params: [],
    schema: wire.marketStats,
    file: "market-stats.json",
  },
  {
    path: "/query/protocol/queue-summary",
    params: [],
    schema: wire.queueSummary,
    file: "queue-summary.json",
  },
  {
    path: "/query/protocol/trades/recent",
    params: [["limit", "100"]],
    schema: wire.recentTrades,
    file: "trades-recent.json",
  },
  ...(["1m", "1h", "1d"] as const).map((interval) => ({
    path: "/query/protocol/history",
    params: [["interval", interval]] as const,
    schema: wire.protocolHistory,
    file: `history-${interval}.json`,
  })),
  { path: "/relayer/health", params: [], schema: wire.relayerHealth, file: "relayer-health.json" },
];

/** Paths read page by page or per wallet. */
export const LEADERBOARD_PATH = "/state/leaderboard/accounts";
export const TRADES_PATH = "/query/wallet/trades";
export const LIVE_PATH = "/state/user/live";

/** The leaderboard windows, in the order the fixture file lists them. */
export const LEADERBOARD_WINDOWS = wire.leaderboardWindow.options;

/** Trade-history page size: the 75 rows the original explorer pages by. */
export const TRADES_PAGE_SIZE = 75;

/** The wallet stream's first frames, checked together so fields read `wallet.paper.balance`. */
export const walletFramesSchema = z.object({
  liveness: wire.livenessEvent,
  wallet: wire.walletSnapshot,
});

/** `eth_chainId`: a hex quantity (HyperEVM's is 0x3e7 = 999). */
export const chainIdSchema = z.string().regex(/^0x[0-9a-fA-F]+$/, "expected a hex quantity");

/** Schemas of the JSON-RPC answers, by method (null answers are handled by the callers). */
export const RPC_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  eth_chainId: chainIdSchema,
  eth_blockNumber: blockNumberSchema,
  eth_getBlockByNumber: blockSchema,
  eth_getTransactionByHash: transactionSchema,
  eth_getTransactionReceipt: receiptSchema,
  eth_getLogs: logsSchema,
};

/** The schema an API path's answer is checked against (for the modelled-shape table's test). */
export function apiSchemaFor(path: string): z.ZodType | undefined {
  if (path === LEADERBOARD_PATH) return wire.leaderboardPage;
  if (path === TRADES_PATH) return wire.tradeHistoryPage;
  if (path === LIVE_PATH) return walletFramesSchema;
  return FILE_ENDPOINTS.find((e) => e.path === path)?.schema;
}

/** Pretty JSON exactly as the fixture generator writes it: 2-space indent, trailing newline. */
export function fixtureJson(value: unknown): string {
  return JSON.stringify(value, null, 2) + "\n";
}
