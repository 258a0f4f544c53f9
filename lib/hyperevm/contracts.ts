/**
 * The one place that states what the explorer assumes about HyperEVM contracts: addresses,
 * EIP-712 domains, intent types, digests and ids, and the BatchExecutor ABI. Facts (addresses, domains, the
 * intent-id tag) are used as published; every shape no public source gives is marked
 * `modelled:` with its reason.
 */
import {
  type Address,
  concat,
  hashTypedData,
  type Hex,
  isHex,
  keccak256,
  parseAbi,
  parseAbiItem,
  parseAbiParameters,
  size,
  type TypedDataDefinition,
} from "viem";

import { CHAIN_ID, CONTRACTS } from "./addresses.ts";

export { CHAIN_ID, CONTRACTS };

// Every domain is version 1 on HyperEVM; they differ in name and verifying contract.
const domain = (name: string, verifyingContract: Address) => ({
  name,
  version: "1",
  chainId: CHAIN_ID,
  verifyingContract,
});

/** The EIP-712 domains by the name intent types use. */
export const DOMAINS = {
  /** The name really is "String". */
  exchange: domain("String", CONTRACTS.exchange),
  staking: domain("PaperStaking", CONTRACTS.paperStaking),
  // modelled: [chain.cancelDomain] the cancel domain's name and version are unknown
  // (docs/data-sources.md: a separate cancel domain whose verifying contract is the
  // Exchange); ours is a plausible guess.
  cancel: domain("PapertradeCancel", CONTRACTS.exchange),
};

/** The zero address, which a RegisterSessionKey intent always carries as its fee address. */
export const ZERO_ADDRESS: Address = "0x0000000000000000000000000000000000000000";

/** keccak256("papertrade:intent-id:v2"), the tag that prefixes every intent id preimage. */
export const INTENT_ID_TAG: Hex =
  "0xf42e60f8efa2a9e7f0871f979962930f4f0da165cafc8ebb9fd1ddaa48a8f1a0";

/** Intent kinds in the order the modelled BatchExecutor enumerates them. */
export const INTENT_KINDS = [
  "openPosition",
  "closePositions",
  "cancelIntent",
  "withdrawToCore",
  "registerSessionKey",
  "stakePaper",
  "unstakePaper",
  "claimRewards",
] as const;

export type IntentKind = typeof INTENT_KINDS[number];

/** One decoded intent field: uints as bigint, lower-case addresses and bytes32, id lists. */
export type IntentFieldValue = bigint | boolean | Address | Hex | readonly bigint[];

/** The EIP-712 message of an intent (its kind's fields, by name). */
export type IntentFields = Readonly<Record<string, IntentFieldValue>>;

// modelled: [chain.typeStrings] the EIP-712 type strings are unpublished; each struct is built
// from the SDK's field list in its order, with Solidity widths taken from the SDK's Rust widths.
/** EIP-712 primary type name and fields for every intent kind. */
export const INTENT_TYPES = {
  openPosition: {
    primaryType: "OpenPosition",
    domain: "exchange",
    fields: parseAbiParameters(
      "address user, uint32 instrumentId, bool isLong, uint128 size, uint32 leverage, bool useDebt, uint128 nonce, uint64 deadline",
    ),
  },
  closePositions: {
    primaryType: "ClosePositions",
    domain: "exchange",
    fields: parseAbiParameters(
      "address user, uint256[] positionIds, uint128 nonce, uint64 deadline",
    ),
  },
  cancelIntent: {
    primaryType: "CancelIntent",
    domain: "cancel",
    fields: parseAbiParameters("address user, bytes32 intentId, uint256 deadline"),
  },
  withdrawToCore: {
    primaryType: "WithdrawToCore",
    domain: "exchange",
    fields: parseAbiParameters("address user, uint64 amount, uint128 nonce, uint64 deadline"),
  },
  registerSessionKey: {
    primaryType: "RegisterSessionKey",
    domain: "exchange",
    fields: parseAbiParameters(
      "address user, address sessionKey, uint64 expiry, address feeAddress, uint128 nonce, uint64 deadline",
    ),
  },
  stakePaper: {
    primaryType: "StakePaper",
    domain: "staking",
    fields: parseAbiParameters("address user, uint256 amount, uint128 nonce, uint64 deadline"),
  },
  unstakePaper: {
    primaryType: "UnstakePaper",
    domain: "staking",
    fields: parseAbiParameters("address user, uint256 amount, uint128 nonce, uint64 deadline"),
  },
  claimRewards: {
    primaryType: "ClaimRewards",
    domain: "staking",
    fields: parseAbiParameters("address user, uint128 nonce, uint64 deadline"),
  },
} as const;

