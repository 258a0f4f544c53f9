import type { SettledIntent } from "../lib/hyperevm/mod.ts";
import { Field } from "./Field.tsx";
import { paramsOfCalldata } from "../lib/intents/mod.ts";
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
 * One intent of a settlement batch: who it acted for, who signed it, whether the signature
 * recomputes to the recorded id, whether it executed (the failure reason is chain text, shown
 * as text), and its fields in display units.
 */
export function SettledIntentCard(
  props: { intent: SettledIntent; now: number; heading?: string; txHash?: string },
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
        <div>
          <dt>Signed by</dt>
          <dd class="mono break">
            {intent.signer}
            {wallet && intent.signer !== wallet && <span class="muted">(session key)</span>}
            {wallet && intent.signer === wallet && <span class="muted">(the wallet)</span>}
          </dd>
        </div>
        <Field label="Intent id">
          {intent.intentId
            ? <IntentLink id={intent.intentId} wallet={wallet} tx={props.txHash} full />
            : "n/a"}
        </Field>
        <Field label="Signature">
          <Check ok={intent.signatureVerified} yes="verified" no="not verified" />
          {intent.verificationProblem && <span class="muted">({intent.verificationProblem})</span>}
        </Field>
        <Field label="Executed">
          <Check ok={intent.executed} yes="executed" no="not executed" />
          {intent.failureReason && (
            <>
              {": "}
              <q class="untrusted">
                <bdi>{intent.failureReason}</bdi>
              </q>
            </>
          )}
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
