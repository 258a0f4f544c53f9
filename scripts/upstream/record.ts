/**
 * `deno task record`: records an upstream into the replay's data files (each row's `fixture`;
 * `fixtures/_data.ts` reads them), so `startReplayUpstream({ dataDir })` serves the recorded
 * answers. Every answer is checked against its row's schema first; one that does not match is
 * reported and left out.
 *
 *   deno task record --wallet 0x… --tx 0x… [--api URL] [--rpc URL] [--out DIR]
 *
 * Writes into a new temporary directory unless `--out` names one; `fixtures/data` is only ever
 * overwritten when given as `--out` explicitly. A recording is all or nothing: when an answer
 * failed or did not match, nothing is written and no folder is created. Exit code 0 when every
 * file was written, 1 when nothing was (see the problems printed), 2 for bad flags.
 */
import { numberToHex } from "viem";
import { LEADERBOARD_WINDOWS, PAPERTRADE_ENDPOINTS as ROWS } from "../../lib/papertrade/mod.ts";
import { CHAIN_FIXTURE, type RpcMethodName } from "../../lib/hyperevm/sources.ts";
import {
  acceptProbe,
  acceptRpc,
  FILE_PROBES,
  formatMismatch,
  type Mismatch,
  wrongValue,
} from "./check.ts";
import { parseScriptArgs, UPSTREAM_FLAGS_USAGE } from "./args.ts";
import { createUpstreamReader, type UpstreamReader, type UpstreamReaderOptions } from "./reader.ts";

interface RecordOptions extends UpstreamReaderOptions {
  /** Wallets whose stream snapshot and full trade history are recorded. */
  wallets?: readonly string[];
  /** Transactions recorded with their receipts, blocks (and the blocks' other transactions). */
  txs?: readonly string[];
  /** Leaderboard page size (default 25, the explorer's). */
  leaderboardPageSize?: number;
}

/** What a recording produced. */
interface RecordResult {
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
  ...FILE_PROBES.map((probe) => probe.file),
  ROWS.leaderboard.fixture,
  ROWS.walletStream.fixture,
  ROWS.queueRank.fixture,
  ROWS.tradeHistory.fixture,
  CHAIN_FIXTURE,
];

/** Most pages read from one paged list, so an upstream that never ends paging cannot loop. */
const MAX_PAGES = 10_000;

interface Recording {
  reader: UpstreamReader;
  /** The problems found so far. */
  sink: Mismatch[];
  notes: string[];
}

/** Records the API (and the RPC, for the chosen transactions) into fixture files. */
export async function recordUpstream(options: RecordOptions): Promise<RecordResult> {
  const ctx: Recording = { reader: createUpstreamReader(options), sink: [], notes: [] };
  const data: Record<string, unknown> = {};
  for (const probe of FILE_PROBES) {
    const body = await acceptProbe(ctx, probe);
    if (body !== undefined) data[probe.file] = body;
  }
  const leaderboard = await recordLeaderboard(ctx, options.leaderboardPageSize ?? 25);
  if (leaderboard) data[ROWS.leaderboard.fixture] = leaderboard;
  const wallets: Record<string, unknown> = {};
  const queueRanks: Record<string, unknown> = {};
  const trades: Record<string, unknown[]> = {};
  for (const wallet of new Set((options.wallets ?? []).map((w) => w.toLowerCase()))) {
    const frames = await acceptProbe(ctx, { name: "walletStream", params: { wallet } }) as
      | { wallet: unknown }
      | undefined;
    if (frames) wallets[wallet] = frames.wallet;
    const ranks = await acceptProbe(ctx, { name: "queueRank", params: { wallet } }) as
      | { entries: unknown[] }
      | undefined;
    // Like the generator, only wallets with queued intents are stored.
    if (ranks && ranks.entries.length > 0) queueRanks[wallet] = ranks;
    const rows = await recordTrades(ctx, wallet);
    // The generator leaves wallets without trades out; the replay answers them with no rows.
    if (rows && rows.length > 0) trades[wallet] = rows;
  }
  data[ROWS.walletStream.fixture] = sortedByKey(wallets);
  data[ROWS.queueRank.fixture] = sortedByKey(queueRanks);
  data[ROWS.tradeHistory.fixture] = sortedByKey(trades);
  const chain = await recordChain(ctx, options.txs ?? []);
  if (chain) data[CHAIN_FIXTURE] = chain;

  const files: Record<string, string> = {};
  for (const name of RECORDED_FILES) {
    // Pretty JSON exactly as the fixture generator writes it: 2-space indent, trailing newline.
    if (name in data) files[name] = JSON.stringify(data[name], null, 2) + "\n";
    else ctx.notes.push(`${name} was not written: an answer it needs failed (see above)`);
  }
  return { files, problems: ctx.sink, notes: ctx.notes, requests: ctx.reader.requests() };
}

