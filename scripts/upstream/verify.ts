/**
 * `deno task verify-upstream [--api URL] [--rpc URL] [--wallet 0x…]... [--tx 0x…]...`: checks a
 * live upstream against the rows of the endpoint tables: each read once (the first
 * leaderboard page of each window; per wallet its stream snapshot, queue ranks and first
 * trade-history page), then the chain. Three findings are kept apart: requests that got no answer
 * at all (unreachable), answers whose known shape no longer holds (mismatch, by endpoint and
 * field), and modelled items the answers confirm or contradict. The report, as data and as the
 * text it prints (`N endpoints checked, M mismatches, U unreachable` last), and its exit status
 * (VERIFY_EXIT) are here too.
 */
import { encodeFunctionData, formatLog, numberToHex, type RpcLog } from "viem";
import { CHAIN_ID } from "../../lib/hyperevm/contracts.ts";
import { CONTRACTS, decodeBatchCalldata, readExecutions } from "../../lib/hyperevm/mod.ts";
import { type HyperEvmLog, WIN_FEE_RATE_ABI } from "../../lib/hyperevm/client.ts";
import { BBO_PRECOMPILE, bboCalldata, decodeBbo } from "../../lib/hyperevm/bbo.ts";
import { CHAIN_ITEMS, RPC_METHODS, type RpcMethodName } from "../../lib/hyperevm/sources.ts";
import {
  LEADERBOARD_WINDOWS,
  MODELLED_SHAPES,
  PAPERTRADE_ENDPOINTS as ROWS,
} from "../../lib/papertrade/mod.ts";
import {
  acceptAnswer,
  acceptRpc,
  type ApiProbe,
  FILE_PROBES,
  formatMismatch,
  type Mismatch,
  type Probe,
  probeLabel,
  probeOf,
  readProbe,
  wrongValue,
} from "./check.ts";
import { createUpstreamReader, type UpstreamReaderOptions } from "./reader.ts";
import { parseScriptArgs, UPSTREAM_FLAGS_USAGE } from "./args.ts";

interface VerifyOptions extends UpstreamReaderOptions {
  /** Wallets whose stream snapshot and first trade-history page are checked. */
  wallets?: readonly string[];
  /** Transactions whose transaction, receipt and block logs are checked. */
  txs?: readonly string[];
}

/** What the answers say about one modelled item of the endpoint tables. */
interface ModelledVerdict {
  endpoint: string;
  fields: readonly string[];
  reason: string;
  /** `unchecked` when no answer of its endpoint arrived. */
  verdict: "confirmed" | "contradicted" | "unchecked";
}

