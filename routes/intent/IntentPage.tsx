import { WalletForm } from "../../components/Field.tsx";
import { type IntentLookup, intentPhase, type IntentVerdict } from "../../lib/intent/mod.ts";
import type { SettledIntent, Settlement } from "../../lib/hyperevm/mod.ts";
import type { UnavailablePart } from "../../lib/parts.ts";
import type { OpenPosition } from "../../lib/papertrade/mod.ts";
import { Layout } from "../../components/Layout.tsx";
import { CopyableCode } from "../../components/CopyableCode.tsx";
import { SettledIntentCard } from "../../components/SettledIntentCard.tsx";
import { TxLink } from "../../components/links.tsx";
import { formatCount } from "../../lib/format.ts";
import { PartNotice } from "../../components/PartNotice.tsx";
import {
  EndedSection,
  FeedSection,
  HistorySection,
  type HistoryTrade,
  OpenedSection,
  PendingSection,
  SettledSection,
} from "./IntentSections.tsx";

export type { HistoryTrade } from "./IntentSections.tsx";
const STATE_TEXT = {
  feed: "in the live trades feed",
  settled: "settled on HyperEVM",
  ended: "ended",
  pending: "queued at the relayer",
  not_found: "not found",
} as const;

/** An intent found inside the transaction a link named (older than the chain scan). */
export interface BatchIntent {
  transaction: Settlement;
  intent: SettledIntent;
}

const VERDICT_HEADLINES = {
  executed: "Intent: executed",
  failed: "Intent failed",
  unverified: "Intent unverified",
} as const;

/** The intent page: its one verdict, then every place the intent was found. */
export function IntentPage(
  props: {
    lookup: IntentLookup;
    /** The one verdict on the intent (lib/intent/verdict.ts); null while pending or unknown. */
    verdict: IntentVerdict | null;
    wallet?: string;
    history?: HistoryTrade | null;
    /** The wallet's open position this intent opened (found when the chain scan is too short). */
    openedPosition?: OpenPosition | null;
    /** Found in the transaction the link named. */
    batch?: BatchIntent | null;
    /** Checks beside the look-up's that could not be made (the settlement trail). */
    unavailable?: UnavailablePart[];
    now: number;
  },
) {
  const { lookup, now, verdict } = props;
  const scanned = lookup.scanned;
  const older = lookup.state === "not_found" || lookup.state === "ended";
  const batch = older ? props.batch ?? null : null;
  const history = lookup.settlement || batch ? null : props.history ?? null;
  const opened = older && !history ? props.openedPosition ?? null : null;
  // Found in the wallet's records or a named batch, it settled: no outcome or queue beside it.
  const records = history !== null || opened !== null || batch !== null;
  const phase = intentPhase(lookup.state, records);
  const ended = phase === "ended" ? lookup.ended : null;
  const bad = verdict && verdict.verdict !== "executed" ? verdict : null;
  const headline = bad
    ? VERDICT_HEADLINES[bad.verdict]
    : records
    ? "Intent: settled"
    : `Intent: ${STATE_TEXT[lookup.state]}`;
  const found = lookup.state !== "not_found" || records;
  return (
    <Layout
      title={`${headline} ${lookup.intentId.slice(0, 10)}… · Papertrade Explorer`}
      wallet={props.wallet}
    >
      {/* The one state of the intent (lib/intent/lookup.ts, intentPhase), for machines. */}
      <div data-intent-state={phase}>
        <h1 class={bad?.verdict === "failed" ? "failed" : undefined}>
          {bad && (
            <span class="mark" aria-hidden="true">{bad.verdict === "failed" ? "✗" : "?"}</span>
          )}
          {headline}
        </h1>
      </div>
      {bad && (
        <p class={bad.verdict === "failed" ? "alert alert-danger" : "alert"} role="alert">
          <strong>
            This intent {bad.verdict === "failed" ? "did not take effect" : "is unverified"}:
          </strong>{" "}
          {bad.verdict === "failed"
            ? (
              <q class="untrusted">
                <bdi>{bad.reason}</bdi>
              </q>
            )
            : `${bad.reason}. Nothing shows that what it asked for took effect as signed.`}
        </p>
      )}
      <CopyableCode text={lookup.intentId} label="Intent id" />
      <PartNotice unavailable={[...lookup.unavailable, ...(props.unavailable ?? [])]} />
      {history && (
        <HistorySection history={history} wallet={props.wallet ?? lookup.feed!.wallet} now={now} />
      )}
      {opened && <OpenedSection position={opened} wallet={props.wallet!} now={now} />}
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
            intent={batch.intent}
            status={batch.transaction.status}
            now={now}
            heading="The intent in its batch (modelled executor ABI)"
            txHash={batch.transaction.txHash}
          />
        </section>
      )}
      {lookup.feed && <FeedSection lookup={lookup} now={now} />}
      {phase === "pending" && lookup.pending && (
        <PendingSection lookup={lookup} wallet={props.wallet!} now={now} />
      )}
      {ended && <EndedSection ended={ended} now={now} />}
      {lookup.settlement
        ? <SettledSection lookup={lookup} now={now} />
        : scanned && (
          <p class="muted">
            {records ? "It settled before blocks" : "No settlement in blocks"}{" "}
            {formatCount(scanned.fromBlock)} to {formatCount(scanned.toBlock)}
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
      {!found && (
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
