import type { WalletSummary } from "../lib/wallet/mod.ts";
import { formatCount, formatToken, formatUsd } from "./format.ts";
import { Stat, toneOf } from "./Stat.tsx";
import { Time } from "./Time.tsx";

/** A wallet's funds and counts, with the time of the account state. */
export function WalletFunds(props: { summary: WalletSummary; now: number }) {
  const { account } = props.summary;
  const { balances, funds } = account;
  return (
    <>
      <h2 id="funds">Funds</h2>
      <p class="muted">
        Account state indexed through block {formatCount(account.indexedThroughBlock)},{" "}
        <Time at={account.indexedThroughTimestamp} now={props.now} />.
      </p>
      <dl class="stats">
        <Stat label="Balance" value={formatUsd(balances.balance)} />
        <Stat
          label="Queued"
          value={formatUsd(balances.queued)}
          note="owed by the payout queue"
        />
        <Stat label="Locked" value={formatUsd(balances.locked)} note="margin in open positions" />
        <Stat
          label="Available"
          value={formatUsd(funds.availableBalance)}
          note="not reserved by pending intents"
        />
        <Stat label="Open positions" value={formatCount(account.openPositions.length)} />
        <Stat label="Pending intents" value={formatCount(account.operations.length)} />
      </dl>
    </>
  );
}

/** PAPER held and staked, pending staking rewards, and the lifetime totals. */
export function WalletPaperAndLifetime(props: { summary: WalletSummary }) {
  const { account, pendingRewards } = props.summary;
  const { paper, lifetime } = account;
  return (
    <>
      <h2 id="paper">PAPER</h2>
      <dl class="stats">
        <Stat label="PAPER held" value={formatToken(paper.balance, "PAPER")} />
        <Stat label="PAPER staked" value={formatToken(paper.staked, "PAPER")} />
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
