/**
 * The fields of an intent in display units. The units themselves (wad margin, 6-decimal USDC
 * withdrawals, PAPER stakes, unix-second deadlines) are settled once in lib/intent
 * (`IntentParams`), which the tools' JSON reads too, so a page and a tool never disagree.
 */
import type { ComponentChildren } from "preact";
import type { IntentParams } from "../lib/intent/mod.ts";
import { msFromSeconds } from "../lib/format.ts";
import { formatToken, formatUsd, formatUsdc } from "../lib/format.ts";
import { PositionLink } from "./links.tsx";
import { Time } from "./Time.tsx";

/** A definition list of the fields that are set; position ids link to their pages. */
export function IntentFields(
  props: { params: IntentParams; wallet: string | null; now: number },
) {
  const f = props.params;
  const at = (seconds: bigint) => {
    const ms = msFromSeconds(seconds);
    return ms === null ? "out of range" : <Time at={ms} now={props.now} />;
  };
  const rows: Array<{ label: string; value: ComponentChildren }> = [];
  const add = (label: string, value: ComponentChildren) => rows.push({ label, value });
  if (f.market !== undefined) add("Market", f.market);
  if (f.isLong !== undefined) add("Side", f.isLong ? "long" : "short");
  if (f.margin !== undefined) add("Margin", formatUsd(f.margin));
  if (f.leverage !== undefined) add("Leverage", `${f.leverage}x`);
  if (f.useDebt !== undefined) {
    add("Funded from", f.useDebt ? "queued balance" : "balance");
  }
  if (f.positionIds !== undefined) {
    add(
      f.positionIds.length === 1 ? "Position" : "Positions",
      <span class="id-list">
        {f.positionIds.map((id) => <PositionLink key={id} id={id} wallet={props.wallet} />)}
      </span>,
    );
  }
  if (f.amount?.unit === "usdc6") add("Amount", formatUsdc(f.amount.value));
  if (f.amount?.unit === "paper_wad") add("Amount", formatToken(f.amount.value, "PAPER"));
  if (f.amount?.unit === "raw") {
    add("Amount (raw)", <span class="mono">{String(f.amount.value)}</span>);
  }
  if (f.sessionKey !== undefined) {
    add("Session key", <span class="mono break">{f.sessionKey}</span>);
  }
  if (f.expiry !== undefined) add("Key expires", at(f.expiry));
  if (f.cancelledIntentId !== undefined) {
    // A cancelled intent never settles, so there is no page to send anyone to.
    add(
      "Cancels intent",
      <code class="mono break" title={f.cancelledIntentId}>{f.cancelledIntentId}</code>,
    );
  }
  if (f.nonce !== undefined) add("Nonce", <span class="mono">{String(f.nonce)}</span>);
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
