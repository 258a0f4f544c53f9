/**
 * Checks a live upstream against our wire schemas: each endpoint once (the first leaderboard
 * page of each window, the first trade-history page of each wallet), every mismatch reported
 * by endpoint and field, and each marked as a modelled or a known shape.
 */
import { numberToHex } from "viem";
import type { z } from "zod";
import { leaderboardParams, tradeHistoryParams } from "../papertrade/client.ts";
import { CHAIN_ID } from "../hyperevm/contracts.ts";
import {
  FILE_ENDPOINTS,
  LEADERBOARD_PATH,
  LEADERBOARD_WINDOWS,
  LIVE_PATH,
  RPC_SCHEMAS,
  TRADES_PAGE_SIZE,
  TRADES_PATH,
  walletFramesSchema,
} from "./endpoints.ts";
import { acceptAnswer, formatMismatch, type Mismatch, type Probe, wrongValue } from "./mismatch.ts";
import {
  type Answer,
  createUpstreamReader,
  type UpstreamReader,
  type UpstreamReaderOptions,
} from "./upstream_reader.ts";
import * as wire from "../papertrade/wire.ts";

/** Options of {@link verifyUpstream}. */
export interface VerifyOptions extends UpstreamReaderOptions {
  /** Wallets whose stream snapshot and first trade-history page are checked. */
  wallets?: readonly string[];
  /** Transactions whose transaction, receipt and block logs are checked. */
  txs?: readonly string[];
}

/** The outcome of a verification. */
export interface VerifyReport {
  /** Requests checked (one per endpoint and parameter set). */
  checked: number;
  mismatches: Mismatch[];
  /** Not mismatches, but worth knowing (e.g. a transaction the chain does not know). */
  notes: string[];
}

/** Read each endpoint once and check every answer. */
export async function verifyUpstream(options: VerifyOptions): Promise<VerifyReport> {
  const session: Session = {
    reader: createUpstreamReader(options),
    report: { checked: 0, mismatches: [], notes: [] },
  };
  await verifyApi(session, options.wallets ?? []);
  await verifyChain(session, options.txs ?? []);
  return session.report;
}

interface Session {
  reader: UpstreamReader;
  report: VerifyReport;
}

function check(session: Session, probe: Probe, answer: Answer, schema: z.ZodType): unknown {
  session.report.checked += 1;
  return acceptAnswer(probe, answer, { schema, sink: session.report.mismatches });
}

async function checkApi(
  session: Session,
  path: string,
  params: ReadonlyArray<readonly [string, string]>,
  schema: z.ZodType,
) {
  const detail = new URLSearchParams(params.map(([k, v]) => [k, v])).toString();
  const probe = detail ? { endpoint: path, detail } : { endpoint: path };
  return check(session, probe, await session.reader.getJson(path, params), schema);
}

/** A checked RPC result: null when the node knows no such item, undefined when it failed. */
async function checkRpc(session: Session, method: string, params: unknown[]) {
  const probe: Probe = typeof params[0] === "string"
    ? { endpoint: method, detail: params[0] }
    : { endpoint: method };
  const answer = await session.reader.rpc(method, params);
  if (answer.ok && answer.body === null && method !== "eth_blockNumber") {
    session.report.checked += 1;
    return null;
  }
  return check(session, probe, answer, RPC_SCHEMAS[method]);
}

async function verifyApi(session: Session, wallets: readonly string[]) {
  for (const endpoint of FILE_ENDPOINTS) {
    await checkApi(session, endpoint.path, endpoint.params, endpoint.schema);
  }
  for (const window of LEADERBOARD_WINDOWS) {
    await checkApi(session, LEADERBOARD_PATH, leaderboardParams({ window }), wire.leaderboardPage);
  }
  for (const wallet of new Set(wallets.map((w) => w.toLowerCase()))) {
    const probe = { endpoint: LIVE_PATH, detail: `wallet=${wallet}` };
    check(session, probe, await session.reader.walletFrames(wallet), walletFramesSchema);
    const params = tradeHistoryParams({ wallet, limit: TRADES_PAGE_SIZE });
    await checkApi(session, TRADES_PATH, params, wire.tradeHistoryPage);
  }
}

async function verifyChain(session: Session, txs: readonly string[]) {
  const { report } = session;
  const chainId = await checkRpc(session, "eth_chainId", []);
  if (typeof chainId === "string" && BigInt(chainId) !== BigInt(CHAIN_ID)) {
    const expected = `expected ${numberToHex(CHAIN_ID)}, got ${chainId}`;
    report.mismatches.push(wrongValue({ endpoint: "eth_chainId" }, "result", expected));
  }
  const head = await checkRpc(session, "eth_blockNumber", []);
  if (typeof head === "string") await checkRpc(session, "eth_getBlockByNumber", [head, false]);
  for (const hash of new Set(txs.map((h) => h.toLowerCase()))) {
    if ((await checkRpc(session, "eth_getTransactionByHash", [hash])) === null) {
      report.notes.push(`transaction ${hash} is unknown to the RPC; its receipt was not checked`);
      continue;
    }
    const receipt = await checkRpc(session, "eth_getTransactionReceipt", [hash]);
    if (receipt === null) report.notes.push(`transaction ${hash} has no receipt yet`);
    if (!receipt) continue;
    const block = (receipt as { blockNumber: string }).blockNumber;
    await checkRpc(session, "eth_getLogs", [{ fromBlock: block, toBlock: block }]);
  }
}

/**
 * The report as text: mismatches in known shapes first (the upstream changed), then in
 * modelled shapes (our guess was wrong, with the reason it is a guess), notes, and the
 * summary line `N endpoints checked, M mismatches`.
 */
export function formatReport(report: VerifyReport): string {
  const known = report.mismatches.filter((m) => !m.modelled);
  const modelled = report.mismatches.filter((m) => m.modelled);
  const lines: string[] = [];
  if (known.length > 0) {
    lines.push("known shape (a documented fact no longer holds):");
    for (const m of known) lines.push(`  ${formatMismatch(m)}`);
  }
  if (modelled.length > 0) {
    lines.push("modelled shape (our guess of an undocumented shape is wrong):");
    for (const m of modelled) lines.push(`  ${formatMismatch(m)}`, `    modelled: ${m.modelled}`);
  }
  for (const note of report.notes) lines.push(`note: ${note}`);
  const n = report.mismatches.length;
  // Always "mismatches", even for one: scripts read this line by its fixed form.
  lines.push(`${report.checked} endpoints checked, ${n} mismatches`);
  return lines.join("\n");
}
