/**
 * Records an upstream into the replay's data format (the files fixtures/_data.ts reads), so
 * `startReplayUpstream({ dataDir })` serves the recorded answers. Every answer is checked
 * against the wire schemas first; one that does not match is reported and left out.
 */
import { leaderboardParams, tradeHistoryParams } from "../papertrade/client.ts";
import {
  FILE_ENDPOINTS,
  fixtureJson,
  LEADERBOARD_PATH,
  LEADERBOARD_WINDOWS,
  LIVE_PATH,
  QUEUE_RANK,
  TRADES_PAGE_SIZE,
  TRADES_PATH,
  walletFramesSchema,
} from "./endpoints.ts";
import { acceptAnswer, type Mismatch, type Probe } from "./mismatch.ts";
import { recordChain } from "./_record_chain.ts";
import { createUpstreamReader, type UpstreamReaderOptions } from "./upstream_reader.ts";
import * as wire from "../papertrade/wire.ts";
import { endpointPath } from "../papertrade/endpoints.ts";
import type { RecordingContext } from "./recording_context.ts";

/** Options of {@link recordUpstream}. */
export interface RecordOptions extends UpstreamReaderOptions {
  /** Wallets whose stream snapshot and full trade history are recorded. */
  wallets?: readonly string[];
  /** Transactions recorded with their receipts, blocks (and the blocks' other transactions). */
  txs?: readonly string[];
  /** Leaderboard page size (default 25, the explorer's). */
  leaderboardPageSize?: number;
}

/** What a recording produced. */
export interface RecordResult {
  /** File name → content, in the fixture format; only files whose answers all matched. */
  files: Record<string, string>;
  /** Answers that failed or did not match, by endpoint and field. */
  problems: Mismatch[];
  /** Things worth knowing that are not errors (unknown transactions, files left out). */
  notes: string[];
  /** HTTP requests sent, retries included. */
  requests: number;
}

/** Every data file the replay reads; a recording that lacks one cannot be served as it is. */
export const RECORDED_FILES: readonly string[] = [
  ...FILE_ENDPOINTS.map((e) => e.file),
  "leaderboard.json",
  "wallets.json",
  "queue-ranks.json",
  "trades.json",
  "chain.json",
];

/** Most pages read from one paged list, so an upstream that never ends paging cannot loop. */
const MAX_PAGES = 10_000;

export type { RecordingContext } from "./recording_context.ts";

/** Record the API (and the RPC, for the chosen transactions) into fixture files. */
export async function recordUpstream(options: RecordOptions): Promise<RecordResult> {
  const ctx: RecordingContext = {
    reader: createUpstreamReader(options),
    problems: [],
    notes: [],
  };
  const data: Record<string, unknown> = {};
  for (const endpoint of FILE_ENDPOINTS) {
    const probe = probeOf(endpoint.path, endpoint.params);
    const body = acceptAnswer(probe, await ctx.reader.getJson(endpoint.path, endpoint.params), {
      schema: endpoint.schema,
      sink: ctx.problems,
    });
    if (body !== undefined) data[endpoint.file] = body;
  }
  const leaderboard = await recordLeaderboard(ctx, options.leaderboardPageSize ?? 25);
  if (leaderboard) data["leaderboard.json"] = leaderboard;
  const wallets: Record<string, unknown> = {};
  const queueRanks: Record<string, unknown> = {};
  const trades: Record<string, unknown[]> = {};
  for (const wallet of [...new Set((options.wallets ?? []).map((w) => w.toLowerCase()))]) {
    const snapshot = await recordSnapshot(ctx, wallet);
    if (snapshot !== undefined) wallets[wallet] = snapshot;
    const ranks = await recordQueueRanks(ctx, wallet);
    // Like the generator, only wallets with queued intents are stored.
    if (ranks && ranks.entries.length > 0) queueRanks[wallet] = ranks;
    const rows = await recordTrades(ctx, wallet);
    // The generator leaves wallets without trades out; the replay answers them with no rows.
    if (rows && rows.length > 0) trades[wallet] = rows;
  }
  data["wallets.json"] = sortedByKey(wallets);
  data["queue-ranks.json"] = sortedByKey(queueRanks);
  data["trades.json"] = sortedByKey(trades);
  const chain = await recordChain(ctx, options.txs ?? []);
  if (chain) data["chain.json"] = chain;

  const files: Record<string, string> = {};
  for (const name of RECORDED_FILES) {
    if (name in data) files[name] = fixtureJson(data[name]);
    else ctx.notes.push(`${name} was not written: an answer it needs failed (see above)`);
  }
  return { files, problems: ctx.problems, notes: ctx.notes, requests: ctx.reader.requests() };
}

/**
 * Write recorded files into `dir` (created if missing); returns the paths written. Files are
 * written into a staging folder beside `dir` first and moved in only when all are written, so
 * a failure leaves `dir` as it was; the staging folder is removed in every case.
 */
