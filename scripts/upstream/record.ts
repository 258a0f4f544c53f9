/**
 * `deno task record --wallet 0x… --tx 0x… [--api URL] [--rpc URL] [--out DIR]`: records an
 * upstream into the replay's data files (each row's `fixture`), read through the explorer's own
 * clients (`upstream.ts`) and written as they came, for `startReplayUpstream({ dataDir })`.
 * Writes a new temporary directory unless `--out` names one (`fixtures/data` only when named).
 * All or nothing: if an answer failed or did not match, nothing is written, no folder created.
 * Exit 0 when every file was written, 1 when none was (problems printed), 2 for bad flags.
 */
import { numberToHex } from "viem";
import { LEADERBOARD_WINDOWS, PAPERTRADE_ENDPOINTS as ROWS } from "../../lib/papertrade/mod.ts";
import { CONTRACTS } from "../../lib/hyperevm/mod.ts";
import { CHAIN_FIXTURE } from "../../lib/hyperevm/sources.ts";
import {
  FILE_PROBES,
  type Finding,
  formatFinding,
  openUpstream,
  parseFlags,
  UPSTREAM_FLAGS_USAGE,
  type UpstreamOptions,
} from "./upstream.ts";

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

type Upstream = ReturnType<typeof openUpstream>;
type Json = Record<string, unknown>;

/**
 * Records the API (and the RPC, for the chosen transactions) into fixture files: file name →
 * content, only files whose answers all came back whole; `problems` names what did not.
 */
export async function recordUpstream(options: UpstreamOptions) {
  const up = openUpstream(options);
  const notes: string[] = [];
  const data: Record<string, unknown> = {};
  for (const probe of FILE_PROBES) {
    const answer = await up.api(probe.name, probe.params);
    if (answer) data[probe.file] = answer.raw;
  }
  const leaderboard = await recordLeaderboard(up);
  if (leaderboard) data[ROWS.leaderboard.fixture] = leaderboard;
  const wallets: Json = {}, queueRanks: Json = {}, trades: Json = {};
  for (const wallet of new Set(options.wallets?.map((w) => w.toLowerCase()))) {
    const stream = await up.api("walletStream", { wallet });
    if (stream) wallets[wallet] = (stream.raw as { wallet: unknown }).wallet;
    const ranks = await up.api("queueRank", { wallet });
    // Like the generator, only wallets with queued intents are stored.
    if (ranks?.value.positions.size) queueRanks[wallet] = ranks.raw;
    const rows = await recordTrades(up, wallet, notes);
    // The generator leaves wallets without trades out; the replay answers them with no rows.
    if (rows?.length) trades[wallet] = rows;
  }
  data[ROWS.walletStream.fixture] = sortedByKey(wallets);
  data[ROWS.queueRank.fixture] = sortedByKey(queueRanks);
  data[ROWS.tradeHistory.fixture] = sortedByKey(trades);
  const chain = await recordChain(up, new Set(options.txs?.map((h) => h.toLowerCase())), notes);
  if (chain) data[CHAIN_FIXTURE] = chain;

  const files: Record<string, string> = {};
  for (const name of RECORDED_FILES) {
    // Pretty JSON exactly as the fixture generator writes it: 2-space indent, trailing newline.
    if (name in data) files[name] = JSON.stringify(data[name], null, 2) + "\n";
    else notes.push(`${name} was not written: an answer it needs failed (see above)`);
  }
  return { files, problems: up.findings as Finding[], notes, requests: up.requests() };
}

/**
 * Writes recorded files into `dir` (created if missing) through a staging folder beside it,
 * moved in only once all are written, so a failure leaves `dir` as it was; the paths written.
 */
export async function writeRecording(dir: string, files: Readonly<Record<string, string>>) {
  const target = dir.replace(/\/+$/, "") || "/";
  const parent = target.includes("/") ? target.slice(0, target.lastIndexOf("/")) || "/" : ".";
  await Deno.mkdir(parent, { recursive: true });
  const staging = await Deno.makeTempDir({ dir: parent, prefix: ".record-staging-" });
  try {
    for (const [name, content] of Object.entries(files)) {
      await Deno.writeTextFile(`${staging}/${name}`, content);
    }
    await Deno.mkdir(target, { recursive: true });
    for (const name of Object.keys(files)) {
      await Deno.rename(`${staging}/${name}`, `${target}/${name}`);
    }
    return Object.keys(files).map((name) => `${target}/${name}`);
  } finally {
    await Deno.remove(staging, { recursive: true }).catch(() => {});
  }
}

