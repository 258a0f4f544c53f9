/** Island: the wallet's funds, PAPER, pending intents and the outcomes seen since, live. */
import type { PositionsView } from "../lib/wallet/view_types.ts";
import { serverNow, useWallet } from "../client/wallet_store.ts";
import {
  Age,
  liveClass,
  LiveValue,
  type LiveViewProps,
  pageHref,
} from "../client/wallet_parts.tsx";
import { Stat } from "../components/Stat.tsx";
import { DataTable, numeric } from "../components/DataTable.tsx";
import { shortHex } from "../lib/format.ts";

const OUTCOME_LABELS = {
  settled: ["settled", "badge ok"],
  succeeded: ["succeeded", "badge ok"],
  failed: ["✗ failed", "badge near_bust"],
  expired: ["✗ expired", "badge near_bust"],
  cancelled: ["cancelled", "badge paused"],
  unknown: ["outcome unknown", "badge paused"],
} as const;

/** "#3", or a dash when the intent's queue place was never read. */
function queueText(view: PositionsView, intentId: string): string {
  const place = view.queuePlaces[intentId];
  return place === undefined ? "–" : `#${place}`;
}

/** Funds and PAPER as figures, then the pending intents and recent outcomes. */
export function LiveAccount(props: LiveViewProps) {
  const { view, before } = useWallet(props.view);
  const now = serverNow(props.view);
  const wallet = view.address;
  const embed = props.embed;
  const figures: Array<[string, string, string | undefined, string]> = [
    ["Balance", view.funds.balance, before?.funds.balance, ""],
    ["Queued", view.funds.queued, before?.funds.queued, "owed by the payout queue"],
    ["Locked", view.funds.locked, before?.funds.locked, "margin in open positions"],
    ["Available", view.funds.available, before?.funds.available, "not reserved by intents"],
    ["PAPER held", view.paper.held, before?.paper.held, ""],
    ["PAPER staked", view.paper.staked, before?.paper.staked, ""],
    ["Pending rewards", view.paper.rewards, before?.paper.rewards, "claimable staking rewards"],
  ];
  return (
    <div class={liveClass("live-account")}>
      <dl class="stats" id="paper">
        {figures.map(([label, value, was, note]) => (
          <Stat
            label={label}
            value={<LiveValue value={value} before={was} />}
            note={note || null}
          />
        ))}
      </dl>
      <h2 id="pending">Pending intents</h2>
      {view.pending.length === 0
        ? <p class="muted">Nothing pending: the relayer holds no intents for this wallet.</p>
        : (
          <DataTable
            label="Pending intents"
            columns={[numeric("Queue"), "Intent", "Action", "Deadline"]}
            caption={
              <>
                {`Accepted by the relayer, not yet settled on HyperEVM; queue places ${
                  view.queueAt === null ? "not read" : "as of "
                }`}
                {view.queueAt !== null && <Age at={view.queueAt} now={now} />}
              </>
            }
          >
            {view.pending.map((intent) => (
              <tr key={intent.intentId}>
                <td class="num">
                  <LiveValue
                    value={queueText(view, intent.intentId)}
                    before={before ? queueText(before, intent.intentId) : undefined}
                  />
                </td>
                <td>
                  <a
                    class="mono"
                    href={pageHref(`/intent/${intent.intentId}?wallet=${wallet}`, embed)}
                  >
                    {shortHex(intent.intentId)}
                  </a>
                </td>
                <td>{intent.action}</td>
                <td>
                  <Age at={intent.deadlineAt} now={now} />
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      <h3 id="outcomes">Recent outcomes</h3>
      {view.outcomes.length === 0 && view.closedPositions.length === 0
        ? (
          <p class="muted">
            No intent outcome yet: none reported by the live stream, none settled in the last hour.
          </p>
        )
        : (
          <ul class="outcomes">
            {view.closedPositions.map((closed) => (
              <li key={`p${closed.positionId}`}>
                {closed.liquidated
                  ? (
                    <>
                      <strong class="bad">✗ liquidated</strong>
                      {" "}
                    </>
                  )
                  : "closed "}
                <a href={pageHref(`/position/${closed.positionId}?wallet=${wallet}`, embed)}>
                  {`#${closed.positionId}`}
                </a>
                {` ${closed.market}, net `}
                <span class={closed.netPnlTone}>{closed.netPnl}</span>
              </li>
            ))}
            {view.outcomes.map((ended) => {
              const [label, badge] = OUTCOME_LABELS[ended.outcome];
              return (
                <li key={ended.intentId}>
                  <span class={badge}>{label}</span>{" "}
                  <a
                    class="mono"
                    href={pageHref(`/intent/${ended.intentId}?wallet=${wallet}`, embed)}
                  >
                    {shortHex(ended.intentId)}
                  </a>{" "}
                  <Age at={ended.reportedAt} now={now} />
                </li>
              );
            })}
          </ul>
        )}
    </div>
  );
}
