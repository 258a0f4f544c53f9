import { type Address, concat, type Hex, isHex, keccak256, size } from "viem";
import { INTENT_ID_TAG } from "./contracts.ts";

/**
 * The id relayer, account stream and executor use for an intent:
 * `keccak256(INTENT_ID_TAG ‖ digest ‖ signer)`, 32 + 32 + 20 bytes packed, where the signer is
 * whoever signed (the wallet or its session key).
 *
 * @throws {RangeError} when the digest is not 32 bytes or the signer not 20.
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
