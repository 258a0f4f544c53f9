/**
 * Checks a live upstream against our wire schemas: each endpoint of the endpoint tables once
 * (the first leaderboard page of each window; per wallet its stream snapshot, queue ranks and
 * first trade-history page). Three findings are kept apart: endpoints that did not answer at
 * all (unreachable), answers whose known shape no longer holds (mismatch, by endpoint and
 * field), and modelled items the answers confirm or contradict.
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
  QUERY_HEALTH,
  QUEUE_RANK,
  RPC_SCHEMAS,
  TRADES_PAGE_SIZE,
  TRADES_PATH,
  walletFramesSchema,
} from "./endpoints.ts";
import {
  acceptAnswer,
  formatMismatch,
  type Mismatch,
  type Probe,
  probeLabel,
  wrongValue,
} from "./mismatch.ts";
import {
  type Answer,
  createUpstreamReader,
  type UpstreamReader,
  type UpstreamReaderOptions,
} from "./upstream_reader.ts";
import * as wire from "../papertrade/wire.ts";
import { endpointPath } from "../papertrade/endpoints.ts";
import { MODELLED_SHAPES } from "./modelled.ts";
import { CHAIN_ITEMS, RPC_METHODS } from "../hyperevm/mod.ts";
import { chainItemNote, type ChainModelFinding, judgeBatchModels } from "./chain_models.ts";

/** Options of {@link verifyUpstream}. */
export interface VerifyOptions extends UpstreamReaderOptions {
  /** Wallets whose stream snapshot and first trade-history page are checked. */
  wallets?: readonly string[];
  /** Transactions whose transaction, receipt and block logs are checked. */
  txs?: readonly string[];
}

/** A request that got no answer to judge shapes by. */
export interface Unreachable extends Probe {
  problem: string;
}

/** What the answers say about one modelled item of the endpoint table. */
export interface ModelledVerdict {
  endpoint: string;
  fields: readonly string[];
  reason: string;
  /** `unchecked` when no answer of its endpoint arrived. */
  verdict: "confirmed" | "contradicted" | "unchecked";
}

/** The outcome of a verification. */
export interface VerifyReport {
  /** Requests checked (one per endpoint and parameter set). */
  checked: number;
  mismatches: Mismatch[];
  /** Requests that got no answer (DNS, connect, timeout, HTTP 5xx or 429). */
  unreachable: Unreachable[];
  /** Every modelled item with its verdict (filled in at the end). */
  modelled: ModelledVerdict[];
  /** Not mismatches, but worth knowing (e.g. a transaction the chain does not know). */
  notes: string[];
}

/** Exit statuses of `verify-upstream`, one per kind of finding. */
export const VERIFY_EXIT = {
  ok: 0,
  /** A known shape no longer holds: the upstream changed. */
  shapeMismatch: 1,
  usage: 2,
  /** A modelled item is contradicted: our guess was wrong. */
  modelledContradicted: 3,
  /** Some endpoint did not answer; nothing else was wrong. */
  unreachable: 4,
} as const;

/** The exit status for a report: known mismatches first, then modelled, then unreachable. */
export function verifyExitCode(report: VerifyReport): number {
  if (report.mismatches.some((m) => !m.modelled)) return VERIFY_EXIT.shapeMismatch;
  if (report.mismatches.some((m) => m.modelled)) return VERIFY_EXIT.modelledContradicted;
  if (report.unreachable.length > 0) return VERIFY_EXIT.unreachable;
  return VERIFY_EXIT.ok;
}

/** Read each endpoint once and check every answer. */
export async function verifyUpstream(options: VerifyOptions): Promise<VerifyReport> {
  const session: Session = {
    reader: createUpstreamReader(options),
    report: { checked: 0, mismatches: [], unreachable: [], modelled: [], notes: [] },
    answered: new Map(),
    chainFindings: [],
  };
  await verifyApi(session, options.wallets ?? []);
  await verifyChain(session, options.txs ?? []);
  session.report.modelled = [
    ...MODELLED_SHAPES.map((shape): ModelledVerdict => ({
      endpoint: shape.endpoint,
      fields: shape.fields,
      reason: shape.reason,
      verdict:
        session.report.mismatches.some((m) =>
            m.endpoint === shape.endpoint && m.modelled === shape.reason
          )
          ? "contradicted"
          : (session.answered.get(shape.endpoint) ?? []).some((body) =>
              shape.fields.every((field) => hasField(body, field))
            )
          ? "confirmed"
          : "unchecked",
    })),
    ...chainVerdicts(session.chainFindings),
  ];
  return session.report;
}

/**
 * Whether an answer carries a value at a field path of the endpoint table (`*` is any array
 * element; `""` is the whole answer): a modelled item is confirmed only when it was seen.
 */
function hasField(body: unknown, field: string): boolean {
  if (field === "") return body !== undefined;
  const walk = (value: unknown, [head, ...rest]: string[]): boolean => {
    if (head === undefined) return value !== undefined;
    if (value === null || typeof value !== "object") return false;
    if (head === "*") return Array.isArray(value) && value.some((item) => walk(item, rest));
    return walk((value as Record<string, unknown>)[head], rest);
  };
  return walk(body, field.split("."));
}

