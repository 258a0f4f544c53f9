/** The at-risk page: every known open position across wallets, nearest to bust first. */
import {
  AT_RISK_REFRESH_MS,
  AT_RISK_WALLET_READS_PER_MINUTE,
  type AtRiskBoard,
  type AtRiskFilters,
  type AtRiskRow,
  type BustLadder,
  RISK_BANDS,
} from "../../lib/at_risk/mod.ts";
import { BustLadders } from "../../components/BustLadder.tsx";
import { formatCount, formatDistanceToBust, formatPrice, formatUsd } from "../../lib/format.ts";
import type { UnavailablePart } from "../../lib/parts.ts";
import { DataTable, numeric } from "../../components/DataTable.tsx";
import { Layout } from "../../components/Layout.tsx";
import { LeaderboardName, PositionLink, WalletLink } from "../../components/links.tsx";
import { PartNotice } from "../../components/PartNotice.tsx";
import { RISK_LABELS } from "../../lib/figure_text.ts";
import { Time } from "../../components/Time.tsx";
import { assetUrl } from "../../lib/delivery/static_assets.ts";

/** Rows the page lists; the tool pages through more with its limit. */
const AT_RISK_PAGE_ROWS = 100;
/** How often `static/at_risk.js` reads the page again to re-value the board at the mark. */
const LIVE_EVERY_S = 15;

/** The distance and band first after the position, so a phone shows them without a swipe. */
const COLUMNS = [
  "Position",
  numeric("To bust"),
  "Band",
  "Wallet",
  "Market",
  "Side",
  ...["Leverage", "Margin", "Mark", "Bust", "Move to bust"].map(numeric),
];

/** The page, from the board (null when it could not be read) and the filters. */
export function AtRiskPage(props: {
  board: AtRiskBoard | null;
  /** The ladder of every band of the board's market(s), whatever the band filter. */
  ladder?: BustLadder | null;
  filters: AtRiskFilters;
  unavailable: readonly UnavailablePart[];
  now: number;
}) {
  const { board, filters, now } = props;
  const rows = board?.rows.slice(0, AT_RISK_PAGE_ROWS) ?? [];
  return (
    <Layout
      title="Positions nearest to bust · Papertrade Explorer"
      description="Every known open Papertrade position across wallets, nearest to bust first."
      current="at-risk"
      tickingAges
    >
      <h1>Positions nearest to bust</h1>
      <p class="muted">
        Every open position of the wallets the leaderboard and the latest trades show with open
        positions, valued at the live mark when this page was drawn. A wallet is read again when the
        latest trades show it traded, otherwise at most every {AT_RISK_REFRESH_MS / 1000}{" "}
        s, sooner the closer it is to bust; at most {AT_RISK_WALLET_READS_PER_MINUTE}{" "}
        wallets a minute. With JavaScript the board re-values itself at the live mark every{" "}
        {LIVE_EVERY_S} s while the page is open; without it, reload.
      </p>
      <p>
        Positions that already went bust: <a href="/liquidations">Liquidations</a>.
      </p>
      <form class="search" action="/at-risk" method="get" aria-label="Filter positions">
        <label for="at-risk-market">Market</label>
        <select id="at-risk-market" name="market">
          <option value="">All markets</option>
          {(board?.markets ?? []).map((market) => (
            <option value={market} selected={filters.market === market}>{market}</option>
          ))}
        </select>
        <label for="at-risk-band">Risk band</label>
        <select id="at-risk-band" name="band">
          <option value="">All bands</option>
          {RISK_BANDS.map((band) => (
            <option value={band} selected={filters.band === band}>{RISK_LABELS[band]}</option>
          ))}
        </select>
        <button type="submit">Filter</button>
      </form>
      <PartNotice unavailable={props.unavailable} />
      <div data-live-board={LIVE_EVERY_S}>
        {board && <Coverage board={board} now={now} />}
        {board && (rows.length > 0
          ? (
            <DataTable
              class="tall"
              columns={COLUMNS}
              caption={`${formatCount(board.rows.length)} positions, nearest to bust first${
                rows.length < board.rows.length ? ` (the first ${rows.length} listed)` : ""
              }. Names are chosen by wallet owners.`}
            >
              {rows.map((row) => (
                <Row key={`${row.wallet}#${row.position.positionId}`} row={row} />
              ))}
            </DataTable>
          )
          : <p class="notice">No open position matches.</p>)}
        {board && props.ladder && (
          <section aria-labelledby="bust-ladder">
            <h2 id="bust-ladder">Bust ladder</h2>
            <BustLadders
              ladder={props.ladder}
              symbols={filters.market ? [filters.market] : board.markets}
              board={board}
              now={now}
            />
          </section>
        )}
      </div>
      <script type="module" src={assetUrl("/static/at_risk.js")}></script>
    </Layout>
  );
}

function Coverage(props: { board: AtRiskBoard; now: number }) {
  const { board, now } = props;
  return (
    <>
      <p>
        Positions read <Time at={board.refreshedAt} now={now} />
        {board.oldestReadAt !== null && board.oldestReadAt < board.refreshedAt && (
          <>
            {" "}(the oldest <Time at={board.oldestReadAt} now={now} />)
          </>
        )}; marks{" "}
        {board.markAt === null ? "not read" : <Time at={board.markAt} now={now} />}. Covers{" "}
        {formatCount(board.covered.size)} of {formatCount(board.known.size)}{" "}
        wallets with open positions.
      </p>
      {board.partial && (
        <div class="notice" role="status">
          <p>
            <strong>Partial coverage.</strong> {board.notYetRead > 0 &&
              `${
                formatCount(board.notYetRead)
              } wallets wait for the next refresh (the read budget). `}
            {board.notRead.length > 0 && "Not read this time:"}
          </p>
          {board.notRead.length > 0 && (
            <ul>
              {board.notRead.map((item) => (
                <li>
                  <WalletLink address={item.wallet} /> <LeaderboardName name={item.name} />:{" "}
                  {item.reason}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </>
  );
}

function Row(props: { row: AtRiskRow }) {
  const { row } = props;
  const scale = row.priceScale;
  const price = (raw: bigint | null) =>
    raw === null || scale === null ? "n/a" : formatPrice(raw, scale, 2);
  const risky = row.risk === "close" || row.risk === "near_bust";
  return (
    <tr
      class={risky ? `risky ${row.risk}` : undefined}
      data-position={row.position.positionId}
      data-risk={row.risk ?? "none"}
    >
      <td>
        <PositionLink id={row.position.positionId} wallet={row.wallet} />
      </td>
      <td class="num" data-col="distance">{formatDistanceToBust(row.distanceToBustPercent)}</td>
      <td data-col="band">
        {row.risk === null
          ? "no mark"
          : <span class={`badge ${row.risk}`}>{RISK_LABELS[row.risk]}</span>}
      </td>
      <th scope="row" class="wallet-cell">
        <LeaderboardName name={row.name} />
        <br />
        <WalletLink address={row.wallet} />
      </th>
      <td>{row.symbol}</td>
      <td>{row.position.isLong ? "long" : "short"}</td>
      <td class="num">{row.position.leverage}x</td>
      <td class="num">{formatUsd(row.position.margin)}</td>
      <td class="num">{price(row.mark?.markRaw ?? null)}</td>
      <td class="num">{price(row.position.bustPrice)}</td>
      <td class="num">{price(row.moveToBust)}</td>
    </tr>
  );
}
