import type { TransactionDetails } from "../lib/transaction_details.ts";
import { Field } from "./Field.tsx";
import { formatEther } from "viem";
import { Layout } from "./Layout.tsx";
import { PartNotice } from "./PartNotice.tsx";
import { CopyableCode } from "./CopyableCode.tsx";
import { Check, SettledIntentCard } from "./SettledIntentCard.tsx";
import { formatCount } from "../lib/format.ts";
import { Time } from "./Time.tsx";

/** The transaction page: the batch's intents decoded and checked, or why it is not a batch. */
export function TransactionPage(props: { details: TransactionDetails; now: number }) {
  const { settlement, input } = props.details;
  const intents = settlement.intents;
  const executed = intents.filter((intent) => intent.executed).length;
  const verified = intents.filter((intent) => intent.signatureVerified).length;
  return (
    <Layout
      title={`Transaction ${settlement.txHash.slice(0, 10)}… · Papertrade Explorer`}
      description={settlement.isBatch
        ? `Papertrade settlement batch of ${intents.length} intents on HyperEVM.`
        : "A HyperEVM transaction that is not a Papertrade settlement."}
    >
      {settlement.status === "reverted"
        ? (
          <>
            <h1 class="failed">
              <span class="mark" aria-hidden="true">✗</span>Transaction reverted
            </h1>
            <p class="alert alert-danger" role="alert">
              <strong>This transaction reverted:</strong>{" "}
              none of the intents it carried took effect.
            </p>
          </>
        )
        : intents.length > 0 && (executed < intents.length || verified < intents.length)
        ? (
          <>
            <h1 class="failed">
              <span class="mark" aria-hidden="true">✗</span>Transaction with failed intents
            </h1>
            <p class="alert alert-danger" role="alert">
              <strong>
                {intents.length - executed} of {intents.length} intents did not execute;{" "}
                {intents.length - verified} have a signature that does not verify.
              </strong>{" "}
              The batch was mined, but not everything in it took effect as signed.
            </p>
          </>
        )
        : <h1>Transaction</h1>}
      <CopyableCode text={settlement.txHash} label="Transaction hash" />
      <PartNotice unavailable={props.details.unavailable} />
      <dl class="stats">
        <div class="stat">
          <dt>Status</dt>
          <dd>
            {settlement.status === "pending"
              ? "pending (not mined yet)"
              : settlement.status === "unknown"
              ? "unknown (receipt not read)"
              : <Check ok={settlement.status === "success"} yes="success" no="reverted" />}
          </dd>
        </div>
        <div class="stat">
          <dt>Block</dt>
          <dd>
            {settlement.blockNumber === null ? "pending" : formatCount(settlement.blockNumber)}
          </dd>
        </div>
        <div class="stat">
          <dt>Time</dt>
          <dd>
            {settlement.timestamp === undefined
              ? "unknown"
              : <Time at={Number(settlement.timestamp) * 1000} now={props.now} />}
          </dd>
        </div>
        <div class="stat">
          <dt>Value</dt>
          <dd>{formatEther(props.details.value)} HYPE</dd>
        </div>
      </dl>
      <dl class="fields">
        <div>
          <dt>From</dt>
          <dd class="mono break">{settlement.from}</dd>
        </div>
        <div>
          <dt>To</dt>
          <dd class="mono break">{settlement.to ?? "(contract creation)"}</dd>
        </div>
        {props.details.gasUsed !== null && (
          <Field label="Gas used">{formatCount(props.details.gasUsed)}</Field>
        )}
      </dl>
      {settlement.isBatch
        ? (
          <>
            <h2>
              Papertrade batch of {intents.length} {intents.length === 1 ? "intent" : "intents"}
            </h2>
            <p>
              {executed} of {intents.length} executed; {verified} of {intents.length}{" "}
              signatures verified (recomputed to the intent id the executor recorded).
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
        : (
          <>
            <h2>Not a Papertrade transaction</h2>
            <p class="notice">
              This transaction exists on HyperEVM but is not a Papertrade settlement: it was not
              sent to the BatchExecutor with batch calldata, so there are no intents to decode.
            </p>
            <p>
              Looking for a trade? Open the wallet's page and follow the transaction link in its
              trade history.
            </p>
          </>
        )}
      <details class="raw">
        <summary>Raw calldata ({formatCount((input.length - 2) / 2)} bytes)</summary>
        <pre><code class="break">{input}</code></pre>
      </details>
    </Layout>
  );
}
