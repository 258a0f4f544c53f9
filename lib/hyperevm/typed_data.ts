import {
  hashTypedData,
  type Hex,
  type TypedDataDefinition,
  type TypedDataDomain,
  type TypedDataParameter,
} from "viem";
import { DOMAINS, INTENT_TYPES, type IntentFields, type IntentKind } from "./contracts.ts";

/**
 * The EIP-712 typed data of an intent, what a wallet or session key signs: the Exchange, Staking
 * or Cancel domain, the modelled struct type, and the message as given (validated when hashed).
 */
export function intentTypedData(kind: IntentKind, message: IntentFields): {
  domain: TypedDataDomain;
  types: Record<string, readonly TypedDataParameter[]>;
  primaryType: string;
  message: IntentFields;
} {
  const { primaryType, domain, fields } = INTENT_TYPES[kind];
  return { domain: DOMAINS[domain], types: { [primaryType]: fields }, primaryType, message };
}

/**
 * The EIP-712 digest `keccak256(0x1901 ‖ domainSeparator ‖ structHash)` of an intent.
 *
 * @throws when the message misses a field or a value does not fit its type (viem validates).
 */
export function intentDigest(kind: IntentKind, message: IntentFields): Hex {
  return hashTypedData(intentTypedData(kind, message) as unknown as TypedDataDefinition);
}
