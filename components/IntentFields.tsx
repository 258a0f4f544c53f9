/**
 * An intent's fields in the words of `intentFieldRows` (the MCP settlement view's too); position
 * ids link to their pages, times show their age.
 */
import type { ComponentChildren } from "preact";
import { type IntentFieldRow, intentFieldRows, type IntentFieldsJson } from "../lib/intent/mod.ts";
import { Field } from "./Field.tsx";
import { PositionLink } from "./links.tsx";
import { Time } from "./Time.tsx";

export function IntentFields(
  props: { fields: IntentFieldsJson; wallet: string | null; now: number },
) {
  const rows = intentFieldRows(props.fields);
  if (rows.length === 0) return <p class="muted">No decoded fields.</p>;
  const value = ({ key, text }: IntentFieldRow): ComponentChildren => {
    const time = key === "deadline" || key === "expires_at" ? props.fields[key] : undefined;
    if (time) return <Time at={Date.parse(time)} now={props.now} />;
    if (key === "position_ids") {
      return (
        <span class="id-list">
          {props.fields.position_ids!.map((id) => (
            <PositionLink key={id} id={id} wallet={props.wallet} />
          ))}
        </span>
      );
    }
    const mono = /^(session_key|nonce|amount_raw|cancelled_intent_id)$/.test(key);
    return mono ? <span class="mono break">{text}</span> : text;
  };
  return (
    <dl class="fields">
      {rows.map((row) => <Field key={row.key} label={row.label}>{value(row)}</Field>)}
    </dl>
  );
}
