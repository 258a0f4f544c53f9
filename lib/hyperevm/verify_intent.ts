import { type Address, type Hex, isAddressEqual, recoverAddress } from "viem";
import type { IntentKind } from "./contracts.ts";
import type { IntentFields } from "./intent_fields.ts";
import { intentDigest } from "./typed_data.ts";
import { intentId } from "./intent_id.ts";

interface VerifyIntentParameters {
  kind: IntentKind;
  /** The intent's EIP-712 message, e.g. a decoded batch payload. */
  fields: IntentFields;
  signature: Hex;
  /** The signer the batch names (session key or wallet). */
  declaredSigner: Address;
  /** The id the executor recorded, when an event was found. */
  recordedIntentId?: Hex | null;
}

interface VerifyIntentReturnType {
  /** EIP-712 digest, or null when the fields do not fit the kind's type. */
  digest: Hex | null;
  /** Address the signature recovers to, lower-case; null when it does not recover. */
  recoveredSigner: Address | null;
  /** Intent id from the digest and the declared signer. */
  computedIntentId: Hex | null;
  /** The signature recovers to the declared signer. */
  signerMatches: boolean;
  /** The computed id equals the recorded one; null when none was recorded. */
  intentIdMatches: boolean | null;
  /** Signer matches and, when an id was recorded, the id recomputes. */
  signatureVerified: boolean;
  /** Why verification failed, in a sentence; null when verified. */
  problem: string | null;
}

/**
 * Recomputes an intent's digest and id and recovers who signed it. Never rejects: malformed
 * fields or signatures come back as `signatureVerified: false` with the reason in `problem`.
 */
export async function verifyIntent(
  parameters: VerifyIntentParameters,
): Promise<VerifyIntentReturnType> {
  const { kind, fields, signature, declaredSigner, recordedIntentId } = parameters;
  const result: VerifyIntentReturnType = {
    digest: null,
    recoveredSigner: null,
    computedIntentId: null,
    signerMatches: false,
    intentIdMatches: null,
    signatureVerified: false,
    problem: null,
  };
  try {
    result.digest = intentDigest(kind, fields);
    result.computedIntentId = intentId(result.digest, declaredSigner);
  } catch (error) {
    const problem = result.digest === null
      ? `the fields do not fit the ${kind} type: ${firstLine(error)}`
      : firstLine(error);
    return { ...result, problem };
  }
  if (recordedIntentId) {
    result.intentIdMatches = recordedIntentId.toLowerCase() === result.computedIntentId;
  }
  try {
    const recovered = await recoverAddress({ hash: result.digest, signature });
    result.recoveredSigner = recovered.toLowerCase() as Address;
  } catch (error) {
    return { ...result, problem: `the signature is malformed: ${firstLine(error)}` };
  }
  result.signerMatches = isAddressEqual(result.recoveredSigner, declaredSigner);
  result.signatureVerified = result.signerMatches && result.intentIdMatches !== false;
  if (!result.signerMatches) {
    result.problem =
      `the signature recovers to ${result.recoveredSigner}, not the declared signer ${declaredSigner.toLowerCase()}`;
  } else if (result.intentIdMatches === false) {
    result.problem = `the recorded intent id ${
      recordedIntentId!.toLowerCase()
    } does not match the recomputed ${result.computedIntentId}`;
  }
  return result;
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split("\n")[0];
}
