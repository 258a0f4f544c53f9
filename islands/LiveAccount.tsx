/** Island: the wallet's funds, PAPER, pending intents and the outcomes seen since, live. */
import type { LiveWallet } from "../lib/wallet/live_wallet.ts";
import { serverNow, useWallet } from "../client/wallet_store.ts";
import { Age, liveClass, type LiveProps, LiveValue, pageHref } from "../client/wallet_parts.tsx";
import { Stat } from "../components/Stat.tsx";
import { DataTable, numeric } from "../components/DataTable.tsx";
import { shortHex } from "../lib/format.ts";
import { tokenText, toneOf, usdText } from "../lib/figure_text.ts";

const OUTCOME_LABELS = {
  settled: ["settled", "badge ok"],
  succeeded: ["succeeded", "badge ok"],
  failed: ["✗ failed", "badge near_bust"],
  expired: ["✗ expired", "badge near_bust"],
  cancelled: ["cancelled", "badge paused"],
  unknown: ["outcome unknown", "badge paused"],
} as const;

/** "#3", or a dash when the intent's queue place was never read. */
function queueText(live: LiveWallet, intentId: string): string {
  const place = live.queue_places[intentId];
  return place === undefined ? "–" : `#${place}`;
}

/** Each figure of the account panel: its label, its text in a live wallet, and its note. */
const FIGURES: Array<[string, (live: LiveWallet) => string, string]> = [
  ["Balance", (live) => usdText(live.balance_usd), ""],
  ["Queued", (live) => usdText(live.queued_usd), "owed by the payout queue"],
  ["Locked", (live) => usdText(live.locked_usd), "margin in open positions"],
  ["Available", (live) => usdText(live.available_usd), "not reserved by intents"],
  ["PAPER held", (live) => tokenText(live.paper.held, "PAPER"), ""],
  ["PAPER staked", (live) => tokenText(live.paper.staked, "PAPER"), ""],
  [
    "Pending rewards",
    (live) => usdText(live.paper.pending_rewards_usd),
    "claimable staking rewards",
  ],
];

export function LiveAccount(props: LiveProps) {
  const { live, before } = useWallet(props.live);
  const now = serverNow(props.live);
  const wallet = live.address;
  const embed = props.embed;
  const intentLink = (id: string) => (
    <a class="mono" href={pageHref(`/intent/${id}?wallet=${wallet}`, embed)}>{shortHex(id)}</a>
  );
  return (
    <div class={liveClass("live-account")}>
      <dl class="stats" id="paper">
        {FIGURES.map(([label, text, note]) => (
          <Stat
            label={label}
            value={<LiveValue value={text(live)} before={before ? text(before) : undefined} />}
            note={note || null}
          />
        ))}
      </dl>
      <h2 id="pending">Pending intents</h2>
      {live.pending.length === 0
        ? <p class="muted">Nothing pending: the relayer holds no intents for this wallet.</p>
        : (
          <DataTable
            label="Pending intents"
            columns={[numeric("Queue"), "Intent", "Action", "Deadline"]}
            caption={
              <>
                {`Accepted by the relayer, not yet settled on HyperEVM; queue places ${
                  live.queue_at_ms === null ? "not read" : "as of "
                }`}
                {live.queue_at_ms !== null && <Age at={live.queue_at_ms} now={now} />}
              </>
            }
          >
            {live.pending.map((intent) => (
              <tr key={intent.intent_id}>
                <td class="num">
                  <LiveValue
                    value={queueText(live, intent.intent_id)}
                    before={before ? queueText(before, intent.intent_id) : undefined}
                  />
                </td>
                <td>{intentLink(intent.intent_id)}</td>
                <td>{intent.action}</td>
                <td>
                  <Age at={intent.deadline_at_ms} now={now} />
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      <h3 id="outcomes">Recent outcomes</h3>
      {live.outcomes.length === 0 && live.closed_positions.length === 0
        ? (
          <p class="muted">
            No intent outcome yet: none reported by the live stream, none settled in the last hour.
          </p>
        )
        : (
          <ul class="outcomes">
            {live.closed_positions.map((closed) => (
              <li key={`p${closed.position_id}`}>
                {closed.liquidated
                  ? (
                    <>
                      <strong class="bad">✗ liquidated</strong>
                      {" "}
                    </>
                  )
                  : "closed "}
                <a href={pageHref(`/position/${closed.position_id}?wallet=${wallet}`, embed)}>
                  {`#${closed.position_id}`}
                </a>
                {` ${closed.market}, net `}
                <span class={toneOf(closed.net_pnl_usd)}>
                  {usdText(closed.net_pnl_usd, { sign: true })}
                </span>
              </li>
            ))}
            {live.outcomes.map((ended) => {
              const [label, badge] = OUTCOME_LABELS[ended.outcome];
              return (
                <li key={ended.intent_id}>
                  <span class={badge}>{label}</span> {intentLink(ended.intent_id)}{" "}
                  <Age at={ended.reported_at_ms} now={now} />
                </li>
              );
            })}
          </ul>
        )}
    </div>
  );
}
