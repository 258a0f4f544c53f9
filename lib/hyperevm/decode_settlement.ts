import { type Address, type Hex, isAddressEqual, recoverAddress, size, slice } from "viem";
import {
  CONTRACTS,
  intentDigest,
  type IntentFields,
  intentId,
  type IntentKind,
} from "./contracts.ts";
import { decodeBatchCalldata } from "./decode_batch.ts";
import { type ExchangeEvent, readExchangeEvents } from "./exchange_events.ts";
import { readExecutions } from "./executions.ts";
import type { HyperEvmClient, HyperEvmReceipt, HyperEvmTransaction } from "./client.ts";
import { HyperEvmError } from "./hyperevm_error.ts";

/** One intent of a settlement batch (modelled ABI), checked; verdict in lib/intent/verdict.ts. */
export interface SettledIntent {
  index: number;
  /** Kind name; null for a kind number outside INTENT_KINDS. */
  action: IntentKind | null;
  /** Wallet the intent acted for (`fields.user`, else the event's user). */
  wallet: Address | null;
  /** Signer the batch declares. */
  signer: Address;
  recoveredSigner: Address | null;
  fields: IntentFields | null;
  /** Id recorded by the executor's event, else the computed one. */
  intentId: Hex | null;
  computedIntentId: Hex | null;
  signatureVerified: boolean;
  /** Why the signature or id did not check out, or why the payload did not decode. */
  verificationProblem: string | null;
  /** The executor's IntentExecuted event's success; null when the receipt holds none for it. */
  reported: boolean | null;
  /** The reason the event gave for a failure (untrusted chain text); null when none. */
  failureReason: string | null;
}

/** A decoded transaction, a Papertrade settlement or any other (`value`: wei of HYPE). */
export interface Settlement extends Pick<HyperEvmTransaction, "from" | "to" | "input" | "value"> {
  txHash: Hex;
  /** `unknown` when the receipt could not be read (see `missing`). */
  status: "success" | "reverted" | "pending" | "unknown";
  blockNumber: bigint | null;
  /** Block time in unix seconds, when the block was read. */
  timestamp?: bigint;
  /** The calldata's four-byte function selector; null for shorter calldata. */
  selector: Hex | null;
  /** Null while pending or when the receipt could not be read. */
  gasUsed: bigint | null;
  /** Sent to the BatchExecutor or the Exchange, or with Exchange events: facts only. */
  papertrade: boolean;
  /** The calldata decoded as the modelled `executeBatch` (an unconfirmed ABI). */
  isBatch: boolean;
  /** The batch's intents; empty unless `isBatch`. */
  intents: SettledIntent[];
  /** The Exchange's own events (facts) in the receipt, in log order. */
  events: ExchangeEvent[];
  /** Reads that failed while the transaction itself arrived (receipt, block), if any. */
  missing?: HyperEvmError[];
}

interface DecodeOptions {
  /**
   * Decode and verify only the intent at this index (signature recovery is the costly part);
   * ignored when no intent has it, so the caller can still search the whole batch.
   */
  onlyIndex?: number;
}

/**
 * A transaction and its receipt (null while pending, or `receiptMissing`) as a settlement: the
 * Exchange's events (facts) and, where the calldata decodes as the modelled batch, each intent
 * with its signature checked and matched by index to its IntentExecuted event.
 */
export async function decodeSettlement(
  tx: HyperEvmTransaction,
  receipt: HyperEvmReceipt | null,
  options: DecodeOptions & { timestamp?: bigint; receiptMissing?: boolean } = {},
): Promise<Settlement> {
  const status = receipt?.status ?? (options.receiptMissing ? "unknown" : "pending");
  const events = readExchangeEvents(receipt?.logs ?? []);
  const { to } = tx;
  const toExecutor = to !== null && isAddressEqual(to, CONTRACTS.batchExecutor);
  const settlement: Settlement = {
    txHash: tx.hash,
    status,
    blockNumber: receipt?.blockNumber ?? tx.blockNumber,
    ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
    from: tx.from,
    to,
    input: tx.input,
    selector: size(tx.input) >= 4 ? slice(tx.input, 0, 4) : null,
    value: tx.value,
    gasUsed: receipt?.gasUsed ?? null,
    papertrade: toExecutor || (to !== null && isAddressEqual(to, CONTRACTS.exchange)) ||
      events.length > 0,
    isBatch: false,
    intents: [],
    events,
  };
  const batch = toExecutor ? decodeBatchCalldata(tx.input) : null;
  if (batch === null) return settlement;

  const executions = readExecutions(receipt?.logs ?? []);
  settlement.isBatch = true;
  const only = batch.filter((intent) => intent.index === options.onlyIndex);
  settlement.intents = await Promise.all(
    (only.length > 0 ? only : batch).map(async (intent): Promise<SettledIntent> => {
      const event = executions.find((execution) => execution.index === intent.index);
      const userField = intent.fields?.user;
      const wallet = typeof userField === "string" ? userField as Address : event?.user ?? null;
      const check = intent.action !== null && intent.fields !== null
        ? await verifyIntent(
          intent.action,
          intent.fields,
          intent.signature,
          intent.signer,
          event?.intentId ?? null,
        )
        : unverified(intent.decodeError ?? "the payload did not decode");
      return {
        index: intent.index,
        action: intent.action,
        wallet,
        signer: intent.signer,
        fields: intent.fields,
        reported: event?.success ?? null,
        failureReason: event && !event.success ? event.reason : null,
        intentId: event?.intentId ?? check.computedIntentId,
        ...check,
      };
    }),
  );
  return settlement;
}

