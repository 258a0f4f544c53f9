/** Island: the risk-first band at the top of the wallet page, live from the wallet's stream. */
import type { ComponentChildren } from "preact";
import type { LiveWallet } from "../lib/wallet/live_wallet.ts";
import { useWallet } from "../client/wallet_store.ts";
import { liveClass, type LiveProps, LiveValue, pageHref } from "../client/wallet_parts.tsx";
import { distanceText, percentText, RISK_LABELS, toneOf, usdText } from "../lib/figure_text.ts";

export function WalletRiskBand(props: LiveProps) {
  const { live, before } = useWallet(props.live);
  const { summary } = live;
  const { nearest } = summary;
  // A figure of the band: its text now, flashed when it differs from the one before.
  const figure = (
    label: string,
    band: string,
    text: (of: LiveWallet) => string,
    tone?: string,
    extra?: ComponentChildren,
  ) => (
    <div>
      <dt>{label}</dt>
      <dd class={tone} data-band={band}>
        <LiveValue value={text(live)} before={before ? text(before) : undefined} />
        {extra}
      </dd>
    </div>
  );
  const worst = distanceText(nearest?.distance_to_bust_percent ?? null);
  const near = summary.near_bust_count;
  const counts = (of: LiveWallet) => `${of.summary.close_count} / ${of.summary.near_bust_count}`;
  const signed = (value: number) => usdText(value, { sign: true });
  const parts = (of: LiveWallet) =>
    `realized ${signed(of.lifetime_realized_pnl_usd)}, unrealized ${
      signed(of.summary.unrealized_pnl_usd)
    }`;
  // The worst position's own move to bust, as get_positions gives it.
  const worstMove = (of: LiveWallet) => {
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
        {figure("Equity", "equity", (of) => usdText(of.summary.equity_usd))}
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
        {figure("Move to bust", "move", (of) => worstMove(of) ?? "n/a")}
        {figure(
          "Close / near bust",
          "counts",
          counts,
          undefined,
          <span class="muted">{` of ${summary.open_positions} open`}</span>,
        )}
        {figure(
          "Unrealized PnL",
          "pnl",
          (of) => signed(of.summary.unrealized_pnl_usd),
          toneOf(summary.unrealized_pnl_usd),
        )}
        {figure(
          "Total PnL",
          "total",
          (of) => signed(of.total_pnl_usd),
          toneOf(live.total_pnl_usd),
          <span class="muted band-parts">
            <LiveValue value={parts(live)} before={before ? parts(before) : undefined} />
          </span>,
        )}
        {figure(
          "Return on deposits",
          "return",
          (of) => percentText(of.return_on_deposits_percent, { sign: true }),
          toneOf(live.return_on_deposits_percent),
        )}
      </dl>
    </section>
  );
}