/** The outcome of a verification. */
interface VerifyReport {
  /** Requests checked (one per endpoint and parameter set). */
  checked: number;
  mismatches: Mismatch[];
  /** Requests that got no answer (DNS, connect, timeout, HTTP 5xx or 429). */
  unreachable: Array<Probe & { problem: string }>;
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

/** Reads each endpoint once and checks every answer. */
export async function verifyUpstream(options: VerifyOptions): Promise<VerifyReport> {
  const reader = createUpstreamReader(options);
  const report: VerifyReport = {
    checked: 0,
    mismatches: [],
    unreachable: [],
    modelled: [],
    notes: [],
  };
  // The bodies each endpoint answered (matching or not), for judging modelled items.
  const answered = new Map<string, unknown[]>();
  const findings: ReturnType<typeof judgeBatchModels> = [];
  const ctx = { reader, sink: report.mismatches, unreachable: report.unreachable };
  const api = async (probe: ApiProbe) => {
    report.checked += 1;
    const answer = await readProbe(reader, probe);
    const { path, schema } = ROWS[probe.name];
    if (answer.ok) answered.set(path, [...answered.get(path) ?? [], answer.body]);
    return acceptAnswer(probeOf(probe), answer, { ...ctx, schema });
  };
  const rpc = (method: RpcMethodName, params: unknown[]) => {
    report.checked += 1;
    return acceptRpc(ctx, method, params);
  };

  for (const probe of FILE_PROBES) await api(probe);
  for (const window of LEADERBOARD_WINDOWS) await api({ name: "leaderboard", params: { window } });
  // The health path is known, its body is not: only whether it answers is checked.
  await api({ name: "queryHealth" });
  for (const wallet of new Set((options.wallets ?? []).map((w) => w.toLowerCase()))) {
    await api({ name: "walletStream", params: { wallet } });
    await api({ name: "queueRank", params: { wallet } });
    await api({ name: "tradeHistory", params: { wallet } });
  }

  const chainId = await rpc("eth_chainId", []);
  if (typeof chainId === "string" && BigInt(chainId) !== BigInt(CHAIN_ID)) {
    const problem = `expected ${numberToHex(CHAIN_ID)}, got ${chainId}`;
    report.mismatches.push(wrongValue({ endpoint: "eth_chainId" }, "result", problem));
  }
  const head = await rpc("eth_blockNumber", []);
  if (typeof head === "string") await rpc("eth_getBlockByNumber", [head, false]);
  // The live mark's source: the BBO precompile answers 64 bytes for BTC (asset 0).
  const bbo = await rpc("eth_call", [{ to: BBO_PRECOMPILE, data: bboCalldata(0) }, "latest"]);
  if (typeof bbo === "string") {
    try {
      decodeBbo(bbo as `0x${string}`);
    } catch (error) {
      const problem = (error as Error).message;
      report.mismatches.push(wrongValue({ endpoint: "eth_call" }, "result", problem));
    }
  }
  // The win fee: the Exchange's winFeeRate() answers one word, a fraction of at most 1e18.
  const data = encodeFunctionData({ abi: WIN_FEE_RATE_ABI, functionName: "winFeeRate" });
  const fee = await rpc("eth_call", [{ to: CONTRACTS.exchange, data }, "latest"]);
  if (typeof fee === "string") {
    const word = /^0x[0-9a-f]{64}$/i.test(fee) ? BigInt(fee) : null;
    if (word === null || word > 10n ** 18n) {
      const problem = `winFeeRate() answered ${fee}, expected one word of at most 1e18`;
      report.mismatches.push(wrongValue({ endpoint: "eth_call" }, "result", problem));
    }
  }
  for (const hash of new Set((options.txs ?? []).map((h) => h.toLowerCase()))) {
    const tx = await rpc("eth_getTransactionByHash", [hash]);
    if (tx === null) {
      report.notes.push(`transaction ${hash} is unknown to the RPC; its receipt was not checked`);
      continue;
    }
    const receipt = await rpc("eth_getTransactionReceipt", [hash]);
    if (receipt === null) report.notes.push(`transaction ${hash} has no receipt yet`);
    if (tx) {
      for (const finding of judgeBatchModels(tx, receipt ?? null)) {
        findings.push(finding);
        if (finding.verdict !== "contradicted") continue;
        const [endpoint, field] = finding.id === "batchCalldata"
          ? ["eth_getTransactionByHash", "input"]
          : ["eth_getTransactionReceipt", "logs"];
        const found = wrongValue({ endpoint, detail: hash }, field, finding.detail);
        report.mismatches.push({ ...found, modelled: chainItem(finding.id).note });
      }
    }
    if (!receipt) continue;
    const block = (receipt as { blockNumber: string }).blockNumber;
    await rpc("eth_getLogs", [{ fromBlock: block, toBlock: block }]);
  }

  const verdict = (contradicted: boolean, confirmed: boolean) =>
    contradicted ? "contradicted" : confirmed ? "confirmed" : "unchecked";
  report.modelled = [
    ...MODELLED_SHAPES.map((shape): ModelledVerdict => ({
      endpoint: shape.endpoint,
      fields: shape.fields,
      reason: shape.reason,
      verdict: verdict(
        report.mismatches.some((m) => m.endpoint === shape.endpoint && m.modelled === shape.reason),
        (answered.get(shape.endpoint) ?? []).some((body) =>
          shape.fields.every((field) => hasField(body, field))
        ),
      ),
    })),
    // One verdict per modelled BatchExecutor item, from every batch transaction checked.
    ...([
      ["batchCalldata", "eth_getTransactionByHash"],
      ["batchEvent", "eth_getTransactionReceipt"],
    ] as const).map(([id, endpoint]): ModelledVerdict => {
      const mine = findings.filter((f) => f.id === id);
      return {
        endpoint,
        fields: [chainItem(id).item],
        reason: chainItem(id).note,
        verdict: verdict(mine.some((f) => f.verdict === "contradicted"), mine.length > 0),
      };
    }),
  ];
  return report;
}

/** One verdict on a modelled chain item, with what contradicted it (empty when confirmed). */
interface BatchModelFinding {
  id: "batchCalldata" | "batchEvent";
  verdict: "confirmed" | "contradicted";
  detail: string;
}

/**
 * What a real settlement transaction says about the modelled BatchExecutor items of the chain
 * table: its calldata decodes as the modelled `executeBatch` or not, and its receipt carries one
 * modelled `IntentExecuted` per intent or not. Findings from its raw JSON-RPC answers (the receipt null when there is
 * none); none when it was not sent to the BatchExecutor.
 */
export function judgeBatchModels(txAnswer: unknown, receiptAnswer: unknown): BatchModelFinding[] {
  const tx = RPC_METHODS.eth_getTransactionByHash.schema.parse(txAnswer);
  if (tx.to !== CONTRACTS.batchExecutor) return [];
  const intents = decodeBatchCalldata(tx.input);
  const broken = intents?.find((intent) => intent.decodeError);
  const calldata = judged(
    "batchCalldata",
    intents === null
      ? "the calldata does not decode as executeBatch"
      : broken
      ? `intent ${broken.index} does not decode`
      : "",
  );
  if (receiptAnswer === null || intents === null) return [calldata];
  const { logs } = RPC_METHODS.eth_getTransactionReceipt.schema.parse(receiptAnswer);
  const executions = readExecutions(logs.map((log) => formatLog(log as RpcLog) as HyperEvmLog));
  const counted = executions.length === intents.length;
  return [
    calldata,
    judged(
      "batchEvent",
      counted ? "" : `${executions.length} IntentExecuted logs for ${intents.length} intents`,
    ),
  ];
}

function judged(id: BatchModelFinding["id"], contradiction: string): BatchModelFinding {
  return { id, verdict: contradiction ? "contradicted" : "confirmed", detail: contradiction };
}

/** The exit status for a report: known mismatches first, then modelled, then unreachable. */
export function verifyExitCode(report: VerifyReport): number {
  if (report.mismatches.some((m) => !m.modelled)) return VERIFY_EXIT.shapeMismatch;
  if (report.mismatches.some((m) => m.modelled)) return VERIFY_EXIT.modelledContradicted;
  if (report.unreachable.length > 0) return VERIFY_EXIT.unreachable;
  return VERIFY_EXIT.ok;
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
  const decided = report.modelled.filter((m) => m.verdict !== "unchecked");
  const lines: string[] = [];
  const section = <T>(title: string, items: readonly T[], line: (item: T) => string[]) => {
    if (items.length > 0) lines.push(title, ...items.flatMap(line));
  };
  section("unreachable (no answer to check):", report.unreachable, (u) => [
    `  ${probeLabel(u)} ${u.problem}`,
  ]);
  section("known shape (a documented fact no longer holds):", known, (m) => [
    `  ${formatMismatch(m)}`,
  ]);
  section("modelled shape (our guess of an undocumented shape is wrong):", modelled, (m) => [
    `  ${formatMismatch(m)}`,
    `    modelled: ${m.modelled}`,
  ]);
  section("modelled items:", decided, (m) => [
    `  ${m.verdict} ${m.endpoint} ${m.fields.join(", ") || "(whole answer)"}`,
  ]);
  for (const note of report.notes) lines.push(`note: ${note}`);
  // Always plural: scripts read this line by its fixed form.
  lines.push(
    `${report.checked} endpoints checked, ${report.mismatches.length} mismatches, ` +
      `${report.unreachable.length} unreachable`,
  );
  return lines.join("\n");
}

function chainItem(id: string) {
  return CHAIN_ITEMS.find((item) => item.id === id)!;
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

const USAGE =
  `usage: deno task verify-upstream [--api URL] [--rpc URL] [--wallet ADDRESS]... [--tx HASH]...
${UPSTREAM_FLAGS_USAGE}
  --wallet  also check this wallet's stream snapshot and first trade-history page (repeatable)
  --tx      also check this transaction, its receipt and its block's logs (repeatable)`;

/** Runs the verifier with command-line arguments; returns the exit code. */
async function main(args: readonly string[]): Promise<number> {
  const parsed = parseScriptArgs(args, { usage: USAGE, usageExit: VERIFY_EXIT.usage });
  if (typeof parsed === "number") return parsed;
  console.log(`verifying ${parsed.apiUrl} and ${parsed.rpcUrl}`);
  const report = await verifyUpstream({
    apiUrl: parsed.apiUrl,
    rpcUrl: parsed.rpcUrl,
    wallets: parsed.wallets,
    txs: parsed.txs,
  });
  console.log(formatReport(report));
  return verifyExitCode(report);
}

if (import.meta.main) Deno.exit(await main(Deno.args));
