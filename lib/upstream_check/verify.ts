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
import { acceptAnswer, type Probe, wrongValue } from "./mismatch.ts";
import {
  type Answer,
  createUpstreamReader,
  type UpstreamReader,
  type UpstreamReaderOptions,
} from "./upstream_reader.ts";
import * as wire from "../papertrade/wire.ts";
import { endpointPath } from "../papertrade/endpoints.ts";
import { MODELLED_SHAPES } from "./modelled.ts";
import {
  BBO_PRECOMPILE,
  bboCalldata,
  CHAIN_ITEMS,
  decodeBbo,
  RPC_METHODS,
} from "../hyperevm/mod.ts";
import { chainItemNote, type ChainModelFinding, judgeBatchModels } from "./chain_models.ts";
import type { ModelledVerdict, VerifyReport } from "./verify_report.ts";

/** Options of {@link verifyUpstream}. */
export interface VerifyOptions extends UpstreamReaderOptions {
  /** Wallets whose stream snapshot and first trade-history page are checked. */
  wallets?: readonly string[];
  /** Transactions whose transaction, receipt and block logs are checked. */
  txs?: readonly string[];
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
  // The live mark's source: the BBO precompile answers 64 bytes for BTC (asset 0).
  const call = { to: BBO_PRECOMPILE, data: bboCalldata(0) };
  const bbo = await checkRpc(session, "eth_call", [call, "latest"]);
  if (typeof bbo === "string") {
    try {
      decodeBbo(bbo as `0x${string}`);
    } catch (error) {
      report.mismatches.push(
        wrongValue({ endpoint: "eth_call" }, "result", (error as Error).message),
      );
    }
  }
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
