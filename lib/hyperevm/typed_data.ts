import {
  hashTypedData,
  type Hex,
  type TypedDataDefinition,
  type TypedDataDomain,
  type TypedDataParameter,
} from "viem";
import { DOMAINS, INTENT_TYPES, type IntentKind } from "./contracts.ts";
import type { IntentFields, IntentMessage } from "./intent_fields.ts";

/** The viem typed-data object of an intent: what a wallet or session key signs. */
interface IntentTypedData {
  domain: TypedDataDomain;
  types: Record<string, readonly TypedDataParameter[]>;
  primaryType: string;
  message: IntentFields;
}

/**
 * Builds the EIP-712 typed data for an intent kind and its message: the Exchange, Staking or
 * Cancel domain, the modelled struct type, and the message as given (validated when hashed).
 */
export function intentTypedData<K extends IntentKind>(
  kind: K,
  message: IntentMessage<K> | IntentFields,
): IntentTypedData {
  const spec = INTENT_TYPES[kind];
  return {
    domain: DOMAINS[spec.domain],
    types: { [spec.primaryType]: spec.fields },
    primaryType: spec.primaryType,
    message,
  };
}

/** {@link IntentTypedData} in the type viem's hashing and signing functions accept. */
export function asViemTypedData(typedData: IntentTypedData): TypedDataDefinition {
  return typedData as unknown as TypedDataDefinition;
}

/**
 * The EIP-712 digest `keccak256(0x1901 ‖ domainSeparator ‖ structHash)` of an intent.
 *
 * @throws when the message misses a field or a value does not fit its type (viem validates).
 */
export function intentDigest<K extends IntentKind>(
  kind: K,
  message: IntentMessage<K> | IntentFields,
): Hex {
  return hashTypedData(asViemTypedData(intentTypedData(kind, message)));
}
