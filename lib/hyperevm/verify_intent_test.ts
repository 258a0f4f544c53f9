import { equal, match } from "node:assert/strict";
import type { Hex } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import {
  INTENT_KINDS,
  intentDigest,
  type IntentFields,
  intentId,
  type IntentKind,
} from "./contracts.ts";
import { verifyIntent } from "./decode_settlement.ts";
import {
  sampleMessage,
  SESSION_KEY_KINDS,
  sessionA,
  signIntent,
  walletA,
  walletB,
} from "../../tests/support/hyperevm.ts";

/** Signs wallet A's sample `kind` message with `signer`, then verifies it as the options say. */
async function signAndVerify(kind: IntentKind, signer: PrivateKeyAccount, options: {
  /** Who the intent claims signed it (default: the signer). */
  declaredSigner?: PrivateKeyAccount;
  recordedIntentId?: Hex;
  /** Changes the fields after signing. */
  edit?: (fields: IntentFields) => IntentFields;
} = {}) {
  const fields = sampleMessage(kind, walletA.address);
  const signature = await signIntent(kind, fields, signer);
  const result = await verifyIntent(
    kind,
    options.edit ? options.edit(fields) : fields,
    signature,
    (options.declaredSigner ?? signer).address,
    options.recordedIntentId ?? null,
  );
  return { fields, result };
}

Deno.test("a wallet-signed stake verifies and recovers the wallet", async () => {
  const { fields, result } = await signAndVerify("stakePaper", walletA);
  equal(result.signatureVerified, true);
  equal(result.recoveredSigner, walletA.address.toLowerCase());
  equal(result.computedIntentId, intentId(intentDigest("stakePaper", fields), walletA.address));
  equal(result.verificationProblem, null);
});

Deno.test("a session-key-signed open verifies against its recorded intent id", async () => {
  const fields = sampleMessage("openPosition", walletA.address);
  const recorded = intentId(intentDigest("openPosition", fields), sessionA.address);
  const { result } = await signAndVerify("openPosition", sessionA, { recordedIntentId: recorded });
  equal(result.signatureVerified, true);
  equal(result.computedIntentId, recorded);
  equal(result.recoveredSigner, sessionA.address.toLowerCase());
});

Deno.test("every kind verifies when signed by its proper signer", async () => {
  for (const kind of INTENT_KINDS) {
    const signer = SESSION_KEY_KINDS.includes(kind) ? sessionA : walletA;
    const fields = sampleMessage(kind, walletA.address);
    const result = await verifyIntent(
      kind,
      fields,
      await signIntent(kind, fields, signer),
      signer.address,
      null,
    );
    equal(result.signatureVerified, true, kind);
  }
});

Deno.test("a field changed after signing no longer recovers to the signer", async () => {
  const { result } = await signAndVerify("openPosition", sessionA, {
    edit: (fields) => ({ ...fields, leverage: 1000n }),
  });
  equal(result.signatureVerified, false);
  match(result.verificationProblem!, /not the declared signer/);
});

Deno.test("a valid signature attributed to the wrong signer fails", async () => {
  const { fields, result } = await signAndVerify("withdrawToCore", walletA, {
    declaredSigner: walletB,
  });
  equal(result.signatureVerified, false);
  equal(result.recoveredSigner, walletA.address.toLowerCase());
  equal(
    result.computedIntentId,
    intentId(intentDigest("withdrawToCore", fields), walletB.address),
  );
});

Deno.test("a recorded id that does not recompute fails even with a good signature", async () => {
  const { result } = await signAndVerify("claimRewards", walletA, {
    recordedIntentId: `0x${"ee".repeat(32)}`,
  });
  equal(result.recoveredSigner, walletA.address.toLowerCase());
  equal(result.signatureVerified, false);
  match(result.verificationProblem!, /does not match the recomputed/);
});

Deno.test("garbage signatures fail with an explanation instead of throwing", async () => {
  const fields = sampleMessage("claimRewards", walletA.address);
  const garbage: Hex[] = ["0x", "0x1234", `0x${"ff".repeat(65)}`, `0x${"11".repeat(64)}05`];
  for (const signature of garbage) {
    const result = await verifyIntent("claimRewards", fields, signature, walletA.address, null);
    equal(result.signatureVerified, false, signature);
    equal(typeof result.verificationProblem, "string", signature);
    equal(
      result.computedIntentId,
      intentId(intentDigest("claimRewards", fields), walletA.address),
      signature,
    );
  }
});

Deno.test("fields that do not form the kind's message fail with an explanation", async () => {
  const result = await verifyIntent(
    "openPosition",
    { user: walletA.address },
    `0x${"11".repeat(65)}`,
    walletA.address,
    null,
  );
  equal(result.signatureVerified, false);
  equal(result.computedIntentId, null);
  match(result.verificationProblem!, /\bopenPosition\b/, "the problem names the type");
});