/**
 * Every page of every window, rows without `rank` (the replay ranks per request). A failed page
 * fails the whole board: a partial board would rank wrongly.
 */
async function recordLeaderboard(up: Upstream) {
  let summary: unknown;
  const windows: Record<string, unknown[]> = {};
  for (const window of LEADERBOARD_WINDOWS) {
    const rows = new Map<string, Json>();
    for (let page = 0, pages = 1; page < pages && page < MAX_PAGES; page++) {
      const answer = await up.api("leaderboard", { window, page, pageSize: 25 });
      if (!answer) return undefined;
      const body = answer.raw as { summary: unknown; accounts: Json[] };
      summary ??= body.summary;
      pages = answer.value.totalPages;
      for (const { rank: _rank, ...row } of body.accounts) {
        // A live board can shift between pages; the first sighting of an account wins.
        const address = (row.address as string).toLowerCase();
        if (!rows.has(address)) rows.set(address, row);
      }
    }
    windows[window] = [...rows.values()];
  }
  return { summary, windows };
}

/** The whole history, newest first, following `nextCursor`; undefined if any page failed. */
async function recordTrades(up: Upstream, wallet: string, notes: string[]) {
  const rows: unknown[] = [];
  const cursors = new Set<string>();
  const path = ROWS.tradeHistory.path;
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await up.api("tradeHistory", { wallet, cursor });
    if (!answer) return undefined;
    rows.push(...(answer.raw as { trades: unknown[] }).trades);
    const next = answer.value.nextCursor;
    if (next === null) return rows;
    if (cursors.has(next)) {
      notes.push(`${path} for ${wallet} repeated a cursor; history cut there`);
      return rows;
    }
    cursors.add(next);
    cursor = next;
  }
  notes.push(`${path} for ${wallet} has more than ${MAX_PAGES} pages; history cut`);
  return rows;
}

type Mined = Json & { blockNumber: string; transactionIndex: string };
type Log = Json & { address: string; logIndex: string };

/**
 * The chain file: each transaction with its receipt and block, and the block's other
 * transactions (the replay serves a block's full list from it). The replay answers eth_getLogs
 * from the receipts, so the log query over each block must find exactly the receipts' logs.
 */
