/**
 * The fields of an intent in display units. The conversion to units (wad margin, 6-decimal
 * USDC withdrawals, PAPER stakes, unix-second deadlines) is the tools' own, so a page and a
 * tool result never disagree on a value.
 */
import type { ComponentChildren } from "preact";
import type { z } from "zod";
import type { intentFieldsOut } from "../tools/_json_intents.ts";
import { PositionLink } from "./links.tsx";
import { Time } from "./Time.tsx";

/** Intent fields as the tools report them. */
export type IntentFieldsJson = z.input<typeof intentFieldsOut>;

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const plain = new Intl.NumberFormat("en-US", { maximumFractionDigits: 6 });

/** A definition list of the fields that are set; position ids link to their pages. */
export function IntentFields(
  props: { fields: IntentFieldsJson; wallet: string | null; now: number },
) {
  const f = props.fields;
  const at = (iso: string | null | undefined) =>
    iso ? <Time at={Date.parse(iso)} now={props.now} /> : "out of range";
  const rows: Array<{ label: string; value: ComponentChildren }> = [];
  const add = (label: string, value: ComponentChildren) => rows.push({ label, value });
  if (f.market !== undefined) add("Market", f.market);
  if (f.side !== undefined) add("Side", f.side);
  if (f.margin_usd !== undefined) add("Margin", usd.format(f.margin_usd));
  if (f.leverage !== undefined) add("Leverage", `${f.leverage}x`);
  if (f.use_debt !== undefined) {
    add("Funded from", f.use_debt ? "queued balance" : "balance");
  }
  if (f.position_ids !== undefined) {
    add(
      f.position_ids.length === 1 ? "Position" : "Positions",
      <span class="id-list">
        {f.position_ids.map((id) => <PositionLink key={id} id={id} wallet={props.wallet} />)}
      </span>,
    );
  }
  if (f.amount_usd !== undefined) add("Amount", usd.format(f.amount_usd));
  if (f.amount_paper !== undefined) add("Amount", `${plain.format(f.amount_paper)} PAPER`);
  if (f.amount_raw !== undefined) {
    add("Amount (raw)", <span class="mono">{f.amount_raw}</span>);
  }
  if (f.session_key !== undefined) {
    add("Session key", <span class="mono break">{f.session_key}</span>);
  }
  if (f.expires_at !== undefined) add("Key expires", at(f.expires_at));
  if (f.cancelled_intent_id !== undefined) {
    // A cancelled intent never settles, so there is no page to send anyone to.
    add(
      "Cancels intent",
      <code class="mono break" title={f.cancelled_intent_id}>{f.cancelled_intent_id}</code>,
    );
  }
  if (f.nonce !== undefined) add("Nonce", <span class="mono">{f.nonce}</span>);
  if (f.deadline !== undefined) add("Deadline", at(f.deadline));
  if (rows.length === 0) return <p class="muted">No decoded fields.</p>;
  return (
    <dl class="fields">
      {rows.map((row) => (
        <div key={row.label}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
