import type { WalletSummary } from "../lib/wallet/mod.ts";
import { formatUsd } from "../lib/format.ts";
import { Stat, toneOf } from "./Stat.tsx";

/** Pending staking rewards and the lifetime totals (PAPER itself is live, in `LiveAccount`). */
export function WalletRewardsAndLifetime(props: { summary: WalletSummary }) {
  const { account, pendingRewards } = props.summary;
  const { lifetime } = account;
  return (
    <>
      <dl class="stats">
        <Stat
          label="Pending rewards"
          value={pendingRewards === null ? "n/a" : formatUsd(pendingRewards)}
          note="claimable staking rewards"
        />
      </dl>
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