// modelled: [chain.batchCalldata, chain.batchEvent] the BatchExecutor ABI and event are
// unpublished. A batch is one call carrying an array of signed intents; `payload` is the ABI
// encoding of the intent's EIP-712 fields in order, and the executor emits one IntentExecuted
// per intent with the id it derived.
/** Modelled BatchExecutor ABI: `executeBatch((uint8,address,bytes,bytes)[])` and its event. */
export const BATCH_EXECUTOR_ABI = parseAbi([
  "function executeBatch((uint8 kind, address signer, bytes payload, bytes signature)[] intents)",
  "event IntentExecuted(bytes32 indexed intentId, address indexed user, uint256 index, uint8 kind, bool success, bytes reason)",
]);

/**
 * The Exchange's published events (docs/data-sources.md): `PositionsClosed` and `Liquidated`
 * with their verified topics; the deposit and withdrawal events' topics and layouts are facts,
 * their names ours, so they are declared anonymous with the topic as first indexed input (viem
 * decodes them from the same ABI). PositionsClosed's first two words were named by a third
 * party (inferred names).
 */
export const EXCHANGE_EVENTS_ABI = [
  ...parseAbi([
    "event PositionsClosed(address indexed user, uint256 marginReturned, uint256 balanceAfter, uint256 stakerFee, uint256 devFee)",
    "event Liquidated(uint256 indexed positionId, address indexed user, uint64 markPrice, uint64 bustPrice, bool fromQueuedBalance, uint256 stakerFee, uint256 devFee)",
  ]),
  {
    ...parseAbiItem(
      "event Deposit(bytes32 indexed topic, address indexed user, address indexed depositProxy, uint256 amountUsdc8, uint256 zeroWord, uint256 creditedBlock)",
    ),
    anonymous: true,
  },
  {
    ...parseAbiItem(
      "event WithdrawToCore(bytes32 indexed topic, address indexed user, uint256 amount, uint256 amountUsdc8)",
    ),
    anonymous: true,
  },
] as const;

/** topic0 of each Exchange event (the first two are the hashes of their signatures). */
export const EXCHANGE_EVENT_TOPICS = {
  PositionsClosed: "0xa32e4800a59f03b131f5fea90951bdf00d8d505ad98f48ece29d8620a0bf09b0",
  Liquidated: "0x0c859bc5db091ba3b9dc10c00f8dfc78b1f0b7e2566d107253ae67c069ae5de8",
  Deposit: "0x02d61879cd72906e0951e3a96096407dd2b1f2cd2d063dae983bb20216cf3025",
  WithdrawToCore: "0x95d1a93901f24eeaa294588802f66fa008f9f3741060c9f79e5dab4709de5e75",
} as const satisfies Record<string, Hex>;

/** How many recent blocks lookup_intent scans. */
export const INTENT_SCAN = { blocks: 6000n } as const;

/**
 * The EIP-712 typed data of an intent, what a wallet or session key signs: its domain, the
 * modelled struct type, and the message as given (validated when hashed).
 */
export function intentTypedData(kind: IntentKind, message: IntentFields) {
  const { primaryType, domain, fields } = INTENT_TYPES[kind];
  return { domain: DOMAINS[domain], types: { [primaryType]: fields }, primaryType, message };
}

/**
 * The EIP-712 digest `keccak256(0x1901 ‖ domainSeparator ‖ structHash)` of an intent; throws
 * when the message misses a field or a value does not fit its type (viem validates).
 */
export function intentDigest(kind: IntentKind, message: IntentFields): Hex {
  return hashTypedData(intentTypedData(kind, message) as unknown as TypedDataDefinition);
}

/**
 * The id relayer, account stream and executor use for an intent:
 * `keccak256(INTENT_ID_TAG ‖ digest ‖ signer)`, 32 + 32 + 20 bytes packed, the signer being
 * whoever signed (the wallet or its session key). A RangeError for other sizes.
 */
export function intentId(digest: Hex, signer: Address): Hex {
  if (!isHex(digest, { strict: true }) || size(digest) !== 32) {
    throw new RangeError(`intent digest must be 32 bytes of hex, got ${digest}`);
  }
  if (!isHex(signer, { strict: true }) || size(signer) !== 20) {
    throw new RangeError(`signer must be a 20-byte address, got ${signer}`);
  }
  return keccak256(concat([INTENT_ID_TAG, digest, signer]));
}
