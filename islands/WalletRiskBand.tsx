/** Island: the risk-first band at the top of the wallet page, live from the wallet's stream. */
import { useWallet } from "../client/wallet_store.ts";
import { liveClass, type LiveProps, LiveValue, pageHref } from "../client/wallet_parts.tsx";
import { distanceText, percentText, RISK_LABELS, toneOf, usdText } from "../lib/figure_text.ts";

/** The summary band. */
export function WalletRiskBand(props: LiveProps) {
  const { live, before } = useWallet(props.live);
  const { summary } = live;
  const was = before?.summary;
  const { nearest } = summary;
  const worst = distanceText(nearest?.distance_to_bust_percent ?? null);
  const near = summary.near_bust_count;
  const counts = (of: typeof summary) => `${of.close_count} / ${of.near_bust_count}`;
  const signed = (value: number) => usdText(value, { sign: true });
  const parts = (of: typeof live) =>
    `realized ${signed(of.lifetime_realized_pnl_usd)}, unrealized ${
      signed(of.summary.unrealized_pnl_usd)
    }`;
  // The worst position's own move to bust, as get_positions gives it.
  const worstMove = (of: typeof live) => {
    const row = of.positions.find((p) => p.position_id === of.summary.nearest?.position_id);
    return row?.move_to_bust_usd == null
      ? null
      : `${usdText(row.move_to_bust_usd)} (${row.market})`;
  };
  return (
    <section class={liveClass("risk-band")} aria-label="Risk summary" data-risk-band>
      {near > 0 && (
        <p class="alert alert-danger" role="alert">
          <strong>{`⚠ ${near} ${near === 1 ? "position is" : "positions are"} near bust`}</strong>
          {` (under 0.03% from the bust price): a small move liquidates ${
            near === 1 ? "it" : "them"
          }.`}
        </p>
      )}
      <dl class="band">
        <div>
          <dt>Equity</dt>
          <dd data-band="equity">
            <LiveValue
              value={usdText(summary.equity_usd)}
              before={was && usdText(was.equity_usd)}
            />
          </dd>
        </div>
        <div>
          <dt>Worst to bust</dt>
          <dd data-band="worst">
            {nearest
              ? (
                <a
                  href={pageHref(
                    `/position/${nearest.position_id}?wallet=${live.address}`,
                    props.embed,
                  )}
                >
                  {worst}
                </a>
              )
              : worst}
            {nearest && nearest.risk !== "ok" && (
              <span class={`badge ${nearest.risk}`}>{RISK_LABELS[nearest.risk]}</span>
            )}
          </dd>
        </div>
        <div>
          <dt>Move to bust</dt>
          <dd data-band="move">
            <LiveValue
              value={worstMove(live) ?? "n/a"}
              before={was && (worstMove(before!) ?? "n/a")}
            />
          </dd>
        </div>
        <div>
          <dt>Close / near bust</dt>
          <dd data-band="counts">
            <LiveValue value={counts(summary)} before={was && counts(was)} />
            <span class="muted">{` of ${summary.open_positions} open`}</span>
          </dd>
        </div>
        <div>
          <dt>Unrealized PnL</dt>
          <dd class={toneOf(summary.unrealized_pnl_usd)} data-band="pnl">
            <LiveValue
              value={usdText(summary.unrealized_pnl_usd, { sign: true })}
              before={was && usdText(was.unrealized_pnl_usd, { sign: true })}
            />
          </dd>
        </div>
        <div>
          <dt>Total PnL</dt>
          <dd class={toneOf(live.total_pnl_usd)} data-band="total">
            <LiveValue
              value={signed(live.total_pnl_usd)}
              before={was && signed(before!.total_pnl_usd)}
            />
            <span class="muted band-parts">
              <LiveValue value={parts(live)} before={was && parts(before!)} />
            </span>
          </dd>
        </div>
        <div>
          <dt>Return on deposits</dt>
          <dd class={toneOf(live.return_on_deposits_percent)} data-band="return">
            <LiveValue
              value={percentText(live.return_on_deposits_percent, { sign: true })}
              before={was && percentText(before!.return_on_deposits_percent, { sign: true })}
            />
          </dd>
        </div>
      </dl>
    </section>
  );
}
