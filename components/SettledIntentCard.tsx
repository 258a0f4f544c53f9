import type { SettledIntent, Settlement } from "../lib/hyperevm/mod.ts";
import { Field } from "./Field.tsx";
import { type IntentVerdict, intentVerdict, paramsOfCalldata } from "../lib/intent/mod.ts";
import { IntentFields } from "./IntentFields.tsx";
import { IntentLink, WalletLink } from "./links.tsx";

/** A check result as a symbol and words, so it reads without colour or symbols. */
export function Check(props: { ok: boolean; yes: string; no: string }) {
  return (
    <span class={props.ok ? "good" : "bad"}>
      <span aria-hidden="true">{props.ok ? "✓ " : "✗ "}</span>
      {props.ok ? props.yes : props.no}
    </span>
  );
}

const VERDICT_MARKS = { executed: "✓ ", failed: "✗ ", unverified: "? " } as const;
const VERDICT_TONES = { executed: "good", failed: "bad", unverified: "warn" } as const;

/** An intent's one verdict as a symbol and its word, with the reason beside it. */
export function VerdictBadge(props: { verdict: IntentVerdict }) {
  const { verdict, reason } = props.verdict;
  return (
    <>
      <span class={VERDICT_TONES[verdict]}>
        <span aria-hidden="true">{VERDICT_MARKS[verdict]}</span>
        {verdict}
      </span>
      {reason && verdict === "failed" && (
        <>
          {": "}
          <q class="untrusted">
            <bdi>{reason}</bdi>
          </q>
        </>
      )}
      {reason && verdict !== "failed" && <span class="muted">: {reason}</span>}
    </>
  );
}

/**
 * One intent of a settlement batch as the modelled executor ABI decodes it: who it acted for,
 * who signed it, whether the signature recomputes to the recorded id, its one verdict (a reason
 * may quote chain text, shown as text), and its fields in display units.
 */
export function SettledIntentCard(
  props: {
    intent: SettledIntent;
    status: Settlement["status"];
    now: number;
    heading?: string;
    txHash?: string;
  },
) {
  const intent = props.intent;
  const wallet = intent.wallet;
  const action = intent.action ?? "unknown kind";
  return (
    <article class="intent-card" id={`intent-${intent.index}`}>
      <h3>{props.heading ?? `Intent ${intent.index}: ${action}`}</h3>
      <dl class="fields">
        <Field label="Action">{action}</Field>
        <Field label="Wallet">{wallet ? <WalletLink address={wallet} full /> : "unknown"}</Field>
        <Field label="Signed by" class="mono break">
          {intent.signer}
          {wallet && (
            <>
              {" "}
              <span class="muted">
                {intent.signer === wallet ? "(the wallet)" : "(session key)"}
              </span>
            </>
          )}
        </Field>
        <Field label="Intent id">
          {intent.intentId
            ? <IntentLink id={intent.intentId} wallet={wallet} tx={props.txHash} full />
            : "n/a"}
        </Field>
        <Field label="Signature">
          <Check ok={intent.signatureVerified} yes="verified" no="not verified" />
          {intent.verificationProblem && <span class="muted">({intent.verificationProblem})</span>}
        </Field>
        <Field label="Verdict">
          <VerdictBadge verdict={intentVerdict({ settled: intent, status: props.status })} />
        </Field>
      </dl>
      {intent.fields && intent.action && (
        <>
          <h4>Fields</h4>
          <IntentFields
            params={paramsOfCalldata(intent.action, intent.fields)}
            wallet={wallet}
            now={props.now}
          />
        </>
      )}
    </article>
  );
}
