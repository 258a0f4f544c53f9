import {
  type DecodedTransactionJson,
  eventDetails,
  type TransactionDetails,
} from "../../lib/transaction/mod.ts";
import { CONTRACTS } from "../../lib/hyperevm/mod.ts";
import { countVerdicts } from "../../lib/intent/mod.ts";
import { Field } from "../../components/Field.tsx";
import { Layout } from "../../components/Layout.tsx";
import { PartNotice } from "../../components/PartNotice.tsx";
import { CopyableCode } from "../../components/CopyableCode.tsx";
import { DataTable } from "../../components/DataTable.tsx";
import { ExplorerLink, PositionLink, WalletLink } from "../../components/links.tsx";
import { Check, Headline, SettledIntentCard } from "../../components/SettledIntentCard.tsx";
import { formatCount } from "../../lib/format.ts";
import { Stat } from "../../components/Stat.tsx";
import { Time } from "../../components/Time.tsx";

/** A transaction's model (events, facts; intents where the modelled ABI decodes) and its raw parts. */
export function TransactionPage(
  props: {
    model: DecodedTransactionJson;
    details: TransactionDetails;
    now: number;
    explorerUrl: string;
  },
) {
  const { settlement } = props.details;
  const { intents, events, wallets } = props.model;
  const { input } = settlement;
  const counts = countVerdicts(intents);
  const toExecutor = settlement.to === CONTRACTS.batchExecutor;
  const toName = toExecutor
    ? "the BatchExecutor"
    : settlement.to === CONTRACTS.exchange
    ? "the Exchange"
    : null;
  const settles = toExecutor ||
    events.some((e) => e.name === "PositionsClosed" || e.name === "Liquidated");
  const title = settles
    ? "Papertrade settlement"
    : settlement.papertrade
    ? "Papertrade transaction"
    : "Transaction";
  const problems = [
    counts.failed > 0 && `${counts.failed} of ${intents.length} intents failed`,
    counts.unverified > 0 && `${counts.unverified} of ${intents.length} intents are unverified`,
  ].filter(Boolean).join("; ");
  return (
    <Layout
      title={`Transaction ${settlement.txHash.slice(0, 10)}… · Papertrade Explorer`}
      description={settlement.papertrade
        ? `${title} on HyperEVM: ${events.length} Exchange events, ${wallets.length} wallets.`
        : "A HyperEVM transaction that is not a Papertrade settlement."}
    >
      {settlement.status === "reverted"
        ? (
          <Headline alarm="failed" title="Transaction reverted">
            <strong>This transaction reverted:</strong> nothing it carried took effect.
          </Headline>
        )
        : (
          <Headline
            alarm={counts.failed > 0 ? "failed" : counts.unverified > 0 ? "unverified" : null}
            title={problems
              ? `${title} with ${counts.failed > 0 ? "failed" : "unverified"} intents`
              : title}
          >
            <strong>{problems}.</strong>{" "}
            The transaction was mined, but not everything in it took effect as signed.
          </Headline>
        )}
      <CopyableCode text={settlement.txHash} label="Transaction hash" />
      <p>
        <ExplorerLink base={props.explorerUrl} kind="tx" id={settlement.txHash} />
      </p>
      <PartNotice unavailable={props.details.unavailable} />
      <dl class="stats">
        <Stat
          label="Status"
          value={settlement.status === "pending"
            ? "pending (not mined yet)"
            : settlement.status === "unknown"
            ? "unknown (receipt not read)"
            : <Check ok={settlement.status === "success"} yes="success" no="reverted" />}
        />
        <Stat
          label="Block"
          value={settlement.blockNumber === null ? "pending" : formatCount(settlement.blockNumber)}
        />
        <Stat
          label="Time"
          value={settlement.timestamp === undefined
            ? "unknown"
            : <Time at={Number(settlement.timestamp) * 1000} now={props.now} />}
        />
        <Stat label="Value" value={`${props.details.valueHype} HYPE`} />
      </dl>
      <dl class="fields">
        <Field label="From" class="mono break">{settlement.from}</Field>
        <Field label="To" class="mono break">
          {settlement.to ?? "(contract creation)"}
          {toName && (
            <>
              {" "}
              <span class="muted">({toName})</span>
            </>
          )}
        </Field>
        {settlement.gasUsed !== null && (
          <Field label="Gas used">{formatCount(settlement.gasUsed)}</Field>
        )}
        <Field label="Calldata">
          <span class="mono">{settlement.selector ?? "none"}</span>{" "}
          <span class="muted">(selector), {formatCount(props.model.calldata_bytes)} bytes</span>
        </Field>
        {wallets.length > 0 && (
          <Field label={wallets.length === 1 ? "Wallet" : "Wallets"}>
            <span class="id-list">
              {wallets.map((wallet) => <WalletLink key={wallet} address={wallet} />)}
            </span>
          </Field>
        )}
      </dl>
      {settlement.papertrade && <EventsSection events={events} />}
      {settlement.isBatch
        ? (
          <>
            <h2>
              {intents.length}{" "}
              {intents.length === 1 ? "intent" : "intents"}, decoded with the modelled executor ABI
            </h2>
            <p class="muted">
              The BatchExecutor's ABI is unpublished: this decoding rests on the explorer's model of
              it (unconfirmed), so it is shown only because it decodes.
            </p>
            <p>
              {counts.executed} executed, {counts.failed} failed, {counts.unverified}{" "}
              unverified; a signature is verified when it recomputes to the intent id the executor
              recorded.
            </p>
            {intents.map((intent) => (
              <SettledIntentCard
                key={intent.index}
                intent={intent}
                now={props.now}
                txHash={settlement.txHash}
              />
            ))}
          </>
        )
        : settlement.papertrade
        ? (
          <p class="notice">
            {toExecutor
              ? "The calldata does not decode with the explorer's model of the BatchExecutor ABI (unconfirmed), so its intents and signatures are not decoded or verified here. "
              : "Not a batch of signed intents, so there are no intents to decode. "}
            The Exchange's events above are facts.
          </p>
        )
        : (
          <>
            <h2>Not a Papertrade transaction</h2>
            <p class="notice">
              This transaction exists on HyperEVM but is not Papertrade's: it was sent neither to
              the BatchExecutor nor to the Exchange, and its receipt carries no Exchange event.
            </p>
            <p>
              Looking for a trade? Open the wallet's page and follow the transaction link in its
              trade history.
            </p>
          </>
        )}
      <details class="raw">
        <summary>Raw calldata ({formatCount(props.model.calldata_bytes)} bytes)</summary>
        <pre tabIndex={0}><code class="break">{input}</code></pre>
      </details>
    </Layout>
  );
}

