/**
 * Atom feeds (RFC 4287): one wallet's opens, closes and liquidations, and the protocol's recent
 * liquidations. Entry ids are `tag:` URIs built from facts (the position id and what happened
 * to it), so an entry keeps its id whenever and wherever it is read; `updated` is the trade's
 * own time, never the request's. Every upstream string is XML-escaped.
 */
import type { PapertradeClient } from "../papertrade/mod.ts";
import type { HyperEvmClient } from "../hyperevm/client.ts";
import { marketOf, withSettlingTransactions } from "../position/mod.ts";
import { Parts } from "../parts.ts";
import { formatUsd } from "../format.ts";
import { escapeXml } from "../xml.ts";
import { DEFAULT_SELECTION, readLiquidations, selectLiquidations } from "../liquidations/mod.ts";
import { siteLink } from "../site_link.ts";

/** Prefix of every id (tag URI, RFC 4151): the exchange's domain and the year ids began. */
const TAG = "tag:papertrade.xyz,2026:hyperevm-999";

type EntryKind = "open" | "close" | "liquidation";

/** One entry: what happened to which position of which wallet, when (ms). */
interface FeedEntry {
  positionId: string;
  wallet: string;
  kind: EntryKind;
  title: string;
  at: number;
  /** The transaction that settled a close or liquidation, when known. */
  txHash?: string | null;
}

/** The stable id of what happened to a position. */
export function entryId(positionId: string, kind: EntryKind): string {
  return `${TAG}:position:${positionId}:${kind}`;
}

const VERB = { open: "Opened", close: "Closed", liquidation: "Liquidated" } as const;

/** "Opened long BTC 100x": the verb, the side when known, the market and the leverage. */
function headline(kind: EntryKind, symbol: string, isLong: boolean | null, leverage: number) {
  const side = isLong === null ? "" : isLong ? "long " : "short ";
  return `${VERB[kind]} ${side}${symbol} ${leverage}x`;
}

/** What a feed says about itself; `updated` is its newest entry's time, else `fallbackAt`. */
interface FeedHead {
  site: string;
  id: string;
  title: string;
  subtitle?: string;
  selfPath: string;
  pagePath: string;
  fallbackAt: number;
}

/** The feed document, newest entry first. */
function atom(head: FeedHead, entries: FeedEntry[]): string {
  const sorted = [...entries].sort((a, b) => b.at - a.at);
  const date = (ms: number) => new Date(ms).toISOString();
  const link = (path: string, rel = "alternate") =>
    `<link rel="${rel}" href="${escapeXml(siteLink(head.site, path))}"/>`;
  const entryXml = (entry: FeedEntry) =>
    `  <entry>\n    <id>${entryId(entry.positionId, entry.kind)}</id>\n    <title>${
      escapeXml(entry.title)
    }</title>\n    <updated>${date(entry.at)}</updated>\n    ${
      link(`/position/${entry.positionId}?wallet=${entry.wallet}`)
    }${
      entry.txHash
        ? `\n    <link rel="related" title="Settling transaction" href="${
          escapeXml(siteLink(head.site, `/tx/${entry.txHash}`))
        }"/>`
        : ""
    }\n  </entry>`;
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${escapeXml(head.id)}</id>`,
    `  <title>${escapeXml(head.title)}</title>`,
    ...(head.subtitle ? [`  <subtitle>${escapeXml(head.subtitle)}</subtitle>`] : []),
    `  <updated>${date(sorted[0]?.at ?? head.fallbackAt)}</updated>`,
    "  <author><name>Papertrade Explorer (unofficial)</name></author>",
    `  ${link(head.selfPath, "self")}`,
    `  ${link(head.pagePath)}`,
    ...sorted.map(entryXml),
    "</feed>",
    "",
  ].join("\n");
}

/**
 * A wallet's feed: its open positions and the newest page of its trade history (each trade an
 * open and a close or liquidation, which links its settling transaction: the history's, else
 * found from the Exchange's events). The account is required (an unknown wallet or an upstream
 * failure throws); the history, the transactions, the market names and the name degrade, named
 * in the subtitle.
 */
