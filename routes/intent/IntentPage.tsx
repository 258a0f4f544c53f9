import { Field, WalletForm } from "../../components/Field.tsx";
import {
  type IntentLookup,
  intentPhase,
  type IntentVerdict,
  msFromSeconds,
  paramsOfOperation,
} from "../../lib/intent/mod.ts";
import type { SettledIntent, Settlement } from "../../lib/hyperevm/mod.ts";
import type { UnavailablePart } from "../../lib/parts.ts";
import type { IntentInHistory } from "../../lib/position/mod.ts";
import type { EndedIntent, OpenPosition } from "../../lib/papertrade/mod.ts";
import { Layout } from "../../components/Layout.tsx";
import { CopyableCode } from "../../components/CopyableCode.tsx";
import { IntentFields } from "../../components/IntentFields.tsx";
import { SettledIntentCard, VerdictBadge } from "../../components/SettledIntentCard.tsx";
import { PositionLink, TxLink, WalletLink } from "../../components/links.tsx";
import { formatCount, formatUsd } from "../../lib/format.ts";
import { Time } from "../../components/Time.tsx";
import { PartNotice } from "../../components/PartNotice.tsx";

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

/** A closed trade of the wallet's history and the transaction that settled it, if found. */
export type HistoryTrade = NonNullable<IntentInHistory["trade"]>;

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

function OpenedSection(props: { position: OpenPosition; wallet: string; now: number }) {
  const { position } = props;
  return (
    <section>
      <h2>Settled: it opened a position that is still open</h2>
      <p>
        This intent opened position <PositionLink id={position.positionId} wallet={props.wallet} />
        {` (${position.isLong ? "long" : "short"} ${position.leverage}x, margin ${
          formatUsd(position.margin)
        }) of `}
        <WalletLink address={props.wallet} />, <Time at={position.openedAt} now={props.now} />.
      </p>
      <p class="muted">
        It is older than the recent blocks the explorer scans, so its settling transaction is not
        shown; the position itself is live on its page.
      </p>
    </section>
  );
}

function HistorySection(props: { history: HistoryTrade; wallet: string; now: number }) {
  const { trade, txHash } = props.history;
  const net = trade.netPnl;
  return (
    <section>
      <h2>Settled, from the wallet's trade history</h2>
      <p class="muted">
        Found through the trade history of <WalletLink address={props.wallet} />
        {txHash && !trade.txHash &&
          "; its row names no transaction, so the settling one was found from the Exchange's own events"}.
      </p>
      <dl class="fields">
        <Field label="State">
          settled{trade.liquidated && <strong class="bad">, liquidated</strong>}
        </Field>
        <Field label="Transaction">
          {txHash ? <TxLink hash={txHash} full /> : "not found"}
        </Field>
        <Field label="Position">
          <PositionLink id={trade.positionId} wallet={props.wallet} />{" "}
          {trade.isLong ? "long" : "short"} {trade.leverage}x
        </Field>
        <Field label="Margin">{formatUsd(trade.margin)}</Field>
        <Field label="Net PnL" class={net > 0n ? "good" : net < 0n ? "bad" : undefined}>
          {formatUsd(net, { sign: true })}
        </Field>
        <Field label="Closed">
          <Time at={trade.closedAt} now={props.now} />
        </Field>
      </dl>
    </section>
  );
}

function FeedSection(props: { lookup: IntentLookup; now: number }) {
  const trade = props.lookup.feed!;
  return (
    <section>
      <h2>In the live trades feed</h2>
      <p>
        {trade.kind} of position <PositionLink id={trade.positionId} wallet={trade.wallet} />{" "}
        ({trade.symbol} {trade.isLong ? "long" : "short"} {trade.leverage}x) by{" "}
        <WalletLink address={trade.wallet} />, <Time at={trade.timestamp} now={props.now} />.
      </p>
    </section>
  );
}

function PendingSection(props: { lookup: IntentLookup; wallet: string; now: number }) {
  const op = props.lookup.pending!;
  const at = (ms: number | null) => (ms === null ? "n/a" : <Time at={ms} now={props.now} />);
  return (
    <section>
      <h2>Queued at the relayer</h2>
      <dl class="fields">
        <Field label="Wallet">
          <WalletLink address={props.wallet} full />
        </Field>
        <Field label="Action">{op.action}</Field>
        <Field label="Queue position">
          {op.queuePosition === null ? "n/a" : `${formatCount(op.queuePosition)} (1 is next)`}
        </Field>
        <Field label="Accepted">{at(op.acceptedAt)}</Field>
        <Field label="Deadline">
          {op.deadline === null
            ? "n/a"
            : <>{at(msFromSeconds(op.deadline))} (it expires if not settled by then)</>}
        </Field>
      </dl>
      <h3>Fields</h3>
      <IntentFields params={paramsOfOperation(op)} wallet={props.wallet} now={props.now} />
    </section>
  );
}

const OUTCOME_TEXT = {
  succeeded: "it succeeded",
  failed: "it failed",
  expired: "it expired before it settled",
  cancelled: "it was cancelled",
  unknown: "it ended with no outcome known",
} as const;

function EndedSection(props: { ended: EndedIntent; now: number }) {
  const { ended } = props;
  return (
    <section>
      <h2>Ended: {ended.outcome}</h2>
      <p>
        The wallet's live stream reported that {OUTCOME_TEXT[ended.outcome]} (received{" "}
        <Time at={ended.reportedAt} now={props.now} />). It is no longer queued at the relayer.
      </p>
    </section>
  );
}

function SettledSection(props: { lookup: IntentLookup; now: number }) {
  const { match, transaction, intent } = props.lookup.settlement!;
  return (
    <section>
      <h2>Settled on HyperEVM</h2>
      <p>
        In transaction <TxLink hash={match.txHash} full />, block {formatCount(match.blockNumber)}
        {transaction?.timestamp !== undefined && (
          <>
            , <Time at={Number(transaction.timestamp) * 1000} now={props.now} />
          </>
        )}
        {props.lookup.verdict && (
          <>
            : <VerdictBadge verdict={props.lookup.verdict} />
          </>
        )}.
      </p>
      {intent
        ? (
          <SettledIntentCard
            intent={intent}
            status={transaction?.status ?? "unknown"}
            now={props.now}
            heading="The intent in its batch (modelled executor ABI)"
            txHash={match.txHash}
          />
        )
        : <p class="muted">The batch could not be decoded, so the signature was not checked.</p>}
    </section>
  );
}