/** The Exchange's events as a table: one row each, wallets and positions linked. */
function EventsSection(props: { events: DecodedTransactionJson["events"] }) {
  if (props.events.length === 0) {
    return <p class="muted">Its receipt carries no Exchange event.</p>;
  }
  return (
    <>
      <h2>Exchange events</h2>
      <DataTable
        caption="Events the Exchange emitted (facts, whatever the executor's ABI is)"
        columns={["Log", "Event", "Wallet", "Position", "Details"]}
      >
        {props.events.map((event) => (
          <tr key={event.log_index}>
            <td>{event.log_index}</td>
            <td>{event.name}</td>
            <td>
              <WalletLink address={event.wallet} />
            </td>
            <td>
              {event.position_id
                ? <PositionLink id={event.position_id} wallet={event.wallet} />
                : "–"}
            </td>
            <td>{eventDetails(event)}</td>
          </tr>
        ))}
      </DataTable>
      <p class="muted">
        {props.events.some((e) => e.name === "Deposit" || e.name === "WithdrawToCore") &&
          "Deposit and WithdrawToCore are the explorer's names for two events whose topics are known but whose names are unpublished. "}
        {props.events.some((e) => e.name === "PositionsClosed") &&
          `PositionsClosed's first two words were named "margin returned" and "balance after" by a third party.`}
      </p>
    </>
  );
}
