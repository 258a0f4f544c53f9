/**
 * Every watched wallet's equity, worst distance to bust, band and recent liquidations, for
 * `GET /watchlist.json` and `/watchlist?w=`: one request and no stream slot however many are
 * watched. The trading state, live marks and recent trades are read once and shared; each wallet
 * costs one snapshot and one name look-up, all through the read cache (1 s and 30 s lifetimes),
 * so viewers watching the same wallets share the upstream reads.
 */
import type { MarketSources } from "../marks.ts";
import { Parts } from "../parts.ts";
import { readMarket, valueWalletPositions } from "../position/mod.ts";
import { riskSummaryJson } from "../wallet/mod.ts";
import { PapertradeApiError } from "../papertrade/mod.ts";
import type { WatchlistView, WatchRow } from "./view.ts";

/** Reads the watchlist: one row per address, in the order given; one bad wallet drops one row. */
export async function fetchWatchlist(
  sources: MarketSources & { now: () => number },
  addresses: readonly string[],
  options: { signal?: AbortSignal } = {},
): Promise<WatchlistView> {
  const { papertrade } = sources;
  const { signal } = options;
  const parts = new Parts();
  const [{ trading, marks }, recent] = await Promise.all([
    readMarket(sources, parts, { part: "position valuations", signal }),
    parts.read(
      papertrade.read("recentTrades", {}, { signal }).then(({ trades }) => trades),
      "recent liquidations",
    ),
  ]);
  const now = sources.now();
  const wallets = await Promise.all(addresses.map(async (address): Promise<WatchRow> => {
    const [account, names] = await Promise.allSettled([
      papertrade.read("walletStream", { wallet: address }, { signal }),
      papertrade.read("leaderboard", { window: "all", query: address }, { signal }),
    ]);
    const name = names.status === "fulfilled"
      ? names.value.accounts.find((row) => row.address === address)?.leaderboardName ?? null
      : null;
    const liquidations = recent && recent
      .filter((trade) => trade.wallet === address && trade.kind === "liquidation")
      .map((trade) => ({
        positionId: trade.positionId,
        market: trade.symbol,
        at: trade.timestamp,
      }));
    if (account.status === "fulfilled") {
      // The risk summary reads no close payout, so the win fee is not read for it.
      const valued = valueWalletPositions(parts.note(account.value), trading, marks, null);
      return { address, name, summary: riskSummaryJson.of(valued), liquidations, problem: null };
    }
    const unknown = account.reason instanceof PapertradeApiError && account.reason.status === 404;
    if (!unknown) parts.settled(account, "wallet accounts");
    const problem = unknown ? "Papertrade knows no such wallet." : "Its account could not be read.";
    return { address, name, summary: null, liquidations, problem };
  }));
  const unavailable = [...new Set(parts.unavailable.map((item) => item.part))];
  return { wallets, unavailable, generatedAt: now };
}
