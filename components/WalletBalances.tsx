import type { WalletSummary } from "../lib/wallet/summary.ts";
import { formatUsd, toneOf } from "../lib/format.ts";
import { Stat } from "./Stat.tsx";

/** The lifetime totals (funds, PAPER and its rewards are live, in `LiveAccount`). */
export function WalletLifetime(props: { summary: WalletSummary }) {
  const { lifetime } = props.summary.account;
  return (
    <>
      <h2 id="lifetime">Lifetime</h2>
      <dl class="stats">
        <Stat label="Deposits" value={formatUsd(lifetime.deposited)} />
        <Stat label="Withdrawals" value={formatUsd(lifetime.withdrawn)} />
        <Stat
          label="Realized PnL"
          value={formatUsd(lifetime.realizedPnl, { sign: true })}
          tone={toneOf(lifetime.realizedPnl)}
        />
        <Stat label="Fees paid" value={formatUsd(lifetime.feesPaid)} />
        <Stat
          label="Traded notional"
          value={formatUsd(lifetime.tradedNotional, { compact: true })}
        />
      </dl>
    </>
  );
}
