/** The sections of the intent page: every place the intent was found, one section each. */
import { Field } from "../../components/Field.tsx";
import { fieldsOfCalldata, type IntentFindings, settledIntentJson } from "../../lib/intent/mod.ts";
import { formatCount, formatUsd, msFromSeconds } from "../../lib/format.ts";
import type {
  EndedIntent,
  OpenPosition,
  Operation,
  RecentTrade,
} from "../../lib/papertrade/mod.ts";
import { IntentFields } from "../../components/IntentFields.tsx";
import { SettledIntentCard, VerdictBadge } from "../../components/SettledIntentCard.tsx";
import { PositionLink, TxLink, WalletLink } from "../../components/links.tsx";
import { Time } from "../../components/Time.tsx";

export function OpenedSection(props: { position: OpenPosition; wallet: string; now: number }) {
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

export function HistorySection(
  props: { history: NonNullable<IntentFindings["trade"]>; wallet: string; now: number },
) {
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

export function FeedSection(props: { trade: RecentTrade; now: number }) {
  const { trade } = props;
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

export function PendingSection(props: { op: Operation; wallet: string; now: number }) {
  const { op } = props;
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
      <IntentFields
        fields={fieldsOfCalldata(op.action, op.params)}
        wallet={props.wallet}
        now={props.now}
      />
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

export function EndedSection(props: { ended: EndedIntent; now: number }) {
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

export function SettledSection(props: { found: IntentFindings; now: number }) {
  const { lookup: { settlement }, verdict } = props.found;
  const { match, transaction, intent } = settlement!;
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
        {verdict && (
          <>
            : <VerdictBadge verdict={verdict} />
          </>
        )}.
      </p>
      {intent
        ? (
          <SettledIntentCard
            intent={settledIntentJson.of(intent, transaction?.status ?? "unknown")}
            now={props.now}
            heading="The intent in its batch (modelled executor ABI)"
            txHash={match.txHash}
          />
        )
        : <p class="muted">The batch could not be decoded, so the signature was not checked.</p>}
    </section>
  );
}
