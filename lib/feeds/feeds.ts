/**
 * Atom feeds (RFC 4287): one wallet's opens, closes, liquidations and band changes, and the
 * protocol's recent liquidations. Entry ids are `tag:` URIs built from facts (the position id and
 * what happened to it), so an entry keeps its id whenever and wherever it is read; `updated` is
 * the trade's own time (a band change's: the sample that showed it), never the request's. Every
 * upstream string is XML-escaped.
 */
import type { PapertradeClient } from "../papertrade/mod.ts";
import type { HyperEvmClient } from "../hyperevm/client.ts";
import type { MarketSources } from "../marks.ts";
import { marketOf, readMarket, withSettlingTransactions } from "../position/mod.ts";
import { sharedMarkSamples } from "../markets/mod.ts";
import type { RiskBand } from "../math/mod.ts";
import { Parts } from "../parts.ts";
import { formatDistanceToBust, formatUsd } from "../format.ts";
import { RISK_LABELS } from "../figure_text.ts";
import { escapeXml } from "../xml.ts";
import { DEFAULT_SELECTION, readLiquidations, selectLiquidations } from "../liquidations/mod.ts";
import { siteLink } from "../site_link.ts";
import { type BandChange, bandChanges, type BandPosition } from "./band_changes.ts";

/** Prefix of every id (tag URI, RFC 4151): the exchange's domain and the year ids began. */
const TAG = "tag:papertrade.xyz,2026:hyperevm-999";

type EntryKind = "open" | "close" | "liquidation" | `band:${RiskBand}`;

interface FeedEntry {
  positionId: string;
  wallet: string;
  kind: EntryKind;
  title: string;
  /** A sentence on how the entry was derived (band changes). */
  summary?: string;
  at: number;
  /** The transaction that settled a close or liquidation, when known. */
  txHash?: string | null;
}

/**
 * The stable id of what happened to a position. A band change's names the band, not the time:
 * a position entering that band again updates its entry rather than adding one.
 */
export function entryId(positionId: string, kind: EntryKind): string {
  return `${TAG}:position:${positionId}:${kind}`;
}

const VERB = { open: "Opened", close: "Closed", liquidation: "Liquidated" } as const;
const side = (isLong: boolean | null) => isLong === null ? "" : isLong ? "long " : "short ";

/** What a feed says about itself; the subtitle names every part that could not be read. */
interface FeedHead {
  site: string;
  id: string;
  title: string;
  subtitle?: string;
  unavailable: readonly { part: string; reason: string }[];
  selfPath: string;
  pagePath: string;
  /** `updated` when the feed has no entry (else its newest entry's time). */
  fallbackAt: number;
}

