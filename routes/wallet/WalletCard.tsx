/**
 * A wallet's link-preview card (content shared by the PNG, `wallet_card_image.ts`, and the SVG
 * twin here), the preview's title and description, and the Open Graph and Twitter tags both
 * `/w/<address>` and `/wallet/<address>` carry. Colours are presentation attributes (the CSP
 * forbids inline style); Preact escapes text; names also lose bidi overrides and are cut short.
 */
import type { WalletSummary } from "../../lib/wallet/mod.ts";
import { RISK_LABELS } from "../../lib/figure_text.ts";
import { nearestToBust, type PositionValuation } from "../../lib/position/mod.ts";
import {
  formatCount,
  formatDistanceToBust,
  formatUsd,
  formatUtc,
  shortHex,
} from "../../lib/format.ts";
import { plainName } from "../../components/names.ts";

/** The common 1.91:1 preview size. */
export const CARD_SIZE = { width: 1200, height: 630 } as const;

const MUTED = "#9aa4b2";
const TEXT = "#e6e9ee";
const BAND_COLOURS = { ok: "#4cc38a", close: "#e3b341", near_bust: "#ff7b72" } as const;

/** The preview's title: the leaderboard name when there is one, else the short address. */
export function previewTitle(address: string, summary: WalletSummary): string {
  const name = summary.leaderboardName ? plainName(summary.leaderboardName, 60) : "";
  return name ? `${name} on Papertrade` : `Papertrade wallet ${shortHex(address)}`;
}

/** The preview's description: balance, PnL in the windows it is ranked in, open positions. */
export function previewDescription(summary: WalletSummary): string {
  const { account } = summary;
  const parts = [`Balance ${formatUsd(account.balances.balance)}`];
  for (const { window, row } of summary.ranks) {
    if (!row || (window !== "24h" && window !== "all")) continue;
    parts.push(
      `${window === "all" ? "all-time" : window} PnL ${
        formatUsd(row.totalWindowedPnl, { sign: true })
      } (rank #${formatCount(row.rank)})`,
    );
  }
  parts.push(
    `lifetime realized PnL ${formatUsd(account.lifetime.realizedPnl, { sign: true })}`,
    `${formatCount(account.openPositions.length)} open positions`,
  );
  return `${parts.join(" · ")}.`;
}

/** The Open Graph and Twitter tags of a wallet, pointing at its card; `url` is the page's. */
export function PreviewTags(
  props: { site: string; address: string; summary: WalletSummary; url: string },
) {
  const title = previewTitle(props.address, props.summary);
  const description = previewDescription(props.summary);
  const imageUrl = `${props.site}/w/${props.address}/image.png`;
  return (
    <>
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content="Papertrade Explorer" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={props.url} />
      <meta property="og:image" content={imageUrl} />
      <meta property="og:image:type" content="image/png" />
      <meta property="og:image:width" content={String(CARD_SIZE.width)} />
      <meta property="og:image:height" content={String(CARD_SIZE.height)} />
      <meta property="og:image:alt" content={`${title}. ${description}`} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
    </>
  );
}

/** Everything drawn on a card (also the PNG cache's key). */
export interface CardContent {
  name: string;
  figures: Array<{ label: string; value: string; colour: string }>;
  /** The worst band of the open positions at the live mark, as a line of text. */
  risk: { text: string; colour: string };
  /** When the card was drawn, to the minute (so a card is redrawn at most once a minute). */
  drawn: string;
}

/** The risk line: the band of the position nearest its bust price, or why there is none. */
function riskLine(positions: readonly PositionValuation[]): CardContent["risk"] {
  if (positions.length === 0) return { text: "No open positions", colour: MUTED };
  const worst = nearestToBust(positions);
  if (worst === null) return { text: "Risk not known: no live mark", colour: MUTED };
  return {
    text: `Risk: ${RISK_LABELS[worst.risk!]}, nearest bust ${
      formatDistanceToBust(worst.distanceToBustPercent!)
    } away`,
    colour: BAND_COLOURS[worst.risk!],
  };
}

/** The card's name line, figures, risk line and time, compact and signed. */
export function cardContent(
  address: string,
  summary: WalletSummary,
  at: { positions: readonly PositionValuation[]; now: number },
): CardContent {
  const name = summary.leaderboardName
    ? plainName(summary.leaderboardName, 30)
    : `Wallet ${shortHex(address)}`;
  const figures: CardContent["figures"] = [{
    label: "Balance",
    value: formatUsd(summary.account.balances.balance, { compact: true }),
    colour: TEXT,
  }];
  for (const window of ["24h", "all"] as const) {
    const row = summary.ranks.find((rank) => rank.window === window)?.row ?? null;
    const pnl = row?.totalWindowedPnl ?? null;
    figures.push({
      label: window === "all" ? "PnL, all time" : "PnL, 24 h",
      value: pnl === null ? "not ranked" : formatUsd(pnl, { sign: true, compact: true }),
      colour: pnl === null ? MUTED : pnl < 0n ? "#ff7b72" : "#4cc38a",
    });
  }
  figures.push({
    label: "Open positions",
    value: formatCount(summary.account.openPositions.length),
    colour: TEXT,
  });
  const minute = Math.floor(at.now / 60_000) * 60_000;
  const drawn = `Drawn ${formatUtc(minute).replace(/:00 UTC$/, " UTC")}`;
  return { name, figures, risk: riskLine(at.positions), drawn };
}

export function WalletCardSvg(
  props: { address: string; content: CardContent; description: string },
) {
  const { address, content } = props;
  const { width, height } = CARD_SIZE;
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-labelledby="card-title"
      font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif"
    >
      <title id="card-title">
        {`${content.name}: ${props.description} ${content.risk.text}. ${content.drawn}.`}
      </title>
      <rect width={width} height={height} fill="#0e1116" />
      <rect x="0" y="0" width={width} height="12" fill="#6ea8ff" />
      <text x="72" y="110" fill={MUTED} font-size="34">Papertrade Explorer</text>
      <text x={width - 72} y="110" fill={MUTED} font-size="24" text-anchor="end">
        {content.drawn}
      </text>
      <text x="72" y="210" fill={TEXT} font-size="72" font-weight="700">{content.name}</text>
      <text x="72" y="265" fill={MUTED} font-size="30" font-family="ui-monospace, Menlo, monospace">
        {address}
      </text>
      <text x="72" y="315" fill={content.risk.colour} font-size="30">{content.risk.text}</text>
      {content.figures.map(({ label, value, colour }, i) => (
        <g transform={`translate(${72 + i * 270} 400)`}>
          <text fill={MUTED} font-size="28">{label}</text>
          <text y="64" fill={colour} font-size="48" font-weight="700">{value}</text>
        </g>
      ))}
      <text x="72" y="580" fill={MUTED} font-size="24">
        Unofficial and read-only. High leverage can lose the whole margin.
      </text>
    </svg>
  );
}