/**
 * Writes recorded files into `dir` (created if missing); returns the paths written. Files are
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

interface LeaderboardBody {
  summary: unknown;
  accounts: Array<{ address: string; rank?: number } & Record<string, unknown>>;
  pageInfo: { totalPages: number };
}

/**
 * Every page of every window, rows without `rank` (the replay ranks per request). A window
 * with a failed page is not written at all: a partial board would rank wrongly.
 */
async function recordLeaderboard(ctx: Recording, pageSize: number) {
  let summary: unknown;
  const windows: Record<string, unknown[]> = {};
  for (const window of LEADERBOARD_WINDOWS) {
    const rows = new Map<string, Record<string, unknown>>();
    let totalPages = 1;
    for (let page = 0; page < totalPages && page < MAX_PAGES; page++) {
      const params = { window, page, pageSize };
      const body = await acceptProbe(ctx, { name: "leaderboard", params });
      if (!body) return undefined;
      const { accounts, pageInfo } = body as LeaderboardBody;
      summary ??= (body as LeaderboardBody).summary;
      totalPages = pageInfo.totalPages;
      for (const { rank: _rank, ...row } of accounts) {
        // A live board can shift between pages; the first sighting of an account wins.
        if (!rows.has(row.address.toLowerCase())) rows.set(row.address.toLowerCase(), row);
      }
    }
    windows[window] = [...rows.values()];
  }
  return { summary, windows };
}

/** The whole history, newest first, following `nextCursor`; undefined if any page failed. */
async function recordTrades(ctx: Recording, wallet: string) {
  const rows: unknown[] = [];
  const cursors = new Set<string>();
  const path = ROWS.tradeHistory.path;
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const body = await acceptProbe(ctx, { name: "tradeHistory", params: { wallet, cursor } }) as
      | { trades: unknown[]; nextCursor: string | null }
      | undefined;
    if (!body) return undefined;
    rows.push(...body.trades);
    if (body.nextCursor === null) return rows;
    if (cursors.has(body.nextCursor)) {
      ctx.notes.push(`${path} for ${wallet} repeated a cursor; history cut there`);
      return rows;
    }
    cursors.add(body.nextCursor);
    cursor = body.nextCursor;
  }
  ctx.notes.push(`${path} for ${wallet} has more than ${MAX_PAGES} pages; history cut`);
  return rows;
}

type Json = Record<string, unknown>;
type RpcBlock = Json & { number: string; transactions: string[] };
type RpcMined = Json & { blockNumber: string; transactionIndex: string };
type RpcReceipt = RpcMined & { logs: Array<Json & { logIndex: string }> };

/**
 * The chain file (chainId, headBlock, blocks, transactions, receipts): each transaction with its
 * receipt and its block, and the block's other transactions too, because the replay serves a
 * block's full transaction list from the same file. Logs are not stored apart: the replay
 * answers eth_getLogs from the receipts, so the block's eth_getLogs answer is compared with them.
 */