/** One verdict per modelled BatchExecutor item, from every batch transaction checked. */
function chainVerdicts(findings: readonly ChainModelFinding[]): ModelledVerdict[] {
  const items = [
    { id: "batchCalldata", endpoint: "eth_getTransactionByHash" },
    { id: "batchEvent", endpoint: "eth_getTransactionReceipt" },
  ] as const;
  return items.map(({ id, endpoint }) => {
    const mine = findings.filter((f) => f.id === id);
    return {
      endpoint,
      fields: [CHAIN_ITEMS.find((item) => item.id === id)!.item],
      reason: chainItemNote(id),
      verdict: mine.some((f) => f.verdict === "contradicted")
        ? "contradicted"
        : mine.length > 0
        ? "confirmed"
        : "unchecked",
    };
  });
}

interface Session {
  reader: UpstreamReader;
  report: VerifyReport;
  /** The bodies each endpoint answered (matching or not), for judging modelled items. */
  answered: Map<string, unknown[]>;
  /** What the batch transactions checked say about the modelled BatchExecutor items. */
  chainFindings: ChainModelFinding[];
}

function check(session: Session, probe: Probe, answer: Answer, schema: z.ZodType): unknown {
  session.report.checked += 1;
  if (!answer.ok && answer.unreachable) {
    session.report.unreachable.push({ ...probe, problem: answer.problem });
    return undefined;
  }
  if (answer.ok) {
    session.answered.set(probe.endpoint, [
      ...(session.answered.get(probe.endpoint) ?? []),
      answer.body,
    ]);
  }
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
  // The health path is known, its body is not: only whether it answers is checked.
  await checkApi(session, QUERY_HEALTH.path, [], QUERY_HEALTH.schema);
  for (const wallet of new Set(wallets.map((w) => w.toLowerCase()))) {
    const probe = { endpoint: LIVE_PATH, detail: `wallet=${wallet}` };
    check(session, probe, await session.reader.walletFrames(wallet), walletFramesSchema);
    const rank = { endpoint: QUEUE_RANK.path, detail: wallet };
    const rankAnswer = await session.reader.getJson(endpointPath(QUEUE_RANK, wallet));
    check(session, rank, rankAnswer, QUEUE_RANK.schema);
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
    const tx = await checkRpc(session, "eth_getTransactionByHash", [hash]);
    if (tx === null) {
      report.notes.push(`transaction ${hash} is unknown to the RPC; its receipt was not checked`);
      continue;
    }
    const receipt = await checkRpc(session, "eth_getTransactionReceipt", [hash]);
    if (receipt === null) report.notes.push(`transaction ${hash} has no receipt yet`);
    if (tx) judgeBatch(session, hash, tx, receipt ?? null);
    if (!receipt) continue;
    const block = (receipt as { blockNumber: string }).blockNumber;
    await checkRpc(session, "eth_getLogs", [{ fromBlock: block, toBlock: block }]);
  }
}

/** Checks a transaction against the modelled BatchExecutor calldata and event. */
function judgeBatch(session: Session, hash: string, txBody: unknown, receiptBody: unknown) {
  const tx = RPC_METHODS.eth_getTransactionByHash.schema.parse(txBody);
  const receipt = receiptBody
    ? RPC_METHODS.eth_getTransactionReceipt.schema.parse(receiptBody)
    : null;
  for (const finding of judgeBatchModels(tx, receipt)) {
    session.chainFindings.push(finding);
    if (finding.verdict !== "contradicted") continue;
    const calldata = finding.id === "batchCalldata";
    session.report.mismatches.push({
      endpoint: calldata ? "eth_getTransactionByHash" : "eth_getTransactionReceipt",
      detail: hash,
      field: calldata ? "input" : "logs",
      message: `${calldata ? "input" : "logs"}: ${finding.detail}`,
      modelled: chainItemNote(finding.id),
    });
  }
}

/**
 * The report as text: unreachable endpoints, mismatches in known shapes (the upstream
 * changed), mismatches in modelled shapes (our guess was wrong, with the reason it is a
 * guess), the verdict on every modelled item, notes, and the summary line
 * `N endpoints checked, M mismatches, U unreachable`.
 */
export function formatReport(report: VerifyReport): string {
  const known = report.mismatches.filter((m) => !m.modelled);
  const modelled = report.mismatches.filter((m) => m.modelled);
  const lines: string[] = [];
  if (report.unreachable.length > 0) {
    lines.push("unreachable (no answer to check):");
    for (const u of report.unreachable) lines.push(`  ${probeLabel(u)} ${u.problem}`);
  }
  if (known.length > 0) {
    lines.push("known shape (a documented fact no longer holds):");
    for (const m of known) lines.push(`  ${formatMismatch(m)}`);
  }
  if (modelled.length > 0) {
    lines.push("modelled shape (our guess of an undocumented shape is wrong):");
    for (const m of modelled) lines.push(`  ${formatMismatch(m)}`, `    modelled: ${m.modelled}`);
  }
  const decided = report.modelled.filter((m) => m.verdict !== "unchecked");
  if (decided.length > 0) {
    lines.push("modelled items:");
    for (const m of decided) {
      lines.push(`  ${m.verdict} ${m.endpoint} ${m.fields.join(", ") || "(whole answer)"}`);
    }
  }
  for (const note of report.notes) lines.push(`note: ${note}`);
  const n = report.mismatches.length;
  // Always plural: scripts read this line by its fixed form.
  lines.push(
    `${report.checked} endpoints checked, ${n} mismatches, ${report.unreachable.length} unreachable`,
  );
  return lines.join("\n");
}
