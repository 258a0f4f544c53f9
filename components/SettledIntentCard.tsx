import type { SettledIntent } from "../lib/hyperevm/mod.ts";
import { settledIntentJson } from "../tools/_json_intents.ts";
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
  const json = settledIntentJson(props.intent);
  const wallet = json.wallet;
  return (
    <article class="intent-card" id={`intent-${json.index}`}>
      <h3>{props.heading ?? `Intent ${json.index}: ${json.action ?? "unknown kind"}`}</h3>
      <dl class="fields">
        <div>
          <dt>Action</dt>
          <dd>{json.action ?? "unknown kind"}</dd>
        </div>
        <div>
          <dt>Wallet</dt>
          <dd>{wallet ? <WalletLink address={wallet} full /> : "unknown"}</dd>
        </div>
        <div>
          <dt>Signed by</dt>
          <dd class="mono break">
            {json.signer}
            {wallet && json.signer !== wallet && <span class="muted">(session key)</span>}
            {wallet && json.signer === wallet && <span class="muted">(the wallet)</span>}
          </dd>
        </div>
        <div>
          <dt>Intent id</dt>
          <dd>
            {json.intent_id
              ? <IntentLink id={json.intent_id} wallet={wallet} tx={props.txHash} full />
              : "n/a"}
          </dd>
        </div>
        <div>
          <dt>Signature</dt>
          <dd>
            <Check ok={json.signature_verified} yes="verified" no="not verified" />
            {json.verification_problem && <span class="muted">({json.verification_problem})</span>}
          </dd>
        </div>
        <div>
          <dt>Executed</dt>
          <dd>
            <Check ok={json.executed} yes="executed" no="not executed" />
            {json.failure_reason && (
              <>
                {": "}
                <q class="untrusted">
                  <bdi>{json.failure_reason}</bdi>
                </q>
              </>
            )}
          </dd>
        </div>
      </dl>
      {json.fields && (
        <>
          <h4>Fields</h4>
          <IntentFields fields={json.fields} wallet={wallet} now={props.now} />
        </>
      )}
    </article>
  );
}