/**
 * Fetches a transaction, its receipt and its block (for the time), and decodes it;
 * `{ found: false }` when no endpoint knows the hash. Given the block it is believed in
 * (`options.blockNumber`, say from its IntentExecuted log), the three reads go out together;
 * else the block read starts once the transaction names it (two round trips, the fewest then).
 * The receipt decides: if it names another block (a reorg, a wrong guess), that one is read.
 */
export async function decodeTransaction(
  client: HyperEvmClient,
  hash: Hex,
  options: DecodeOptions & { blockNumber?: bigint } = {},
): Promise<{ found: false } | ({ found: true } & Settlement)> {
  // The transaction is required; the receipt and the block are parts that may fail alone.
  const missing: HyperEvmError[] = [];
  const soft = <T>(read: Promise<T>): Promise<T | null> =>
    read.catch((error) => {
      if (!(error instanceof HyperEvmError)) throw error;
      missing.push(error);
      return null;
    });
  const txRead = client.transaction(hash);
  const blockRead = options.blockNumber === undefined
    ? txRead.then((tx) => tx?.blockNumber == null ? null : soft(client.block(tx.blockNumber)))
    : soft(client.block(options.blockNumber));
  const [tx, receipt, early] = await Promise.all([
    txRead,
    soft(client.receipt(hash)),
    blockRead.catch(() => null),
  ]);
  if (tx === null) return { found: false };
  const receiptMissing = missing.some((error) => error.method === "eth_getTransactionReceipt");
  const minedIn = receipt?.blockNumber ?? null;
  const block = minedIn === null
    ? null
    : early?.number === minedIn
    ? early
    : await soft(client.block(minedIn));
  const settlement = await decodeSettlement(tx, receipt, {
    timestamp: block?.timestamp,
    onlyIndex: options.onlyIndex,
    receiptMissing,
  });
  return { found: true, ...settlement, ...(missing.length > 0 ? { missing } : {}) };
}

/** What checking one intent's signature gives. */
type IntentCheck = Pick<
  SettledIntent,
  "recoveredSigner" | "computedIntentId" | "signatureVerified" | "verificationProblem"
>;

const unverified = (problem: string, found: Partial<IntentCheck> = {}): IntentCheck => ({
  recoveredSigner: null,
  computedIntentId: null,
  ...found,
  signatureVerified: false,
  verificationProblem: problem,
});

/**
 * Recomputes an intent's digest and id (from the declared signer), recovers who signed, and
 * checks the id the executor recorded, if any. Never rejects: unverified, with the reason.
 */
export async function verifyIntent(
  kind: IntentKind,
  fields: IntentFields,
  signature: Hex,
  declaredSigner: Address,
  recordedIntentId: Hex | null,
): Promise<IntentCheck> {
  let digest: Hex | null = null;
  let computedIntentId: Hex;
  let recoveredSigner: Address;
  try {
    digest = intentDigest(kind, fields);
    computedIntentId = intentId(digest, declaredSigner);
  } catch (error) {
    const line = firstLine(error);
    return unverified(digest === null ? `the fields do not fit the ${kind} type: ${line}` : line);
  }
  try {
    recoveredSigner = (await recoverAddress({ hash: digest, signature })).toLowerCase() as Address;
  } catch (error) {
    return unverified(`the signature is malformed: ${firstLine(error)}`, { computedIntentId });
  }
  const found = { recoveredSigner, computedIntentId };
  if (!isAddressEqual(recoveredSigner, declaredSigner)) {
    const declared = declaredSigner.toLowerCase();
    return unverified(
      `the signature recovers to ${recoveredSigner}, not the declared signer ${declared}`,
      found,
    );
  }
  if (recordedIntentId && recordedIntentId.toLowerCase() !== computedIntentId) {
    const recorded = recordedIntentId.toLowerCase();
    return unverified(
      `the recorded intent id ${recorded} does not match the recomputed ${computedIntentId}`,
      found,
    );
  }
  return { ...found, signatureVerified: true, verificationProblem: null };
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0];
}