/** The feed document, newest entry first. */
function atom(head: FeedHead, entries: FeedEntry[]): string {
  const missing = head.unavailable.map((item) => `${item.part} (${item.reason})`);
  const subtitle = [head.subtitle, missing.length > 0 && `Not in this copy: ${missing.join("; ")}.`]
    .filter(Boolean).join(" ");
  const sorted = [...entries].sort((a, b) => b.at - a.at);
  const date = (ms: number) => new Date(ms).toISOString();
  const link = (path: string, rel = "alternate") =>
    `<link rel="${rel}" href="${escapeXml(siteLink(head.site, path))}"/>`;
  const entryXml = (entry: FeedEntry) =>
    `  <entry>\n    <id>${entryId(entry.positionId, entry.kind)}</id>\n    <title>${
      escapeXml(entry.title)
    }</title>\n    <updated>${date(entry.at)}</updated>\n    ${
      entry.summary ? `<summary>${escapeXml(entry.summary)}</summary>\n    ` : ""
    }${link(`/position/${entry.positionId}?wallet=${entry.wallet}`)}${
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
    ...(subtitle ? [`  <subtitle>${escapeXml(subtitle)}</subtitle>`] : []),
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
 * A wallet's feed: an open and a close or liquidation (linking its settling transaction: the
 * history's, else found from the Exchange's events) per open position and trade of the newest
 * history page, the latest trades' liquidations the history does not hold yet, and the band
 * changes of its open and liquidated positions in the explorer's mark samples (this read samples
 * the live marks too). The account is required (unknown or failing: throws); every other part
 * degrades, named in the subtitle.
 */
export async function walletFeed(
  sources: MarketSources & { hyperevm: HyperEvmClient; now: () => number },
  wallet: string,
  options: { site: string; signal?: AbortSignal },
): Promise<string> {
  const { signal } = options;
  const { papertrade } = sources;
  const parts = new Parts();
  const [account, history, { trading, marks }, recent, names] = await Promise.all([
    papertrade.read("walletStream", { wallet }, { signal }),
    parts.read(papertrade.read("tradeHistory", { wallet }, { signal }), "closes and liquidations"),
    readMarket(sources, parts, { part: "market names", signal }),
    parts.read(papertrade.read("recentTrades", {}, { signal }), "latest trades"),
    parts.read(
      papertrade.read("leaderboard", { window: "all", query: wallet }, { signal }),
      "name",
    ),
  ]);
  const name = names?.accounts.find((row) => row.address === wallet)?.leaderboardName ?? null;
  const symbol = (id: number) => marketOf(trading?.instruments ?? [], id).symbol;
  const samples = sharedMarkSamples(papertrade, sources.now);
  if (marks) await samples.recordMarks(marks);
  const entries: FeedEntry[] = [];
  const closed = history
    ? await withSettlingTransactions(sources, wallet, history.trades, parts)
    : [];
  for (const p of [...account.openPositions, ...closed]) {
    const { positionId } = p;
    // "long BTC 100x"; a title starts with the verb ("Opened long BTC 100x").
    const what = `${side(p.isLong)}${symbol(p.instrumentId)} ${p.leverage}x`;
    const opened = `${VERB.open} ${what}, ${formatUsd(p.margin)} margin`;
    entries.push({ positionId, wallet, kind: "open", title: opened, at: p.openedAt });
    // An open position's bust is its own; a liquidated one closed at its bust.
    const bust: BandPosition | null = "closedAt" in p
      ? p.liquidated ? { ...p, bustPrice: p.exitPrice } : null
      : p;
    const path = bust ? await samples.of(p.instrumentId) : [];
    for (const change of bust ? bandChanges(bust, path) : []) {
      entries.push({
        positionId,
        wallet,
        kind: `band:${change.band}`,
        title: `${BAND_TITLES[change.band]}: ${what}, ${
          formatDistanceToBust(change.distancePercentWad)
        } from bust`,
        summary: bandSummary(change),
        at: change.at,
      });
    }
    if (!("closedAt" in p)) continue;
    const kind = p.liquidated ? "liquidation" : "close";
    const title = `${VERB[kind]} ${what}: net PnL ${formatUsd(p.netPnl, { sign: true })}`;
    entries.push({ positionId, wallet, kind, title, at: p.closedAt, txHash: p.txHash });
  }
  // A liquidation the latest trades list before the history holds it (or past its newest page).
  const listed = new Set(closed.map((trade) => trade.positionId));
  for (const trade of recent?.trades ?? []) {
    if (trade.kind !== "liquidation" || trade.wallet !== wallet) continue;
    if (listed.has(trade.positionId)) continue;
    listed.add(trade.positionId);
    entries.push({
      positionId: trade.positionId,
      wallet,
      kind: "liquidation",
      title: `${VERB.liquidation} ${side(trade.isLong)}${trade.symbol} ${trade.leverage}x`,
      at: trade.timestamp,
    });
  }
  return atom({
    site: options.site,
    id: `${TAG}:wallet:${wallet}`,
    title: `Papertrade wallet ${name ? `${name} (${wallet.slice(0, 10)}…)` : wallet}`,
    unavailable: parts.unavailable,
    selfPath: `/wallet/${wallet}/feed.atom`,
    pagePath: `/wallet/${wallet}`,
    fallbackAt: account.indexedThroughTimestamp,
  }, entries);
}

const BAND_TITLES: Record<RiskBand, string> = {
  ok: "Back to ok",
  close: "Close to bust",
  near_bust: "Near bust",
};

/** How a band change was seen: between which two samples, or first seen at one. */
function bandSummary(change: BandChange): string {
  const time = (ms: number) => `${new Date(ms).toISOString().slice(0, 19).replace("T", " ")} UTC`;
  const band = RISK_LABELS[change.band];
  return change.from === null || change.fromAt === null
    ? `First seen ${band} in the explorer's mark samples at ${
      time(change.at)
    }; it entered the band earlier, between its opening and that sample.`
    : `The explorer's mark samples show it ${RISK_LABELS[change.from]} at ${
      time(change.fromAt)
    } and ${band} at ${time(change.at)}.`;
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
    title: `${VERB.liquidation} ${side(row.isLong)}${row.symbol ?? "a position"}${
      row.leverage === null ? "" : ` ${row.leverage}x`
    }${row.notional === null ? "" : `, ${formatUsd(row.notional)}`} of ${row.wallet.slice(0, 10)}…`,
    at: row.at,
    txHash: row.txHash,
  }));
  return atom({
    site: options.site,
    id: `${TAG}:liquidations`,
    title: "Papertrade liquidations",
    subtitle:
      `Liquidations of the last 24 hours, newest first, at most ${DEFAULT_SELECTION.limit}.`,
    unavailable: list.unavailable,
    selfPath: "/liquidations.atom",
    pagePath: "/liquidations",
    fallbackAt: list.now,
  }, entries);
}
