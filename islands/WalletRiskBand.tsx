/** Island: the risk-first band at the top of the wallet page, live from the wallet's stream. */
import { useWallet } from "../client/wallet_store.ts";
import type { LiveViewProps } from "../client/wallet_parts.tsx";
import { liveClass, LiveValue, pageHref, RISK_LABELS } from "../client/wallet_parts.tsx";

/** The summary band. */
export function WalletRiskBand(props: LiveViewProps) {
  const { view, before: shown } = useWallet(props.view);
  const before = shown?.summary;
  const { summary } = view;
  const worstLink = summary.worstPositionId === null
    ? null
    : pageHref(`/position/${summary.worstPositionId}?wallet=${view.address}`, props.embed);
  return (
    <section class={liveClass("risk-band")} aria-label="Risk summary" data-risk-band>
      {summary.nearBustCount > 0 && (
        <p class="alert alert-danger" role="alert">
          <strong>
            {`⚠ ${summary.nearBustCount} ${
              summary.nearBustCount === 1 ? "position is" : "positions are"
            } near bust`}
          </strong>
          {` (under 0.03% from the bust price): a small move liquidates ${
            summary.nearBustCount === 1 ? "it" : "them"
          }.`}
        </p>
      )}
      <dl class="band">
        <div>
          <dt>Equity</dt>
          <dd data-band="equity">
            <LiveValue value={summary.equity} before={before?.equity} />
          </dd>
        </div>
        <div>
          <dt>Unrealized PnL</dt>
          <dd class={summary.pnlTone} data-band="pnl">
            <LiveValue value={summary.pnl} before={before?.pnl} />
          </dd>
        </div>
        <div>
          <dt>Worst to bust</dt>
          <dd data-band="worst">
            {worstLink ? <a href={worstLink}>{summary.worstDistance}</a> : summary.worstDistance}
            {summary.worstRisk !== null && summary.worstRisk !== "ok" && (
              <span class={`badge ${summary.worstRisk}`}>{RISK_LABELS[summary.worstRisk]}</span>
            )}
          </dd>
        </div>
        <div>
          <dt>Close / near bust</dt>
          <dd data-band="counts">
            <LiveValue
              value={`${summary.closeCount} / ${summary.nearBustCount}`}
              before={before && `${before.closeCount} / ${before.nearBustCount}`}
            />
            <span class="muted">{` of ${summary.openCount} open`}</span>
          </dd>
        </div>
      </dl>
    </section>
  );
}
