/**
 * `deno task verify-upstream [--api URL] [--rpc URL] [--wallet 0x…]... [--tx 0x…]...`: reads a
 * live upstream once through the explorer's own clients (`upstream.ts`): every fixture-sized API
 * read, each window's first leaderboard page, per wallet its stream, queue ranks and first
 * trade page, then the chain (id, head, BBO, win fee, per transaction its receipt and block's
 * logs). No answer, a changed known shape and a contradicted modelled item are kept apart, each
 * with its exit status (VERIFY_EXIT); modelled items the answers show are listed as confirmed.
 */
import { numberToHex } from "viem";
import { CHAIN_ID } from "../../lib/hyperevm/contracts.ts";
import {
  CHAIN_ITEMS,
  CONTRACTS,
  decodeBatchCalldata,
  readExecutions,
} from "../../lib/hyperevm/mod.ts";
import type { HyperEvmReceipt, HyperEvmTransaction } from "../../lib/hyperevm/client.ts";
import {
  LEADERBOARD_WINDOWS,
  MODELLED_SHAPES,
  PAPERTRADE_ENDPOINTS as ROWS,
} from "../../lib/papertrade/mod.ts";
import {
  FILE_PROBES,
  type Finding,
  formatFinding,
  openUpstream,
  parseFlags,
  UPSTREAM_FLAGS_USAGE,
  type UpstreamOptions,
} from "./upstream.ts";

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

/** The modelled BatchExecutor items of the chain table, with the answer each is judged in. */
const BATCH_ITEMS = {
  batchCalldata: "eth_getTransactionByHash",
  batchEvent: "eth_getTransactionReceipt",
};

/** Reads each endpoint once and reports what it found. */
export async function verifyUpstream(options: UpstreamOptions) {
  const up = openUpstream(options);
  const notes: string[] = [];
  let checked = 0;
  // The raw answers each endpoint gave whole, and the chain items a transaction showed.
  const answered = new Map<string, unknown[]>();
  const judged = new Set<string>();
  const api: typeof up.api = async (name, params) => {
    checked += 1;
    const answer = await up.api(name, params);
    const { path } = ROWS[name];
    if (answer) answered.set(path, [...answered.get(path) ?? [], answer.raw]);
    return answer;
  };
  const chain: typeof up.chain = (...args) => (checked += 1, up.chain(...args));

  for (const probe of FILE_PROBES) await api(probe.name, probe.params);
  for (const window of LEADERBOARD_WINDOWS) await api("leaderboard", { window });
  // The health path is known, its body is not: only whether it answers is checked.
  await api("queryHealth");
  for (const wallet of new Set(options.wallets?.map((w) => w.toLowerCase()))) {
    await api("walletStream", { wallet });
    await api("queueRank", { wallet });
    await api("tradeHistory", { wallet });
  }

  const call = { method: "eth_chainId", params: [] };
  const chainId = await chain("eth_chainId", "", async ({ rpc }) => (await rpc([call]))[0]);
  if (chainId && chainId.value !== numberToHex(CHAIN_ID)) {
    const message = `answered ${chainId.value}, expected ${numberToHex(CHAIN_ID)}`;
    up.findings.push({ endpoint: "eth_chainId", label: "eth_chainId", message });
  }
  const head = await chain("eth_blockNumber", "", (c) => c.chain.blockNumber({ cacheTime: 0 }));
  if (head) {
    await chain("eth_getBlockByNumber", numberToHex(head.value), (c) => c.chain.block(head.value));
  }
  // The live mark's source (BTC is asset 0) and the win fee, as the explorer reads them.
  await chain("eth_call", "BBO", (c) => c.bbo([0]));
  await chain("eth_call", "winFeeRate", (c) => c.chain.winFeeRate());
  for (const hash of new Set(options.txs?.map((h) => h.toLowerCase() as `0x${string}`))) {
    const tx = await chain("eth_getTransactionByHash", hash, (c) => c.chain.transaction(hash));
    if (tx?.value === null) {
      notes.push(`transaction ${hash} is unknown to the RPC; its receipt was not checked`);
      continue;
    }
    const receipt = await chain("eth_getTransactionReceipt", hash, (c) => c.chain.receipt(hash));
    if (receipt?.value === null) notes.push(`transaction ${hash} has no receipt yet`);
    const verdicts = tx ? judgeBatchModels(tx.value, receipt?.value ?? null) : {};
    for (const [id, contradiction] of Object.entries(verdicts)) {
      judged.add(id);
      const endpoint = BATCH_ITEMS[id as keyof typeof BATCH_ITEMS];
      const modelled = chainItem(id).note;
      const label = `${endpoint}(${hash})`;
      if (contradiction) up.findings.push({ endpoint, label, message: contradiction, modelled });
    }
    const block = receipt?.value?.blockNumber;
    if (block === undefined) continue;
    const filter = { address: Object.values(CONTRACTS), fromBlock: block, toBlock: block };
    await chain("eth_getLogs", numberToHex(block), (c) => c.chain.logs(filter));
  }

  const findings = up.findings;
  const items = [
    ...MODELLED_SHAPES.map(({ endpoint, fields, reason }) => ({
      endpoint,
      fields,
      reason,
      seen: (answered.get(endpoint) ?? []).some((raw) => fields.every((f) => has(raw, f))),
    })),
    // One verdict per modelled BatchExecutor item, from every batch transaction checked.
    ...Object.entries(BATCH_ITEMS).map(([id, endpoint]) => ({
      endpoint,
      fields: [chainItem(id).item],
      reason: chainItem(id).note,
      seen: judged.has(id),
    })),
  ];
  return {
    /** Requests checked (one per endpoint and parameter set). */
    checked,
    /** Answers that did not hold, known shapes and modelled ones (`modelled` says why). */
    mismatches: findings.filter((f) => !f.unreachable),
    /** Requests that got no answer (DNS, connect, timeout, HTTP 5xx or 429). */
    unreachable: findings.filter((f) => f.unreachable),
    /** Every modelled item, `confirmed` when an answer showed it and none contradicted it. */
    modelled: items.map(({ endpoint, fields, reason, seen }) => ({
      endpoint,
      fields,
      verdict: findings.some((f) => f.endpoint === endpoint && f.modelled === reason)
        ? "contradicted"
        : seen
        ? "confirmed"
        : "unchecked",
    })),
    /** Not findings, but worth knowing (e.g. a transaction the chain does not know). */
    notes,
  };
}