async function recordChain(up: Upstream, txs: ReadonlySet<string>, notes: string[]) {
  const chainId = await up.chain("eth_chainId", "", async ({ rpc }) => {
    const [id] = await rpc([{ method: "eth_chainId", params: [] }]);
    return Number(BigInt(id as string));
  });
  const head = await up.chain("eth_blockNumber", "", ({ chain }) => chain.blockNumber());
  if (!chainId || !head) return undefined;
  const contracts = new Set<string>(Object.values(CONTRACTS));
  const blocks = new Map<bigint, Json>();
  const transactions = new Map<string, Mined>();
  const receipts = new Map<string, Mined & { logs: Log[] }>();
  const blockLogs = new Map<bigint, Log[] | undefined>();
  const queue = [...txs] as `0x${string}`[];
  for (const hash of queue) {
    const tx = await up.chain("eth_getTransactionByHash", hash, (c) => c.chain.transaction(hash));
    if (tx?.value === null) {
      notes.push(`transaction ${hash} is unknown (or not yet mined): skipped`);
    }
    if (!tx?.value) continue;
    const receipt = await up.chain("eth_getTransactionReceipt", hash, (c) => c.chain.receipt(hash));
    if (receipt?.value === null) notes.push(`transaction ${hash} has no receipt yet: skipped`);
    if (!receipt?.value) continue;
    transactions.set(hash, tx.raw as Mined);
    receipts.set(hash, receipt.raw as Mined & { logs: Log[] });
    const number = receipt.value.blockNumber;
    if (blockLogs.has(number)) continue;
    const at = numberToHex(number);
    const block = await up.chain("eth_getBlockByNumber", at, (c) => c.chain.block(number));
    const logs = await up.chain(
      "eth_getLogs",
      at,
      ({ chain }) =>
        chain.logs({
          address: [...contracts] as `0x${string}`[],
          fromBlock: number,
          toBlock: number,
        }),
    );
    blockLogs.set(number, logs?.raw as Log[] | undefined);
    if (!block?.value) continue;
    blocks.set(number, block.raw as Json);
    for (const other of block.value.transactions.map((h) => h.toLowerCase() as `0x${string}`)) {
      if (!queue.includes(other)) queue.push(other);
    }
  }
  for (const [number, block] of blocks) {
    const hashes = block.transactions as string[];
    if (!hashes.every((hash) => receipts.has(hash.toLowerCase()))) {
      notes.push(`block ${number} was left out: not all of its transactions were recorded`);
      blocks.delete(number);
      continue;
    }
    const served = blockLogs.get(number);
    const fromReceipts = hashes.flatMap((hash) => receipts.get(hash.toLowerCase())!.logs)
      .filter((log) => contracts.has(log.address.toLowerCase()))
      .sort((a, b) => Number(BigInt(a.logIndex) - BigInt(b.logIndex)));
    if (served === undefined || JSON.stringify(fromReceipts) === JSON.stringify(served)) continue;
    up.findings.push({
      endpoint: "eth_getLogs",
      label: `eth_getLogs(${numberToHex(number)})`,
      message: `answered ${served.length} logs that differ from the ${fromReceipts.length} in ` +
        "the block's receipts (the fixture format keeps logs only in receipts)",
    });
  }
  const kept = (r: Mined) => blocks.has(BigInt(r.blockNumber));
  const byPosition = (a: Mined, b: Mined) =>
    Number(BigInt(a.blockNumber) - BigInt(b.blockNumber)) ||
    Number(BigInt(a.transactionIndex) - BigInt(b.transactionIndex));
  return {
    chainId: chainId.value,
    headBlock: Number(head.value),
    blocks: [...blocks.keys()].sort((a, b) => Number(a - b)).map((n) => blocks.get(n)),
    transactions: [...transactions.values()].filter(kept).sort(byPosition),
    receipts: [...receipts.values()].filter(kept).sort(byPosition),
  };
}

function sortedByKey(record: Json): Json {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1)));
}

const USAGE = `usage: deno task record [--api URL] [--rpc URL] [--wallet ADDRESS]... [--tx HASH]...
                        [--out DIR]
${UPSTREAM_FLAGS_USAGE}
  --wallet  record this wallet's stream snapshot and full trade history (repeatable)
  --tx      record this transaction, its receipt and its block (repeatable)
  --out     directory to write (default: a new temporary directory)`;

if (import.meta.main) {
  const flags = parseFlags(Deno.args, { usage: USAGE, usageExit: 2, out: true });
  if (typeof flags === "number") Deno.exit(flags);
  console.log(`recording ${flags.apiUrl} and ${flags.rpcUrl}`);
  if (flags.wallets.length === 0) console.log("no --wallet given: wallets.json will be empty");
  const result = await recordUpstream({ ...flags, log: (line) => console.log(`  ${line}`) });
  for (const problem of result.problems) console.log(formatFinding(problem));
  for (const note of result.notes) console.log(`note: ${note}`);
  const count = `of ${RECORDED_FILES.length} files`;
  // Complete: every answer came back whole and every file was produced.
  if (result.problems.length > 0 || RECORDED_FILES.some((name) => !(name in result.files))) {
    console.log(
      `nothing written: ${result.problems.length} problems, ` +
        `${Object.keys(result.files).length} ${count} complete, ${result.requests} requests`,
    );
    Deno.exit(1);
  }
  const out = flags.out ?? await Deno.makeTempDir({ prefix: "papertrade-record-" });
  const written = await writeRecording(out, result.files);
  console.log(`${written.length} ${count} written to ${out}, ${result.requests} requests`);
}
