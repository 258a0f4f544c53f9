/**
 * Test vectors shared by this folder's tests: fixed keys, one message per intent kind, and
 * builders for calldata, payloads and IntentExecuted logs. Test-only; not exported by mod.ts.
 */
import {
  type AbiParameter,
  type Address,
  encodeAbiParameters,
  encodeFunctionData,
  type Hex,
  type TypedDataDefinition,
} from "viem";
import { type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import {
  BATCH_EXECUTOR_ABI,
  CONTRACTS,
  INTENT_KINDS,
  INTENT_TYPES,
  intentDigest,
  type IntentFields,
  intentId,
  type IntentKind,
  intentTypedData,
  ZERO_ADDRESS,
} from "../../lib/hyperevm/contracts.ts";
import { encodeIntentExecuted } from "../../fixtures/encode_execution.ts";
import type {
  HyperEvmBlock,
  HyperEvmClient,
  HyperEvmLog,
  HyperEvmReceipt,
  HyperEvmTransaction,
} from "../../lib/hyperevm/client.ts";

/** The published EIP-712 domain separators, which the domains in contracts.ts must hash to. */
export const DOMAIN_SEPARATORS = {
  exchange: "0x53a2ab5a64b3239d36b108fb4cd035ebb40ed3f71dec28e37966622670147e77",
  staking: "0x71706d56c8b436981e93987cd97df512528491b243c6d8d1614cad52659e7eb0",
} as const satisfies Record<string, Hex>;

/** Two wallets and their session keys (keys are test-only constants). */
export const walletA: PrivateKeyAccount = privateKeyToAccount(`0x${"a1".repeat(32)}`);
export const sessionA: PrivateKeyAccount = privateKeyToAccount(`0x${"a2".repeat(32)}`);
export const walletB: PrivateKeyAccount = privateKeyToAccount(`0x${"b1".repeat(32)}`);
export const sessionB: PrivateKeyAccount = privateKeyToAccount(`0x${"b2".repeat(32)}`);

/** Kinds a session key may sign; the rest need the wallet itself. */
export const SESSION_KEY_KINDS: readonly IntentKind[] = [
  "openPosition",
  "closePositions",
  "cancelIntent",
];

const DEADLINE = 1791330120n;

/** One realistic message per kind for `user`. */
export function sampleMessage(kind: IntentKind, user: Address): IntentFields {
  const u = user.toLowerCase() as Address;
  switch (kind) {
    case "openPosition":
      return {
        user: u,
        instrumentId: 1n,
        isLong: true,
        size: 250n * 10n ** 18n,
        leverage: 50n,
        useDebt: false,
        nonce: 3_145_728n,
        deadline: DEADLINE,
      };
    case "closePositions":
      return {
        user: u,
        positionIds: [53573n, 53574n, 60001n],
        nonce: 3_145_729n,
        deadline: DEADLINE,
      };
    case "cancelIntent":
      return { user: u, intentId: `0x${"cd".repeat(32)}`, deadline: DEADLINE };
    case "withdrawToCore":
      return { user: u, amount: 15_000_000n, nonce: 3_145_730n, deadline: DEADLINE };
    case "registerSessionKey":
      return {
        user: u,
        sessionKey: sessionA.address.toLowerCase() as Address,
        expiry: 1793918520n,
        feeAddress: ZERO_ADDRESS,
        nonce: 3_145_731n,
        deadline: DEADLINE,
      };
    case "stakePaper":
      return { user: u, amount: 1234n * 10n ** 18n, nonce: 9_437_184n, deadline: DEADLINE };
    case "unstakePaper":
      return { user: u, amount: 10n ** 18n, nonce: 9_437_185n, deadline: DEADLINE };
    case "claimRewards":
      return { user: u, nonce: 9_437_186n, deadline: DEADLINE };
  }
}

/** Signs an intent with viem as a wallet would (eth_signTypedData_v4). */
export function signIntent(
  kind: IntentKind,
  message: IntentFields,
  account: PrivateKeyAccount,
): Promise<Hex> {
  return account.signTypedData(intentTypedData(kind, message) as unknown as TypedDataDefinition);
}

/** ABI-encodes an intent's fields in type order: the modelled batch payload. */
export function encodePayload(kind: IntentKind, message: IntentFields): Hex {
  const params = INTENT_TYPES[kind].fields as readonly AbiParameter[];
  return encodeAbiParameters(params, params.map((param) => message[param.name!]));
}

/** One entry of executeBatch's argument. */
export interface RawBatchEntry {
  kind: number;
  signer: Address;
  payload: Hex;
  signature: Hex;
}

/** executeBatch calldata for the given entries. */
export function encodeBatch(entries: readonly RawBatchEntry[]): Hex {
  return encodeFunctionData({
    abi: BATCH_EXECUTOR_ABI,
    functionName: "executeBatch",
    args: [entries],
  });
}

/** Arguments of an IntentExecuted log, with where it sits. */
export interface ExecutedLogOptions {
  intentId: Hex;
  user: Address;
  index: bigint;
  kind: number;
  success: boolean;
  reason?: Hex;
  address?: Address;
  logIndex?: number;
  blockNumber?: bigint;
  transactionHash?: Hex;
}

/** An IntentExecuted log as a receipt carries it. */
export function executedLog(options: ExecutedLogOptions): HyperEvmLog {
  const { topics, data } = encodeIntentExecuted({ ...options, reason: options.reason ?? "0x" });
  return {
    address: options.address ?? CONTRACTS.batchExecutor,
    topics,
    data,
    blockNumber: options.blockNumber ?? 48_400_000n,
    blockHash: `0x${"0b".repeat(32)}`,
    transactionHash: options.transactionHash ?? `0x${"7a".repeat(32)}`,
    transactionIndex: 0,
    logIndex: options.logIndex ?? 0,
    removed: false,
  };
}

// A sample batch transaction, its receipt and block, and clients that serve them.

/** The hash of the sample batch transaction. */
export const TX_HASH: Hex = `0x${"7a".repeat(32)}`;
/** The relayer that sends the sample batches. */
export const RELAYER: Address = "0x3721476de31190dc1af8908026abe20efe25cf99";

/** One signed batch entry of `kind` for `wallet`, signed by `signer`, with its intent id. */
export async function batchEntry(kind: IntentKind, wallet: Address, signer: PrivateKeyAccount) {
  const fields = sampleMessage(kind, wallet);
  const raw: RawBatchEntry = {
    kind: INTENT_KINDS.indexOf(kind),
    signer: signer.address,
    payload: encodePayload(kind, fields),
    signature: await signIntent(kind, fields, signer),
  };
  return { raw, id: intentId(intentDigest(kind, fields), signer.address) };
}

/** The sample batch transaction carrying `input` (to the executor unless `to` is given). */
export function batchTransaction(
  input: Hex,
  to: Address | null = CONTRACTS.batchExecutor,
): HyperEvmTransaction {
  return {
    hash: TX_HASH,
    blockNumber: 48_400_000n,
    blockHash: `0x${"0b".repeat(32)}`,
    transactionIndex: 0,
    from: RELAYER,
    to,
    input,
    value: 0n,
    nonce: 12,
    gas: 3_000_000n,
    gasPrice: 100_000_000n,
  };
}

/** The sample batch transaction's receipt with these logs. */
export function batchReceipt(
  logs: HyperEvmReceipt["logs"],
  status: "success" | "reverted" = "success",
) {
  return {
    transactionHash: TX_HASH,
    blockNumber: 48_400_000n,
    blockHash: `0x${"0b".repeat(32)}`,
    transactionIndex: 0,
    status,
    from: RELAYER,
    to: CONTRACTS.batchExecutor,
    gasUsed: 900_000n,
    effectiveGasPrice: 100_000_000n,
    contractAddress: null,
    logs,
  } satisfies HyperEvmReceipt;
}

/** A client whose answers the test gives, recording each request as it is made. */
export function deferredChainClient() {
  const calls: string[] = [];
  const tx = Promise.withResolvers<HyperEvmTransaction | null>();
  const rec = Promise.withResolvers<HyperEvmReceipt | null>();
  const blocks = new Map<bigint, PromiseWithResolvers<HyperEvmBlock | null>>();
  const blockOf = (number: bigint) => {
    if (!blocks.has(number)) blocks.set(number, Promise.withResolvers());
    return blocks.get(number)!;
  };
  const client: HyperEvmClient = {
    ...fakeChainClient(null, null),
    transaction: () => {
      calls.push("transaction");
      return tx.promise;
    },
    receipt: () => {
      calls.push("receipt");
      return rec.promise;
    },
    block: (number) => {
      calls.push(`block ${number}`);
      return blockOf(number).promise;
    },
  };
  const answer = {
    transaction: (value: HyperEvmTransaction | null) => tx.resolve(value),
    receipt: (value: HyperEvmReceipt | null) => rec.resolve(value),
    block: (number: bigint, timestamp = 1791327001n) =>
      blockOf(number).resolve({ ...BATCH_BLOCK, number, timestamp }),
  };
  return { client, calls, answer };
}

/** The block the sample batch is mined in. */
export const BATCH_BLOCK: HyperEvmBlock = {
  number: 48_400_000n,
  hash: `0x${"0b".repeat(32)}`,
  parentHash: `0x${"0a".repeat(32)}`,
  timestamp: 1791327001n,
  miner: RELAYER,
  gasUsed: 0n,
  gasLimit: 30_000_000n,
  baseFeePerGas: null,
  transactions: [TX_HASH],
};

/** A client that answers every read at once with these answers. */
export function fakeChainClient(
  tx: HyperEvmTransaction | null,
  rec: HyperEvmReceipt | null,
): HyperEvmClient {
  return {
    blockNumber: () => Promise.resolve(48_400_010n),
    block: (number) => Promise.resolve({ ...BATCH_BLOCK, number }),
    transaction: () => Promise.resolve(tx),
    receipt: () => Promise.resolve(rec),
    logs: () => Promise.resolve([]),
    winFeeRate: () => Promise.resolve(2n * 10n ** 16n),
  };
}

/**
 * A test client's `blockNumber`: the head read once and shared, as the real client shares it for
 * a few seconds; `cacheTime: 0` reads again, and `forget()` stands for those seconds passing.
 */
export function sharedHead(read: () => Promise<bigint>) {
  let head: Promise<bigint> | undefined;
  const blockNumber = (options: { cacheTime?: number } = {}) =>
    head && options.cacheTime !== 0 ? head : (head = read());
  return Object.assign(blockNumber, { forget: () => (head = undefined) });
}