type VerifyReport = Awaited<ReturnType<typeof verifyUpstream>>;

/**
 * What a settlement says of the modelled BatchExecutor items (calldata decodes as
 * `executeBatch`; the receipt has one `IntentExecuted` per intent): by item, the contradiction,
 * or "" when confirmed; nothing when it was not sent to the BatchExecutor.
 */
export function judgeBatchModels(
  tx: HyperEvmTransaction,
  receipt: HyperEvmReceipt | null,
): { batchCalldata?: string; batchEvent?: string } {
  if (tx.to?.toLowerCase() !== CONTRACTS.batchExecutor) return {};
  const intents = decodeBatchCalldata(tx.input);
  if (intents === null) return { batchCalldata: "input: does not decode as executeBatch" };
  const broken = intents.find((intent) => intent.decodeError);
  const batchCalldata = broken ? `input: intent ${broken.index} does not decode` : "";
  if (receipt === null) return { batchCalldata };
  const executions = readExecutions(receipt.logs).length;
  const batchEvent = executions === intents.length
    ? ""
    : `logs: ${executions} IntentExecuted logs for ${intents.length} intents`;
  return { batchCalldata, batchEvent };
}

/** The exit status for a report: known mismatches first, then modelled, then unreachable. */
export function verifyExitCode(report: VerifyReport): number {
  if (report.mismatches.some((m) => !m.modelled)) return VERIFY_EXIT.shapeMismatch;
  if (report.mismatches.length > 0) return VERIFY_EXIT.modelledContradicted;
  if (report.unreachable.length > 0) return VERIFY_EXIT.unreachable;
  return VERIFY_EXIT.ok;
}

/**
 * The report as text: unreachable, known-shape and modelled-shape mismatches (with why it is a
 * guess), modelled verdicts, notes, then `N endpoints checked, M mismatches, U unreachable`.
 */
export function formatReport(report: VerifyReport): string {
  const lines: string[] = [];
  const section = <T>(title: string, items: readonly T[], line: (item: T) => string[]) => {
    if (items.length > 0) lines.push(title, ...items.flatMap(line));
  };
  const line = (f: Finding) => [`  ${formatFinding(f)}`];
  section("unreachable (no answer to check):", report.unreachable, line);
  section(
    "known shape (a documented fact no longer holds):",
    report.mismatches.filter((m) => !m.modelled),
    line,
  );
  section(
    "modelled shape (our guess of an undocumented shape is wrong):",
    report.mismatches.filter((m) => m.modelled),
    (m) => [...line(m), `    modelled: ${m.modelled}`],
  );
  section("modelled items:", report.modelled.filter((m) => m.verdict !== "unchecked"), (m) => [
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

/** Whether raw JSON has a value at a field of the endpoint table (`*`: any element; `""`: all). */
function has(value: unknown, field: string): boolean {
  const [head, ...rest] = field === "" ? [] : field.split(".");
  if (head === undefined) return value !== undefined;
  if (value === null || typeof value !== "object") return false;
  if (head !== "*") return has((value as Record<string, unknown>)[head], rest.join("."));
  return Array.isArray(value) && value.some((item) => has(item, rest.join(".")));
}

const USAGE =
  `usage: deno task verify-upstream [--api URL] [--rpc URL] [--wallet ADDRESS]... [--tx HASH]...
${UPSTREAM_FLAGS_USAGE}
  --wallet  also check this wallet's stream snapshot and first trade-history page (repeatable)
  --tx      also check this transaction, its receipt and its block's logs (repeatable)`;

if (import.meta.main) {
  const flags = parseFlags(Deno.args, { usage: USAGE, usageExit: VERIFY_EXIT.usage });
  if (typeof flags === "number") Deno.exit(flags);
  console.log(`verifying ${flags.apiUrl} and ${flags.rpcUrl}`);
  const report = await verifyUpstream(flags);
  console.log(formatReport(report));
  Deno.exit(verifyExitCode(report));
}
