import type { Address, Hex } from "viem";
import type { INTENT_TYPES, IntentKind } from "./contracts.ts";

/** One decoded intent field: uints as bigint, lower-case addresses and bytes32, id lists. */
export type IntentFieldValue = bigint | boolean | Address | Hex | readonly bigint[];

/** The EIP-712 message of an intent whose kind is known only at run time. */
export type IntentFields = Readonly<Record<string, IntentFieldValue>>;

type FieldValue<T extends string> = T extends "address" ? Address
  : T extends "bool" ? boolean
  : T extends "bytes32" ? Hex
  : T extends `${string}[]` ? readonly bigint[]
  : bigint;

/** The EIP-712 message of one intent kind, field by field (e.g. `IntentMessage<"stakePaper">`). */
export type IntentMessage<K extends IntentKind> = {
  readonly [F in (typeof INTENT_TYPES)[K]["fields"][number] as F["name"]]: FieldValue<F["type"]>;
};
