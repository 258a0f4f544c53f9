/**
 * Test vectors shared by this folder's tests: fixed keys, one message per intent kind, and
 * builders for calldata, payloads and IntentExecuted logs. Test-only; not exported by mod.ts.
 */
import {
  type AbiParameter,
  type Address,
  encodeAbiParameters,
  encodeEventTopics,
  encodeFunctionData,
  type Hex,
} from "viem";
import { type PrivateKeyAccount, privateKeyToAccount } from "viem/accounts";
import {
  BATCH_EXECUTOR_ABI,
  CONTRACTS,
  INTENT_TYPES,
  type IntentKind,
  ZERO_ADDRESS,
} from "./contracts.ts";
import type { IntentFields } from "./intent_fields.ts";
import { asViemTypedData, intentTypedData } from "./typed_data.ts";
import type { HyperEvmLog } from "./types.ts";

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
  return account.signTypedData(asViemTypedData(intentTypedData(kind, message)));
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
  const topics = encodeEventTopics({
    abi: BATCH_EXECUTOR_ABI,
    eventName: "IntentExecuted",
    args: { intentId: options.intentId, user: options.user },
  }) as Hex[];
  const data = encodeAbiParameters(
    [{ type: "uint256" }, { type: "uint8" }, { type: "bool" }, { type: "bytes" }],
    [options.index, options.kind, options.success, options.reason ?? "0x"],
  );
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
