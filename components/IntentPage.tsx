import { ADDRESS_INPUT_PATTERN } from "../lib/address.ts";
import type { IntentLookup } from "../lib/intents/mod.ts";
import { feedTradeJson, operationJson } from "../tools/_json_intents.ts";
import { Layout } from "./Layout.tsx";
import { CopyableCode } from "./CopyableCode.tsx";
import { IntentFields } from "./IntentFields.tsx";
import { Check, SettledIntentCard } from "./SettledIntentCard.tsx";
import { PositionLink, TxLink, WalletLink } from "./links.tsx";
import { formatCount } from "./format.ts";
import { Time } from "./Time.tsx";
import { PartNotice } from "./PartNotice.tsx";

const STATE_TEXT = {
  feed: "In the live trades feed",
  pending: "Queued at the relayer",
  settled: "Settled on HyperEVM",
  not_found: "Not found",
} as const;

/** The intent page: every place the intent was found, most recent first. */
export function IntentPage(props: { lookup: IntentLookup; wallet?: string; now: number }) {
  const { lookup, now } = props;
  const scanned = lookup.scanned;
  return (
    <Layout title={`Intent ${lookup.intentId.slice(0, 10)}… · Papertrade Explorer`}>
      <h1>Intent: {STATE_TEXT[lookup.state].toLowerCase()}</h1>
      <CopyableCode text={lookup.intentId} label="Intent id" />
      {lookup.feed && <FeedSection lookup={lookup} now={now} />}
      {lookup.pending && <PendingSection lookup={lookup} wallet={props.wallet!} now={now} />}
      <PartNotice unavailable={lookup.unavailable} />
      {lookup.settlement
        ? <SettledSection lookup={lookup} now={now} />
        : scanned && (
          <p class="muted">
            No settlement in blocks {formatCount(scanned.fromBlock)} to{" "}
            {formatCount(scanned.toBlock)} (about the last 100 minutes).
          </p>
        )}
      {!lookup.pendingChecked && <QueueForm id={lookup.intentId} />}
      {lookup.state === "not_found" && (
        <ul>
          <li>
            Older intents are not in the scanned blocks: open the wallet's page and look for this
            intent id in its trade history.
          </li>
          <li>
            Check that the id is an intent id, not a transaction hash (the search tells them apart).
          </li>
        </ul>
      )}
    </Layout>
  );
}

function FeedSection(props: { lookup: IntentLookup; now: number }) {
  const trade = feedTradeJson(props.lookup.feed!);
  return (
    <section>
      <h2>In the live trades feed</h2>
      <p>
        {trade.kind} of position <PositionLink id={trade.position_id} wallet={trade.wallet} />{" "}
        ({trade.market} {trade.side} {trade.leverage}x) by <WalletLink address={trade.wallet} />,
        {" "}
        {trade.at ? <Time at={Date.parse(trade.at)} now={props.now} /> : "time unknown"}.
      </p>
    </section>
  );
}

function PendingSection(props: { lookup: IntentLookup; wallet: string; now: number }) {
  const op = operationJson(props.lookup.pending!);
  const at = (iso: string | null) => (iso ? <Time at={Date.parse(iso)} now={props.now} /> : "n/a");
  return (
    <section>
      <h2>Queued at the relayer</h2>
      <dl class="fields">
        <div>
          <dt>Wallet</dt>
          <dd>
            <WalletLink address={props.wallet} full />
          </dd>
        </div>
        <div>
          <dt>Action</dt>
          <dd>{op.action}</dd>
        </div>
        <div>
          <dt>Queue position</dt>
          <dd>
            {op.queue_position === null ? "n/a" : `${formatCount(op.queue_position)} (1 is next)`}
          </dd>
        </div>
        <div>
          <dt>Accepted</dt>
          <dd>{at(op.accepted_at)}</dd>
        </div>
        <div>
          <dt>Deadline</dt>
          <dd>{at(op.deadline)} (it expires if not settled by then)</dd>
        </div>
      </dl>
      <h3>Fields</h3>
      <IntentFields fields={op.params} wallet={props.wallet} now={props.now} />
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
        : <Check ok={match.event.success} yes="executed" no="not executed" />.
      </p>
      {intent
        ? <SettledIntentCard intent={intent} now={props.now} heading="The intent in its batch" />
        : <p class="muted">The batch could not be decoded, so the signature was not checked.</p>}
    </section>
  );
}

function QueueForm(props: { id: string }) {
  return (
    <form class="search" action={`/intent/${props.id}`} method="get">
      <label for="intent-wallet">Check the relayer queue too: the signing wallet</label>
      <input
        id="intent-wallet"
        name="wallet"
        type="text"
        inputMode="text"
        pattern={ADDRESS_INPUT_PATTERN}
        placeholder="0x… wallet address"
        autocomplete="off"
        spellcheck={false}
        required
      />
      <button type="submit">Check</button>
    </form>
  );
}
