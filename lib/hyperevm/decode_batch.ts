import {
  type AbiParameter,
  type Address,
  decodeAbiParameters,
  decodeFunctionData,
  encodeAbiParameters,
  type Hex,
} from "viem";
import {
  BATCH_EXECUTOR_ABI,
  INTENT_KINDS,
  INTENT_TYPES,
  type IntentFields,
  type IntentFieldValue,
  type IntentKind,
} from "./contracts.ts";

/** One signed intent carried by a batch. */
export interface BatchIntent {
  /** Position in the batch, as the executor's event reports it. */
  index: number;
  /** Kind name, or null when the number is outside INTENT_KINDS. */
  action: IntentKind | null;
  /** Session key or wallet that signed, lower-case. */
  signer: Address;
  signature: Hex;
  /** Decoded fields, or null when the payload does not decode for its kind. */
  fields: IntentFields | null;
  /** Why the payload did not decode; absent when it did. */
  decodeError?: string;
}

/**
 * BatchExecutor calldata as its intents; null when it is no well-formed `executeBatch` call. An
 * intent whose payload does not decode keeps its place with `decodeError`, hiding no other.
 */
export function decodeBatchCalldata(input: Hex): BatchIntent[] | null {
  let entries;
  try {
    // Lower-cased, as viem matches the selector and returns bytes as the input spells them.
    entries = decodeFunctionData({ abi: BATCH_EXECUTOR_ABI, data: input.toLowerCase() as Hex })
      .args[0];
  } catch {
    return null;
  }
  return entries.map((entry, index) => {
    const action = INTENT_KINDS[entry.kind] ?? null;
    const base = {
      index,
      action,
      signer: entry.signer.toLowerCase() as Address,
      signature: entry.signature,
    };
    if (action === null) {
      return { ...base, fields: null, decodeError: `unknown intent kind ${entry.kind}` };
    }
    try {
      return { ...base, fields: decodeIntentPayload(action, entry.payload) };
    } catch (error) {
      const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
      return { ...base, fields: null, decodeError: `${action} payload: ${reason}` };
    }
  });
}

/**
 * One intent payload as domain values; throws unless it is the canonical encoding of the kind's
 * fields (re-encoding gives the same bytes: another kind's payload or trailing bytes refused).
 */
function decodeIntentPayload(kind: IntentKind, payload: Hex): IntentFields {
  const params = INTENT_TYPES[kind].fields as readonly AbiParameter[];
  const values = decodeAbiParameters(params, payload);
  if (encodeAbiParameters(params, values).toLowerCase() !== payload.toLowerCase()) {
    throw new Error("not the canonical encoding of its fields");
  }
  return Object.fromEntries(
    params.map((param, i) => [param.name!, toDomainValue(param.type, values[i])]),
  );
}

function toDomainValue(type: string, value: unknown): IntentFieldValue {
  if (type.endsWith("[]")) return (value as readonly (number | bigint)[]).map((v) => BigInt(v));
  if (type === "bool") return value as boolean;
  if (type.startsWith("uint") || type.startsWith("int")) return BigInt(value as number | bigint);
  return (value as string).toLowerCase() as Hex;
}
