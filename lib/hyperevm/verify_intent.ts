import { type Address, type Hex, isAddressEqual, recoverAddress } from "viem";
import type { IntentFields, IntentKind } from "./contracts.ts";
import { intentDigest } from "./typed_data.ts";
import { intentId } from "./intent_id.ts";

/** What checking one intent's signature gave. */
export interface IntentCheck {
  /** Address the signature recovers to, lower-case; null when it does not recover. */
  recoveredSigner: Address | null;
  /** Intent id from the digest and the declared signer; null when the fields do not hash. */
  computedIntentId: Hex | null;
  /** The signature recovers to the declared signer and, when an id was recorded, it recomputes. */
  signatureVerified: boolean;
  /** Why verification failed, in a sentence; null when verified. */
  problem: string | null;
}

/**
 * Recomputes an intent's digest and id (from the signer the batch declares) and recovers who
 * signed it, against the id the executor recorded when an event was found. Never rejects:
 * malformed fields or signatures come back unverified with the reason in `problem`.
 */
export async function verifyIntent(
  kind: IntentKind,
  fields: IntentFields,
  signature: Hex,
  declaredSigner: Address,
  recordedIntentId: Hex | null,
): Promise<IntentCheck> {
  const failed = (problem: string, found: Partial<IntentCheck> = {}): IntentCheck => ({
    recoveredSigner: null,
    computedIntentId: null,
    ...found,
    signatureVerified: false,
    problem,
  });
  let digest: Hex | null = null;
  let computedIntentId: Hex;
  let recoveredSigner: Address;
  try {
    digest = intentDigest(kind, fields);
    computedIntentId = intentId(digest, declaredSigner);
  } catch (error) {
    const line = firstLine(error);
    return failed(digest === null ? `the fields do not fit the ${kind} type: ${line}` : line);
  }
  try {
    recoveredSigner = (await recoverAddress({ hash: digest, signature })).toLowerCase() as Address;
  } catch (error) {
    return failed(`the signature is malformed: ${firstLine(error)}`, { computedIntentId });
  }
  const found = { recoveredSigner, computedIntentId };
  if (!isAddressEqual(recoveredSigner, declaredSigner)) {
    const declared = declaredSigner.toLowerCase();
    return failed(
      `the signature recovers to ${recoveredSigner}, not the declared signer ${declared}`,
      found,
    );
  }
  if (recordedIntentId && recordedIntentId.toLowerCase() !== computedIntentId) {
    const recorded = recordedIntentId.toLowerCase();
    return failed(
      `the recorded intent id ${recorded} does not match the recomputed ${computedIntentId}`,
      found,
    );
  }
  return { ...found, signatureVerified: true, problem: null };
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0];
}
