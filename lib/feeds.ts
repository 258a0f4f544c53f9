/**
 * Atom feeds (RFC 4287): one wallet's opens, closes and liquidations, and the protocol's recent
 * liquidations. Entry ids are `tag:` URIs built from facts (the position id and what happened
 * to it), so an entry keeps its id whenever and wherever it is read; `updated` is the trade's
 * own time, never the request's. Every upstream string is XML-escaped.
 */
import type { OpenPosition, PapertradeClient, RecentTrade, Trade } from "./papertrade/mod.ts";
import { Parts } from "./parts.ts";
import { marketOf } from "./wallet/value_positions.ts";
import { formatUsd } from "./format.ts";
import { escapeXml } from "./discovery/text_files.ts";
import { siteLink } from "./discovery/server_identity.ts";

/** Prefix of every id (tag URI, RFC 4151): the exchange's domain and the year ids began. */
const TAG = "tag:papertrade.xyz,2026:hyperevm-999";

/** What happened to a position. */
type EntryKind = "open" | "close" | "liquidation";

/** One entry, before it is written as XML. */
interface FeedEntry {
  positionId: string;
  kind: EntryKind;
  title: string;
  /** ms */
  at: number;
  /** Path on this site. */
  path: string;
}

/** The stable id of what happened to a position. */
export function entryId(positionId: string, kind: EntryKind): string {
  return `${TAG}:position:${positionId}:${kind}`;
}

const VERB = { open: "Opened", close: "Closed", liquidation: "Liquidated" } as const;

/** The feed document; `updated` is the newest entry's time, else `fallbackAt`. */
function atom(options: {
  site: string;
  id: string;
  title: string;
  subtitle?: string;
  selfPath: string;
  pagePath: string;
  entries: FeedEntry[];
  fallbackAt: number;
}): string {
  const { site, entries } = options;
  const sorted = [...entries].sort((a, b) => b.at - a.at);
  const date = (ms: number) => new Date(ms).toISOString();
  const link = (path: string, rel = "alternate") =>
    `<link rel="${rel}" href="${escapeXml(siteLink(site, path))}"/>`;
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${escapeXml(options.id)}</id>`,
    `  <title>${escapeXml(options.title)}</title>`,
    ...(options.subtitle ? [`  <subtitle>${escapeXml(options.subtitle)}</subtitle>`] : []),
    `  <updated>${date(sorted[0]?.at ?? options.fallbackAt)}</updated>`,
    "  <author><name>Papertrade Explorer (unofficial)</name></author>",
    `  ${link(options.selfPath, "self")}`,
    `  ${link(options.pagePath)}`,
    ...sorted.map((entry) =>
      [
        "  <entry>",
        `    <id>${entryId(entry.positionId, entry.kind)}</id>`,
        `    <title>${escapeXml(entry.title)}</title>`,
        `    <updated>${date(entry.at)}</updated>`,
        `    ${link(entry.path)}`,
        "  </entry>",
      ].join("\n")
    ),
    "</feed>",
    "",
  ].join("\n");
}

/** "long BTC 100x" */
function describe(symbol: string, isLong: boolean | null, leverage: number): string {
  return `${isLong === null ? "" : isLong ? "long " : "short "}${symbol} ${leverage}x`;
}

/**
 * A wallet's feed: its open positions and the newest page of its trade history (each trade an
 * open and a close or liquidation). The account is required (an unknown wallet or an upstream
 * failure throws); the history and the name degrade, and the subtitle says what is missing.
 */
export async function walletFeed(
  papertrade: PapertradeClient,
  address: string,
  options: { site: string; signal?: AbortSignal },
): Promise<string> {
  const { signal } = options;
  const parts = new Parts();
  const [account, history, trading, names] = await Promise.all([
    papertrade.fetchWalletSnapshot(address, { signal }),
    parts.read(
      papertrade.fetchTradeHistory({ wallet: address, signal }),
      "closes and liquidations",
    ),
    parts.read(papertrade.fetchTradingState({ signal }), "market names"),
    parts.read(papertrade.fetchLeaderboard({ window: "all", query: address, signal }), "name"),
  ]);
  const name = names?.accounts.find((row) => row.address === address)?.leaderboardName ?? null;
  const symbol = (id: number) => marketOf(trading?.instruments ?? [], id).symbol;
  const path = (id: string) => `/position/${id}?wallet=${address}`;
  const opened = (p: OpenPosition | Trade): FeedEntry => ({
    positionId: p.positionId,
    kind: "open",
    title: `${VERB.open} ${describe(symbol(p.instrumentId), p.isLong, p.leverage)}, ${
      formatUsd(p.margin)
    } margin`,
    at: p.openedAt,
    path: path(p.positionId),
  });
  const entries = [...account.openPositions.map(opened)];
  for (const trade of history?.trades ?? []) {
    const kind = trade.liquidated ? "liquidation" : "close";
    entries.push(opened(trade), {
      positionId: trade.positionId,
      kind,
      title: `${VERB[kind]} ${
        describe(symbol(trade.instrumentId), trade.isLong, trade.leverage)
      }: ${formatUsd(trade.netPnl, { sign: true })}`,
      at: trade.closedAt,
      path: path(trade.positionId),
    });
  }
  const missing = parts.unavailable.map((item) => `${item.part} (${item.reason})`);
  return atom({
    site: options.site,
    id: `${TAG}:wallet:${address}`,
    title: `Papertrade wallet ${name ? `${name} (${address.slice(0, 10)}…)` : address}`,
    subtitle: missing.length > 0 ? `Not in this copy: ${missing.join("; ")}.` : undefined,
    selfPath: `/wallet/${address}/feed.atom`,
    pagePath: `/wallet/${address}`,
    entries,
    fallbackAt: account.indexedThroughTimestamp,
  });
}

/** The protocol's liquidations among its recent trades; the read is required. */
export async function liquidationsFeed(
  papertrade: PapertradeClient,
  options: { site: string; signal?: AbortSignal },
): Promise<string> {
  const recent: RecentTrade[] = await papertrade.fetchRecentTrades({ signal: options.signal });
  const entries = recent.filter((trade) => trade.kind === "liquidation").map((trade) => ({
    positionId: trade.positionId,
    kind: "liquidation" as const,
    title: `${VERB.liquidation} ${describe(trade.symbol, trade.isLong, trade.leverage)} of ${
      trade.wallet.slice(0, 10)
    }…`,
    at: trade.timestamp,
    path: `/position/${trade.positionId}?wallet=${trade.wallet}`,
  }));
  return atom({
    site: options.site,
    id: `${TAG}:liquidations`,
    title: "Papertrade liquidations",
    subtitle: "Liquidations among the protocol's most recent trades.",
    selfPath: "/liquidations.atom",
    pagePath: "/",
    entries,
    fallbackAt: Math.max(0, ...recent.map((trade) => trade.timestamp)),
  });
}
