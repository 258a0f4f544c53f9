/**
 * The link-preview card of a wallet as SVG, and the preview's one-line description. Many
 * crawlers want a PNG for `og:image`; SVG is what the server can draw without a rasteriser.
 * Colours are presentation attributes (the CSP forbids inline style); Preact escapes the
 * text, and the name is also stripped of bidi overrides and cut short (`plainName`).
 */
import type { WalletSummary } from "../lib/wallet/summary.ts";
import { formatCount, formatUsd } from "../lib/format.ts";
import { plainName } from "./names.ts";

/** Width and height of the card (the common 1.91:1 preview size). */
export const CARD_SIZE = { width: 1200, height: 630 } as const;

/** The preview's title: the leaderboard name when there is one, else the short address. */
export function previewTitle(address: string, summary: WalletSummary): string {
  const name = summary.leaderboardName ? plainName(summary.leaderboardName, 60) : "";
  return name
    ? `${name} on Papertrade`
    : `Papertrade wallet ${address.slice(0, 6)}…${address.slice(-4)}`;
}

/** The preview's description: balance, PnL in the windows it is ranked in, open positions. */
export function previewDescription(summary: WalletSummary): string {
  const { account } = summary;
  const parts = [`Balance ${formatUsd(account.balances.balance)}`];
  for (const { window, row } of summary.ranks) {
    if (window !== "24h" && window !== "all") continue;
    if (row) {
      parts.push(
        `${window === "all" ? "all-time" : window} PnL ${
          formatUsd(row.totalWindowedPnl, { sign: true })
        } (rank #${formatCount(row.rank)})`,
      );
    }
  }
  parts.push(`realized PnL ${formatUsd(account.lifetime.realizedPnl, { sign: true })}`);
  parts.push(`${formatCount(account.openPositions.length)} open positions`);
  return `${parts.join(" · ")}.`;
}

/** The card: name, address, balance, PnL per window and open positions. */
export function WalletCardSvg(props: { address: string; summary: WalletSummary }) {
  const { address, summary } = props;
  const { width, height } = CARD_SIZE;
  const name = summary.leaderboardName
    ? plainName(summary.leaderboardName, 34)
    : "Papertrade wallet";
  const figures: Array<[string, string, string]> = [
    ["Balance", formatUsd(summary.account.balances.balance, { compact: true }), "#e6e9ee"],
  ];
  for (const { window, row } of summary.ranks) {
    if (window !== "24h" && window !== "all") continue;
    const pnl = row?.totalWindowedPnl ?? null;
    figures.push([
      window === "all" ? "PnL, all time" : "PnL, 24 h",
      pnl === null ? "not ranked" : formatUsd(pnl, { sign: true, compact: true }),
      pnl === null ? "#9aa4b2" : pnl < 0n ? "#ff7b72" : "#4cc38a",
    ]);
  }
  figures.push(["Open positions", formatCount(summary.account.openPositions.length), "#e6e9ee"]);
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
      <title id="card-title">{`${name}: ${previewDescription(summary)}`}</title>
      <rect width={width} height={height} fill="#0e1116" />
      <rect x="0" y="0" width={width} height="12" fill="#6ea8ff" />
      <text x="72" y="110" fill="#9aa4b2" font-size="34">Papertrade Explorer</text>
      <text x="72" y="220" fill="#e6e9ee" font-size="72" font-weight="700">{name}</text>
      <text
        x="72"
        y="290"
        fill="#9aa4b2"
        font-size="30"
        font-family="ui-monospace, Menlo, monospace"
      >
        {address}
      </text>
      {figures.map(([label, value, colour], i) => (
        <g transform={`translate(${72 + i * 270} 400)`}>
          <text fill="#9aa4b2" font-size="28">{label}</text>
          <text y="64" fill={colour} font-size="48" font-weight="700">{value}</text>
        </g>
      ))}
      <text x="72" y="580" fill="#9aa4b2" font-size="24">
        Unofficial and read-only. High leverage can lose the whole margin.
      </text>
    </svg>
  );
}