export async function writeRecording(
  dir: string,
  files: Readonly<Record<string, string>>,
): Promise<string[]> {
  const target = dir.replace(/\/+$/, "") || "/";
  const parent = target.includes("/") ? target.slice(0, target.lastIndexOf("/")) || "/" : ".";
  await Deno.mkdir(parent, { recursive: true });
  const staging = await Deno.makeTempDir({ dir: parent, prefix: ".record-staging-" });
  try {
    for (const [name, content] of Object.entries(files)) {
      await Deno.writeTextFile(`${staging}/${name}`, content);
    }
    await Deno.mkdir(target, { recursive: true });
    const written: string[] = [];
    for (const name of Object.keys(files)) {
      await Deno.rename(`${staging}/${name}`, `${target}/${name}`);
      written.push(`${target}/${name}`);
    }
    return written;
  } finally {
    await Deno.remove(staging, { recursive: true }).catch(() => {});
  }
}

/** Whether a recording is complete: every answer matched and every file was produced. */
export function isCompleteRecording(result: RecordResult): boolean {
  return result.problems.length === 0 &&
    RECORDED_FILES.every((name) => name in result.files);
}

async function recordQueueRanks(
  ctx: RecordingContext,
  wallet: string,
): Promise<{ entries: unknown[] } | undefined> {
  const probe = { endpoint: QUEUE_RANK.path, detail: wallet };
  const body = acceptAnswer(probe, await ctx.reader.getJson(endpointPath(QUEUE_RANK, wallet)), {
    schema: QUEUE_RANK.schema,
    sink: ctx.problems,
  });
  return body as { entries: unknown[] } | undefined;
}

function probeOf(endpoint: string, params: ReadonlyArray<readonly [string, string]>): Probe {
  const detail = new URLSearchParams(params.map(([k, v]) => [k, v])).toString();
  return detail ? { endpoint, detail } : { endpoint };
}

interface LeaderboardBody {
  summary: unknown;
  accounts: Array<{ address: string; rank?: number } & Record<string, unknown>>;
  pageInfo: { totalPages: number };
}

/**
 * Every page of every window, rows without `rank` (the replay ranks per request). A window
 * with a failed page is not written at all: a partial board would rank wrongly.
 */
async function recordLeaderboard(ctx: RecordingContext, pageSize: number) {
  let summary: unknown;
  const windows: Record<string, unknown[]> = {};
  for (const window of LEADERBOARD_WINDOWS) {
    const rows = new Map<string, Record<string, unknown>>();
    let totalPages = 1;
    for (let page = 0; page < totalPages && page < MAX_PAGES; page++) {
      const params = leaderboardParams({ window, page, pageSize });
      const body = acceptAnswer(
        probeOf(LEADERBOARD_PATH, params),
        await ctx.reader.getJson(LEADERBOARD_PATH, params),
        { schema: wire.leaderboardPage, sink: ctx.problems },
      ) as LeaderboardBody | undefined;
      if (!body) return undefined;
      summary ??= body.summary;
      totalPages = body.pageInfo.totalPages;
      for (const { rank: _rank, ...row } of body.accounts) {
        // A live board can shift between pages; the first sighting of an account wins.
        const key = row.address.toLowerCase();
        if (!rows.has(key)) rows.set(key, row);
      }
    }
    windows[window] = [...rows.values()];
  }
  return { summary, windows };
}

async function recordSnapshot(ctx: RecordingContext, wallet: string): Promise<unknown> {
  const frames = acceptAnswer(
    { endpoint: LIVE_PATH, detail: `wallet=${wallet}` },
    await ctx.reader.walletFrames(wallet),
    { schema: walletFramesSchema, sink: ctx.problems },
  ) as { wallet: unknown } | undefined;
  return frames?.wallet;
}

/** The whole history, newest first, following `nextCursor`; undefined if any page failed. */
async function recordTrades(ctx: RecordingContext, wallet: string) {
  const rows: unknown[] = [];
  const cursors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const params = tradeHistoryParams({ wallet, cursor, limit: TRADES_PAGE_SIZE });
    const body = acceptAnswer(
      probeOf(TRADES_PATH, params),
      await ctx.reader.getJson(TRADES_PATH, params),
      { schema: wire.tradeHistoryPage, sink: ctx.problems },
    ) as { trades: unknown[]; nextCursor: string | null } | undefined;
    if (!body) return undefined;
    rows.push(...body.trades);
    if (body.nextCursor === null) return rows;
    if (cursors.has(body.nextCursor)) {
      ctx.notes.push(`${TRADES_PATH} for ${wallet} repeated a cursor; history cut there`);
      return rows;
    }
    cursors.add(body.nextCursor);
    cursor = body.nextCursor;
  }
  ctx.notes.push(`${TRADES_PATH} for ${wallet} has more than ${MAX_PAGES} pages; history cut`);
  return rows;
}

function sortedByKey<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(
    Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}