export async function walletFeed(
  sources: { papertrade: PapertradeClient; hyperevm: HyperEvmClient },
  wallet: string,
  options: { site: string; signal?: AbortSignal },
): Promise<string> {
  const { signal } = options;
  const { papertrade } = sources;
  const parts = new Parts();
  const [account, history, trading, names] = await Promise.all([
    papertrade.read("walletStream", { wallet: wallet }, { signal }),
    parts.read(papertrade.read("tradeHistory", { wallet }, { signal }), "closes and liquidations"),
    parts.read(papertrade.read("tradingState", {}, { signal }), "market names"),
    parts.read(
      papertrade.read("leaderboard", { window: "all", query: wallet }, { signal }),
      "name",
    ),
  ]);
  const name = names?.accounts.find((row) => row.address === wallet)?.leaderboardName ?? null;
  const symbol = (id: number) => marketOf(trading?.instruments ?? [], id).symbol;
  const entries: FeedEntry[] = [];
  const closed = history
    ? await withSettlingTransactions(sources, wallet, history.trades, parts)
    : [];
  for (const p of [...account.openPositions, ...closed]) {
    const { positionId } = p;
    const opened = headline("open", symbol(p.instrumentId), p.isLong, p.leverage);
    entries.push({
      positionId,
      wallet,
      kind: "open",
      title: `${opened}, ${formatUsd(p.margin)} margin`,
      at: p.openedAt,
    });
    if (!("closedAt" in p)) continue;
    const kind = p.liquidated ? "liquidation" : "close";
    const title = `${headline(kind, symbol(p.instrumentId), p.isLong, p.leverage)}: net PnL ${
      formatUsd(p.netPnl, { sign: true })
    }`;
    entries.push({ positionId, wallet, kind, title, at: p.closedAt, txHash: p.txHash });
  }
  const missing = parts.unavailable.map((item) => `${item.part} (${item.reason})`);
  return atom({
    site: options.site,
    id: `${TAG}:wallet:${wallet}`,
    title: `Papertrade wallet ${name ? `${name} (${wallet.slice(0, 10)}…)` : wallet}`,
    subtitle: missing.length > 0 ? `Not in this copy: ${missing.join("; ")}.` : undefined,
    selfPath: `/wallet/${wallet}/feed.atom`,
    pagePath: `/wallet/${wallet}`,
    fallbackAt: account.indexedThroughTimestamp,
  }, entries);
}

/**
 * The protocol's liquidations: the liquidations page's default view (`lib/liquidations`), so the
 * feed and the page list the same ones. Fails only when neither of its sources answers; a missing
 * part is named in the subtitle.
 */
export async function liquidationsFeed(
  sources: { papertrade: PapertradeClient; hyperevm: HyperEvmClient; now: () => number },
  options: { site: string; signal?: AbortSignal },
): Promise<string> {
  const list = await readLiquidations(sources, { signal: options.signal });
  const { rows } = selectLiquidations(list, DEFAULT_SELECTION);
  const entries = rows.map((row) => ({
    positionId: row.positionId,
    wallet: row.wallet,
    kind: "liquidation" as const,
    title: `${VERB.liquidation} ${row.isLong === null ? "" : row.isLong ? "long " : "short "}${
      row.symbol ?? "a position"
    }${row.leverage === null ? "" : ` ${row.leverage}x`}${
      row.notional === null ? "" : `, ${formatUsd(row.notional)}`
    } of ${row.wallet.slice(0, 10)}…`,
    at: row.at,
    txHash: row.txHash,
  }));
  const missing = list.unavailable.map((item) => `${item.part} (${item.reason})`);
  return atom({
    site: options.site,
    id: `${TAG}:liquidations`,
    title: "Papertrade liquidations",
    subtitle:
      `Liquidations of the last 24 hours, newest first, at most ${DEFAULT_SELECTION.limit}.${
        missing.length > 0 ? ` Not in this copy: ${missing.join("; ")}.` : ""
      }`,
    selfPath: "/liquidations.atom",
    pagePath: "/liquidations",
    fallbackAt: list.now,
  }, entries);
}
