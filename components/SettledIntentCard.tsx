import type { ComponentChildren } from "preact";
import type { IntentVerdict, SettledIntentJson } from "../lib/intent/mod.ts";
import { Field } from "./Field.tsx";
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

/**
 * A page's headline: a failed (✗, red) or unverified (?) verdict marks the title and puts its
 * alert under it, so nothing on the page reads as a success beside it.
 */
export function Headline(
  props: { alarm: "failed" | "unverified" | null; title: string; children?: ComponentChildren },
) {
  const failed = props.alarm === "failed";
  return (
    <>
      <h1 class={failed ? "failed" : undefined}>
        {props.alarm && <span class="mark" aria-hidden="true">{failed ? "✗" : "?"}</span>}
        {props.title}
      </h1>
      {props.alarm && (
        <p class={failed ? "alert alert-danger" : "alert"} role="alert">{props.children}</p>
      )}
    </>
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
 * A settled intent: its wallet, signer, whether the signature recomputes to the recorded id, its
 * verdict (a reason may quote chain text, shown as text) and its fields.
 */
export function SettledIntentCard(
  props: { intent: SettledIntentJson; now: number; heading?: string; txHash?: string },
) {
  const { intent } = props;
  const { wallet } = intent;
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
          {intent.intent_id
            ? <IntentLink id={intent.intent_id} wallet={wallet} tx={props.txHash} full />
            : "n/a"}
        </Field>
        <Field label="Signature">
          <Check ok={intent.signature_verified} yes="verified" no="not verified" />
          {intent.verification_problem && <span class="muted">({intent.verification_problem})
          </span>}
        </Field>
        <Field label="Verdict">
          <VerdictBadge verdict={{ verdict: intent.verdict, reason: intent.verdict_reason }} />
        </Field>
      </dl>
      {intent.fields && (
        <>
          <h4>Fields</h4>
          <IntentFields fields={intent.fields} wallet={wallet} now={props.now} />
        </>
      )}
    </article>
  );
}
