/**
 * Records transactions into the replay's chain file: each transaction with its receipt and its
 * block, and the block's other transactions too, because the replay serves a block's full
 * transaction list from the same file. Logs are not stored apart: the replay answers
 * eth_getLogs from the receipts, so the block's eth_getLogs answer is compared with them.
 */
import { numberToHex } from "viem";
import { RPC_SCHEMAS } from "./endpoints.ts";
import { acceptAnswer, type Probe, wrongValue } from "./mismatch.ts";
import type { RecordingContext } from "./recording_context.ts";

type Json = Record<string, unknown>;
interface RpcBlock extends Json {
  number: string;
  transactions: string[];
}
interface RpcMined extends Json {
  blockNumber: string;
  transactionIndex: string;
}
interface RpcReceipt extends RpcMined {
  logs: Array<Json & { logIndex: string }>;
}

/** The chain file (chainId, headBlock, blocks, transactions, receipts), or undefined. */
export async function recordChain(ctx: RecordingContext, txs: readonly string[]) {
  const chainId = await call(ctx, "eth_chainId", []);
  const head = await call(ctx, "eth_blockNumber", []);
  if (typeof chainId !== "string" || typeof head !== "string") return undefined;
  const blocks = new Map<number, RpcBlock>();
  const transactions = new Map<string, RpcMined>();
  const receipts = new Map<string, RpcReceipt>();
  const blockLogs = new Map<number, unknown>();
  const queue = [...new Set(txs.map((h) => h.toLowerCase()))];
  for (let i = 0; i < queue.length; i++) {
    const hash = queue[i];
    const tx = await call(ctx, "eth_getTransactionByHash", [hash]) as RpcMined | null | undefined;
    if (tx === null) ctx.notes.push(`transaction ${hash} is unknown (or not yet mined): skipped`);
    if (!tx) continue;
    const receipt = await call(ctx, "eth_getTransactionReceipt", [hash]) as RpcReceipt | null;
    if (receipt === null) ctx.notes.push(`transaction ${hash} has no receipt yet: skipped`);
    if (!receipt) continue;
    transactions.set(hash, tx);
    receipts.set(hash, receipt);
    const number = Number(BigInt(receipt.blockNumber));
    if (blocks.has(number) || blockLogs.has(number)) continue;
    const block = await call(ctx, "eth_getBlockByNumber", [numberToHex(number), false]);
    blockLogs.set(number, await call(ctx, "eth_getLogs", [logFilter(number)]));
    if (!block) continue;
    blocks.set(number, block as RpcBlock);
    for (const other of (block as RpcBlock).transactions.map((h) => h.toLowerCase())) {
      if (!queue.includes(other)) queue.push(other);
    }
  }
  for (const [number, block] of blocks) {
    const complete = block.transactions.every((h) => receipts.has(h.toLowerCase()));
    if (!complete) {
      ctx.notes.push(`block ${number} was left out: not all of its transactions were recorded`);
      blocks.delete(number);
      continue;
    }
    compareLogs(ctx, number, block, receipts, blockLogs.get(number));
  }
  const kept = (r: RpcMined) => blocks.has(Number(BigInt(r.blockNumber)));
  return {
    chainId: Number(BigInt(chainId)),
    headBlock: Number(BigInt(head)),
    blocks: [...blocks.values()].sort((a, b) => Number(BigInt(a.number) - BigInt(b.number))),
    transactions: [...transactions.values()].filter(kept).sort(byPosition),
    receipts: [...receipts.values()].filter(kept).sort(byPosition),
  };
}

/** A checked RPC result: the value (null included), or undefined after reporting a problem. */
async function call(ctx: RecordingContext, method: string, params: unknown[]) {
  const probe: Probe = typeof params[0] === "string"
    ? { endpoint: method, detail: params[0] }
    : { endpoint: method };
  const answer = await ctx.reader.rpc(method, params);
  if (answer.ok && answer.body === null && method !== "eth_blockNumber") return null;
  return acceptAnswer(probe, answer, { schema: RPC_SCHEMAS[method], sink: ctx.problems });
}

function logFilter(number: number) {
  return { fromBlock: numberToHex(number), toBlock: numberToHex(number) };
}

/** eth_getLogs over the block must equal its receipts' logs, or the recording would lie. */
function compareLogs(
  ctx: RecordingContext,
  number: number,
  block: RpcBlock,
  receipts: Map<string, RpcReceipt>,
  served: unknown,
) {
  if (served === undefined) return;
  const fromReceipts = block.transactions
    .flatMap((h) => receipts.get(h.toLowerCase())!.logs)
    .sort((a, b) => Number(BigInt(a.logIndex) - BigInt(b.logIndex)));
  if (JSON.stringify(fromReceipts) === JSON.stringify(served)) return;
  ctx.problems.push(wrongValue(
    { endpoint: "eth_getLogs", detail: numberToHex(number) },
    "result",
    `${(served as unknown[]).length} logs that differ from the ${fromReceipts.length} in ` +
      "the block's receipts (the fixture format keeps logs only in receipts)",
  ));
}

function byPosition(a: RpcMined, b: RpcMined): number {
  return Number(BigInt(a.blockNumber) - BigInt(b.blockNumber)) ||
    Number(BigInt(a.transactionIndex) - BigInt(b.transactionIndex));
}
