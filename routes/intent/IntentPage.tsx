import { WalletForm } from "../../components/Field.tsx";
import { type IntentFindings, intentPhase, settledIntentJson } from "../../lib/intent/mod.ts";
import { Layout } from "../../components/Layout.tsx";
import { CopyableCode } from "../../components/CopyableCode.tsx";
import { Headline, SettledIntentCard } from "../../components/SettledIntentCard.tsx";
import { TxLink } from "../../components/links.tsx";
import { formatCount } from "../../lib/format.ts";
import { PartNotice } from "../../components/PartNotice.tsx";
import {
  EndedSection,
  FeedSection,
  HistorySection,
  OpenedSection,
  PendingSection,
  SettledSection,
} from "./IntentSections.tsx";

const STATE_TEXT = {
  feed: "in the live trades feed",
  settled: "settled on HyperEVM",
  history: "settled",
  ended: "ended",
  pending: "queued at the relayer",
  not_found: "not found",
} as const;

/** The intent page: its one verdict, then every place the intent was found. */
export function IntentPage(props: { found: IntentFindings; wallet?: string; now: number }) {
  const { found, now } = props;
  const { lookup, verdict, batch } = found;
  const alarm = verdict && verdict.verdict !== "executed" ? verdict.verdict : null;
  // Found in the wallet's records or a named batch, it settled, whatever else the look-up saw.
  const records = found.trade !== null || found.opened !== null || batch !== null;
  const headline = alarm
    ? `Intent ${alarm}`
    : `Intent: ${STATE_TEXT[records ? "history" : found.state]}`;
  const owner = found.trade || found.opened ? found.owner! : props.wallet;
  return (
    <Layout
      title={`${headline} ${lookup.intentId.slice(0, 10)}… · Papertrade Explorer`}
      wallet={owner}
    >
      {/* The one state of the intent (lib/intent/find.ts, intentPhase), for machines. */}
      <div data-intent-state={intentPhase(found.state)}>
        <Headline alarm={alarm} title={headline}>
          <strong>
            This intent {alarm === "failed" ? "did not take effect" : "is unverified"}:
          </strong>{" "}
          {alarm === "failed"
            ? (
              <q class="untrusted">
                <bdi>{verdict?.reason}</bdi>
              </q>
            )
            : `${verdict?.reason}. Nothing shows that what it asked for took effect as signed.`}
        </Headline>
      </div>
      <CopyableCode text={lookup.intentId} label="Intent id" />
      <PartNotice unavailable={found.unavailable} />
      {found.trade && <HistorySection history={found.trade} wallet={owner!} now={now} />}
      {found.opened && <OpenedSection position={found.opened} wallet={owner!} now={now} />}
      {batch && (
        <section>
          <h2>Settled on HyperEVM</h2>
          <p>
            In transaction <TxLink hash={batch.transaction.txHash} full />
            {batch.transaction.blockNumber !== null &&
              `, block ${formatCount(batch.transaction.blockNumber)}`}: found in the batch this link
            named (older than the recent blocks the explorer scans).
          </p>
          <SettledIntentCard
            intent={settledIntentJson.of(batch.intent, batch.transaction.status)}
            now={now}
            heading="The intent in its batch (modelled executor ABI)"
            txHash={batch.transaction.txHash}
          />
        </section>
      )}
      {lookup.feed && <FeedSection trade={lookup.feed} now={now} />}
      {lookup.pending && <PendingSection op={lookup.pending} wallet={props.wallet!} now={now} />}
      {found.state === "ended" && lookup.ended && <EndedSection ended={lookup.ended} now={now} />}
      {lookup.settlement
        ? <SettledSection found={found} now={now} />
        : lookup.scanned && (
          <p class="muted">
            {records ? "It settled before blocks" : "No settlement in blocks"}{" "}
            {formatCount(lookup.scanned.fromBlock)} to {formatCount(lookup.scanned.toBlock)}
            {records
              ? ", the recent blocks the explorer scans (about the last 80 minutes)."
              : " (about the last 80 minutes)."}
          </p>
        )}
      {!lookup.pendingChecked && (
        <WalletForm
          action={`/intent/${lookup.intentId}`}
          id="intent-wallet"
          label="The signing wallet, to check its relayer queue and trade history too"
          button="Check"
        />
      )}
      {found.state === "not_found" && (
        <ul>
          <li>
            Older intents are not in the scanned blocks. Enter the wallet that signed it above: the
            explorer then looks for this intent id in its trade history and finds the transaction
            that settled it, however old. Or open the wallet's page and look for this intent id in
            its trade history.
          </li>
          <li>
            Check that the id is an intent id, not a transaction hash: the search at the top tells
            them apart.
          </li>
        </ul>
      )}
    </Layout>
  );
}
