import { hashTypedData, type Hex } from "viem";
import type { IntentKind } from "./contracts.ts";
import type { IntentFields, IntentMessage } from "./intent_fields.ts";
import { asViemTypedData, intentTypedData } from "./typed_data.ts";

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
