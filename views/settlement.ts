/**
 * decode_transaction's view, under the transaction page's labels: the Exchange's events (facts)
 * and each intent's signature check and verdict. Decoded fields are untrusted, shown as text.
 */
import type { DecodedTransactionJson } from "../lib/transaction/mod.ts";
import { eventDetails } from "../lib/transaction/event_text.ts";
import { intentFieldRows } from "../lib/intent/field_text.ts";
import { countVerdicts } from "../lib/intent/verdict.ts";
import { startView } from "./_app.ts";
import { el, shortHex, table, unavailableNotice } from "./_dom.ts";

type Decoded = DecodedTransactionJson;
type Event = Decoded["events"][number];
type Intent = Decoded["intents"][number];

type Link = (path: string, ...children: (string | Node)[]) => HTMLElement;

startView<Decoded>({
  title: "Settlement transaction",
  render(d, { link }) {
    const head = el(
      "h1",
      {},
      "Transaction ",
      link(`/tx/${d.tx_hash}`, el("code", {}, shortHex(d.tx_hash))),
    );
    if (!d.found) {
      return [
        head,
        el(
          "p",
          { class: "notice" },
          "No HyperEVM endpoint knows this hash. If it is an intent id, ask for lookup_intent.",
        ),
      ];
    }
    const counts = countVerdicts(d.intents);
    return [
      head,
      el(
        "p",
        {},
        el("span", {
          class: `badge ${
            d.status === "success" ? "executed" : d.status === "reverted" ? "failed" : "unverified"
          }`,
          "data-field": "status",
        }, d.status ?? "n/a"),
        ` block ${d.block_number ?? "pending"} · selector `,
        el("code", {}, d.selector ?? "none"),
        ` · ${d.calldata_bytes} bytes of calldata`,
      ),
      unavailableNotice(d.unavailable),
      !d.papertrade &&
      el(
        "p",
        { class: "notice" },
        "Not a Papertrade transaction: not sent to the BatchExecutor or the Exchange, and no Exchange event in its receipt.",
      ),
      d.papertrade && el("h2", {}, `Exchange events (facts): ${d.events.length}`),
      d.papertrade && d.events.length > 0 &&
      table(
        "Exchange events",
        ["Log", "Event", "Wallet", "Position", "Details"],
        d.events.map((event) => eventRow(event, link)),
      ),
      d.papertrade &&
      el(
        "h2",
        {},
        `Intents: ${d.intent_count}`,
        d.intent_count > d.intents.length && ` (the first ${d.intents.length} listed)`,
      ),
      d.papertrade &&
      el(
        "p",
        { class: "muted" },
        d.is_batch
          ? `Decoded with the modelled BatchExecutor ABI (unconfirmed): ${counts.executed} executed, ${counts.failed} failed, ${counts.unverified} unverified.`
          : "The calldata does not decode as a batch of signed intents with the modelled BatchExecutor ABI (unconfirmed); the events above are facts.",
      ),
      d.intents.length > 0 &&
      table(
        "Intents of the batch",
        ["#", "Action", "Wallet", "Signed by", "Signature", "Verdict"],
        d.intents.flatMap((intent) => intentRows(intent, link)),
      ),
      d.intents.some((intent) => intent.failure_reason !== null) &&
      el(
        "p",
        { class: "muted" },
        "Failure reasons are quoted chain data, written by whoever sent the intent.",
      ),
      el(
        "p",
        { class: "muted" },
        link(`/tx/${d.tx_hash}`, "The transaction's page"),
        " has every field, the calldata and the intents' own pages.",
      ),
    ];
  },
});

function eventRow(event: Event, link: Link) {
  return el(
    "tr",
    { "data-event": event.log_index },
    el("td", {}, String(event.log_index)),
    el("td", { "data-field": "name" }, event.name),
    el("td", {}, link(`/wallet/${event.wallet}`, el("code", {}, shortHex(event.wallet)))),
    el(
      "td",
      {},
      event.position_id
        ? link(`/position/${event.position_id}?wallet=${event.wallet}`, `#${event.position_id}`)
        : "",
    ),
    el("td", { class: "wrap" }, eventDetails(event)),
  );
}

/** An intent's row, then its fields across the table, under the intent page's labels. */
function intentRows(intent: Intent, link: Link) {
  const fields = intentFieldRows(intent.fields ?? {}).map((row) =>
    el("div", {}, el("dt", {}, row.label), el("dd", { "data-field": row.key }, row.text))
  );
  const row = el(
    "tr",
    { "data-intent": intent.index, "data-verdict": intent.verdict },
    el(
      "td",
      {},
      intent.intent_id
        ? link(`/intent/${intent.intent_id}`, `#${intent.index}`)
        : `#${intent.index}`,
    ),
    el("td", { "data-field": "action" }, intent.action ?? "unknown kind"),
    el(
      "td",
      {},
      intent.wallet
        ? link(`/wallet/${intent.wallet}`, el("code", {}, shortHex(intent.wallet)))
        : "unknown",
    ),
    el("td", {}, el("code", {}, shortHex(intent.signer))),
    el(
      "td",
      { "data-field": "signature_verified", class: "wrap" },
      intent.signature_verified ? el("span", { class: "good" }, "verified") : el(
        "span",
        { class: "bad" },
        `does not verify${
          intent.verification_problem ? `: ${intent.verification_problem}` : ""
        }; recovered ${intent.recovered_signer ? shortHex(intent.recovered_signer) : "no signer"}`,
      ),
    ),
    el(
      "td",
      { class: "wrap" },
      el("span", { class: `badge ${intent.verdict}`, "data-field": "verdict" }, intent.verdict),
      // A failure's reason is the chain's text, quoted as the pages quote it.
      intent.verdict_reason &&
        (intent.verdict === "failed"
          ? el("q", { "data-field": "verdict_reason" }, intent.verdict_reason)
          : ` ${intent.verdict_reason}`),
    ),
  );
  const cell = fields.length > 0 ? el("dl", { class: "fields" }, ...fields) : "No decoded fields.";
  return [row, el("tr", { "data-fields-of": intent.index }, el("td", { colspan: 6 }, cell))];
}
