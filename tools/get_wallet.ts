/** get_wallet: the balance sheet of one wallet. */
import type { z } from "zod";
import { fetchWalletSummary } from "../lib/wallet/mod.ts";
import { addressArg, argsObject } from "./_args.ts";
import { defineTool } from "./define_tool.ts";
import { walletSummaryJson } from "./_json_wallet.ts";
import { amount, lines, quoted, signedUsd, unavailableText, UNTRUSTED_NOTE, usd } from "./text.ts";

const input = argsObject({
  address: addressArg("Wallet address: 0x followed by 40 hex characters. Case-insensitive."),
});

/** The get_wallet tool. */
export const getWalletTool = defineTool({
  name: "get_wallet",
  title: "Look up a wallet",
  description:
    "Balance sheet of one Papertrade wallet: balance, queued funds, locked funds, available " +
    "funds, open position and pending operation counts, PAPER held and staked with pending " +
    "staking rewards, lifetime deposits, withdrawals, realized PnL and fees, active session " +
    "keys, and leaderboard rank and PnL per window (24h, 7d, 30d, all). USD values are " +
    "dollars. Next: get_positions for open positions, get_intents for pending intents, " +
    "get_trade_history for closed trades.",
  input,
  output: walletSummaryJson.schema,
  walletArgument: "address",
  async run({ address }, context) {
    const summary = await fetchWalletSummary(context.papertrade, address, {
      now: context.now,
      signal: context.signal,
    });
    const structured = walletSummaryJson.of({ summary, siteUrl: context.siteUrl });
    return { structured, text: renderWallet(structured) };
  },
});

/** Text of a wallet balance sheet (also used by search's wallet preview). */
export function renderWallet(wallet: z.input<typeof walletSummaryJson.schema>): string {
  const ranks = wallet.ranks
    .map((rank) =>
      rank.rank === null
        ? `${rank.window}: not ranked`
        : `${rank.window}: #${rank.rank} (${signedUsd(rank.pnl_usd)})`
    )
    .join(", ");
  const { lifetime } = wallet;
  return lines(
    unavailableText(wallet.unavailable, wallet.rows_skipped),
    `Wallet ${wallet.address}, leaderboard name ${quoted(wallet.leaderboard_name)}.`,
    wallet.leaderboard_name === null ? null : UNTRUSTED_NOTE,
    `Balance ${usd(wallet.balance_usd)}, available ${usd(wallet.available_usd)}, ` +
      `locked ${usd(wallet.locked_usd)}, queued ${usd(wallet.queued_usd)}.`,
    `${wallet.open_positions} open positions, ${wallet.pending_operations} pending operations.`,
    `PAPER held ${amount(wallet.paper.held)}, staked ${amount(wallet.paper.staked)}, pending ` +
      `staking rewards ${usd(wallet.paper.pending_rewards_usd)}.`,
    `Lifetime: deposited ${usd(lifetime.deposited_usd)}, withdrawn ${
      usd(lifetime.withdrawn_usd)
    }, ` +
      `realized PnL ${signedUsd(lifetime.realized_pnl_usd)}, fees ${usd(lifetime.fees_paid_usd)}.`,
    `Active session keys: ${wallet.session_keys.length}.`,
    ranks ? `Ranks: ${ranks}.` : null,
    `Page: ${wallet.links.wallet_page}`,
  );
}
