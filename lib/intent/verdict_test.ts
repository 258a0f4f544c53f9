import assert from "node:assert/strict";
import type { SettledIntent } from "../hyperevm/mod.ts";
import { countVerdicts, intentVerdict } from "./verdict.ts";

const clean: Pick<
  SettledIntent,
  "reported" | "failureReason" | "signatureVerified" | "verificationProblem"
> = {
  reported: true,
  failureReason: null,
  signatureVerified: true,
  verificationProblem: null,
};

Deno.test("a settled intent is executed only when its event reports success and its signature verifies", () => {
  assert.deepEqual(intentVerdict({ settled: clean, status: "success" }), {
    verdict: "executed",
    reason: null,
  });
  // Tampered: the executor reports success, but what ran is not what was signed.
  const tampered = intentVerdict({
    settled: { ...clean, signatureVerified: false, verificationProblem: "recovers to 0xdead" },
    status: "success",
  });
  assert.equal(tampered.verdict, "unverified");
  assert.equal(tampered.reason, "its signature does not recompute to the recorded intent id");
  const failed = { ...clean, reported: false, failureReason: "position not open" };
  assert.deepEqual(intentVerdict({ settled: failed, status: "success" }), {
    verdict: "failed",
    reason: "position not open",
  });
  // A failure stays a failure whatever the signature says.
  assert.equal(
    intentVerdict({ settled: { ...failed, signatureVerified: false }, status: "success" }).verdict,
    "failed",
  );
});

Deno.test("no per-intent event is unverified, a reverted batch is failed, whatever the rest says", () => {
  const silent = { ...clean, reported: null };
  assert.equal(intentVerdict({ settled: silent, status: "success" }).verdict, "unverified");
  assert.match(intentVerdict({ settled: silent, status: "pending" }).reason!, /not mined/);
  assert.match(intentVerdict({ settled: silent, status: "unknown" }).reason!, /receipt/);
  assert.deepEqual(intentVerdict({ settled: clean, status: "reverted" }), {
    verdict: "failed",
    reason: "the batch transaction reverted",
  });
});

Deno.test("stream outcomes and venue records map onto the same three verdicts", () => {
  assert.equal(intentVerdict({ outcome: "succeeded" }).verdict, "executed");
  for (const outcome of ["failed", "expired", "cancelled"] as const) {
    assert.equal(intentVerdict({ outcome }).verdict, "failed", outcome);
  }
  assert.equal(intentVerdict({ outcome: "unknown" }).verdict, "unverified");
  assert.equal(intentVerdict({ recorded: "history" }).verdict, "executed");
  assert.deepEqual(
    countVerdicts([
      intentVerdict({ outcome: "succeeded" }),
      intentVerdict({ outcome: "failed" }),
      intentVerdict({ outcome: "expired" }),
      intentVerdict({ outcome: "unknown" }),
    ]),
    { executed: 1, failed: 2, unverified: 1 },
  );
});