async function recordChain(ctx: Recording, txs: readonly string[]) {
  const call = (method: RpcMethodName, params: unknown[]) => acceptRpc(ctx, method, params);
  const chainId = await call("eth_chainId", []);
  const head = await call("eth_blockNumber", []);
  if (typeof chainId !== "string" || typeof head !== "string") return undefined;
  const blocks = new Map<number, RpcBlock>();
  const transactions = new Map<string, RpcMined>();
  const receipts = new Map<string, RpcReceipt>();
  const blockLogs = new Map<number, unknown>();
  const queue = [...new Set(txs.map((h) => h.toLowerCase()))];
  for (let i = 0; i < queue.length; i++) {
    const hash = queue[i];
    const tx = await call("eth_getTransactionByHash", [hash]) as RpcMined | null | undefined;
    if (tx === null) ctx.notes.push(`transaction ${hash} is unknown (or not yet mined): skipped`);
    if (!tx) continue;
    const receipt = await call("eth_getTransactionReceipt", [hash]) as RpcReceipt | null;
    if (receipt === null) ctx.notes.push(`transaction ${hash} has no receipt yet: skipped`);
    if (!receipt) continue;
    transactions.set(hash, tx);
    receipts.set(hash, receipt);
    const number = Number(BigInt(receipt.blockNumber));
    if (blocks.has(number) || blockLogs.has(number)) continue;
    const at = numberToHex(number);
    const block = await call("eth_getBlockByNumber", [at, false]) as RpcBlock | null | undefined;
    blockLogs.set(number, await call("eth_getLogs", [{ fromBlock: at, toBlock: at }]));
    if (!block) continue;
    blocks.set(number, block);
    for (const other of block.transactions.map((h) => h.toLowerCase())) {
      if (!queue.includes(other)) queue.push(other);
    }
  }
  for (const [number, block] of blocks) {
    if (!block.transactions.every((h) => receipts.has(h.toLowerCase()))) {
      ctx.notes.push(`block ${number} was left out: not all of its transactions were recorded`);
      blocks.delete(number);
      continue;
    }
    // eth_getLogs over the block must equal its receipts' logs, or the recording would lie.
    const served = blockLogs.get(number) as unknown[] | undefined;
    const fromReceipts = block.transactions
      .flatMap((h) => receipts.get(h.toLowerCase())!.logs)
      .sort((a, b) => Number(BigInt(a.logIndex) - BigInt(b.logIndex)));
    if (served === undefined || JSON.stringify(fromReceipts) === JSON.stringify(served)) continue;
    ctx.sink.push(wrongValue(
      { endpoint: "eth_getLogs", detail: numberToHex(number) },
      "result",
      `${served.length} logs that differ from the ${fromReceipts.length} in ` +
        "the block's receipts (the fixture format keeps logs only in receipts)",
    ));
  }
  const kept = (r: RpcMined) => blocks.has(Number(BigInt(r.blockNumber)));
  const byPosition = (a: RpcMined, b: RpcMined) =>
    Number(BigInt(a.blockNumber) - BigInt(b.blockNumber)) ||
    Number(BigInt(a.transactionIndex) - BigInt(b.transactionIndex));
  return {
    chainId: Number(BigInt(chainId)),
    headBlock: Number(BigInt(head)),
    blocks: [...blocks.values()].sort((a, b) => Number(BigInt(a.number) - BigInt(b.number))),
    transactions: [...transactions.values()].filter(kept).sort(byPosition),
    receipts: [...receipts.values()].filter(kept).sort(byPosition),
  };
}

function sortedByKey<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(
    Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}

const USAGE = `usage: deno task record [--api URL] [--rpc URL] [--wallet ADDRESS]... [--tx HASH]...
                        [--out DIR]
${UPSTREAM_FLAGS_USAGE}
  --wallet  record this wallet's stream snapshot and full trade history (repeatable)
  --tx      record this transaction, its receipt and its block (repeatable)
  --out     directory to write (default: a new temporary directory)`;

/** Runs the recorder with command-line arguments; returns the exit code. */
async function main(args: readonly string[]): Promise<number> {
  const parsed = parseScriptArgs(args, { usage: USAGE, usageExit: 2, allowOut: true });
  if (typeof parsed === "number") return parsed;
  console.log(`recording ${parsed.apiUrl} and ${parsed.rpcUrl}`);
  if (parsed.wallets.length === 0) console.log("no --wallet given: wallets.json will be empty");
  const result = await recordUpstream({
    apiUrl: parsed.apiUrl,
    rpcUrl: parsed.rpcUrl,
    wallets: parsed.wallets,
    txs: parsed.txs,
    log: (line) => console.log(`  ${line}`),
  });
  for (const problem of result.problems) console.log(formatMismatch(problem));
  for (const note of result.notes) console.log(`note: ${note}`);
  const files = `of ${RECORDED_FILES.length} files`;
  // Complete: every answer matched and every file was produced.
  if (result.problems.length > 0 || RECORDED_FILES.some((name) => !(name in result.files))) {
    console.log(
      `nothing written: ${result.problems.length} problems, ` +
        `${Object.keys(result.files).length} ${files} complete, ${result.requests} requests`,
    );
    return 1;
  }
  const out = parsed.out ?? await Deno.makeTempDir({ prefix: "papertrade-record-" });
  const written = await writeRecording(out, result.files);
  console.log(`${written.length} ${files} written to ${out}, ${result.requests} requests`);
  return 0;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
