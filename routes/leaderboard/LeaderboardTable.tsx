import { type ComponentChildren, Fragment } from "preact";
import type { LeaderboardRow, LeaderboardSortKey } from "../../lib/papertrade/mod.ts";
import {
  LEADERBOARD_FIGURES,
  leaderboardHref,
  type LeaderboardView,
  type LeaderboardViewPage,
  type LeaderboardViewSort,
  NEAREST_TO_BUST,
  PNL_RANK_MAX_PAGES,
  PNL_RANK_PAGE_SIZE,
  sortDirOf,
  sortHref,
} from "../../lib/leaderboard/mod.ts";
import type { WalletHoldings, WalletNearest } from "../../lib/at_risk/mod.ts";
import {
  formatCount,
  formatDistanceToBust,
  formatToken,
  formatUsd,
  shortHex,
  toneOf,
} from "../../lib/format.ts";
import { LeaderboardName } from "../../components/links.tsx";

interface Column {
  key: LeaderboardViewSort;
  label: string;
  /** The figure as the cell shows it: compact, so it fits a phone column. */
  format(row: LeaderboardRow, page: LeaderboardViewPage): ComponentChildren;
  /** The full figure, in the cell's title, when the compact one rounds. */
  full?(row: LeaderboardRow): string;
}

function usdColumn(key: LeaderboardSortKey, sign = false): Column {
  const amount = (row: LeaderboardRow) => row[key] as bigint | null;
  return {
    key,
    label: LEADERBOARD_FIGURES[key].label,
    format: (row) => formatUsd(amount(row), { compact: true, sign }),
    full: (row) => formatUsd(amount(row), { sign }),
  };
}

function nearestText(nearest: WalletNearest | undefined): ComponentChildren {
  if (nearest === undefined) return "—";
  if ("reason" in nearest) {
    return (
      <>
        — <span class="muted">{nearest.reason}</span>
      </>
    );
  }
  return formatDistanceToBust(nearest.row.distanceToBustPercent!);
}

// Every figure is compact with its unit ($119.28M) and its full value in the cell's title. The
// sorted column is drawn right after the wallet, so it is on screen at every width; a column
// added here (and its sort key) needs nothing else.
const COLUMNS: Column[] = [
  usdColumn("totalWindowedPnl", true),
  usdColumn("realizedPnl", true),
  usdColumn("currentUnrealizedPnl", true),
  usdColumn("currentBalance"),
  usdColumn("currentQueued"),
  usdColumn("currentOpenNotional"),
  usdColumn("totalVolume"),
  {
    key: "paperTotal",
    label: LEADERBOARD_FIGURES.paperTotal.label,
    format: (row) => formatToken(row.paperTotal, "PAPER", { compact: true }),
    full: (row) => formatToken(row.paperTotal, "PAPER"),
  },
  {
    key: "currentOpenPositionCount",
    label: LEADERBOARD_FIGURES.currentOpenPositionCount.label,
    format: (row) => formatCount(row.currentOpenPositionCount),
  },
  // From the at-risk board, not the leaderboard: its sort orders every account of the window.
  {
    key: NEAREST_TO_BUST,
    label: "Nearest to bust",
    format: (row, page) => nearestText(page.nearest.get(row.address)),
  },
];

const RANKS_READ = formatCount(PNL_RANK_PAGE_SIZE * PNL_RANK_MAX_PAGES);

/**
 * What a wallet holds now: per market, its long and short notional (compact, the full figure in
 * the title), or why the board shows none.
 */
function HoldingCell(props: { holdings: WalletHoldings | undefined }) {
  const { holdings } = props;
  if (holdings === undefined) return <>—</>;
  if ("reason" in holdings) return <span class="muted">{holdings.reason}</span>;
  return (
    <>
      {holdings.markets.map((market) => (
        <span class="holding" data-market={market.symbol}>
          {market.symbol}
          {([["long", "L", market.long], ["short", "S", market.short]] as const).map((
            [side, letter, sum],
          ) =>
            sum.count === 0 ? null : (
              <>
                {" "}
                <span data-side={side} title={`${side} ${formatUsd(sum.notional)}`}>
                  {letter} {formatUsd(sum.notional, { compact: true })}
                </span>
              </>
            )
          )}
        </span>
      ))}
      {"row" in holdings.nearest && (
        <span class="holding muted" data-worst>
          worst {formatDistanceToBust(holdings.nearest.row.distanceToBustPercent)} to bust
        </span>
      )}
    </>
  );
}

/** The sort as a GET form (a phone shows no column headers to tap): works without script. */
function SortForm(props: { view: LeaderboardView }) {
  const { view } = props;
  return (
    <form class="lb-sort" action="/leaderboard" method="get">
      <input type="hidden" name="window" value={view.window} />
      {view.query && <input type="hidden" name="q" value={view.query} />}
      <label for="leaderboard-sort">Sort by</label>
      <select id="leaderboard-sort" name="sort">
        {COLUMNS.map((column) => (
          <option value={column.key} selected={column.key === view.sortKey}>{column.label}</option>
        ))}
      </select>
      <label for="leaderboard-dir" class="visually-hidden">Order</label>
      <select id="leaderboard-dir" name="dir">
        <option value="desc" selected={view.sortDir === "desc"}>largest first</option>
        <option value="asc" selected={view.sortDir === "asc"}>smallest first</option>
      </select>
      <label class="lb-holding">
        <input type="checkbox" name="holding" value="1" checked={view.holding} /> Holding now only
      </label>
      <button type="submit">Sort</button>
      <a class="lb-csv" href={leaderboardHref(view, "/leaderboard.csv")}>
        Download these rows (CSV)
      </a>
    </form>
  );
}

/** One leaderboard page: headers and the sort form sort it without script; rows link wallets. */
export function LeaderboardTable(props: { page: LeaderboardViewPage; view: LeaderboardView }) {
  const { view, page } = props;
  const columns = [
    ...COLUMNS.filter((column) => column.key === view.sortKey),
    ...COLUMNS.filter((column) => column.key !== view.sortKey),
  ];
  return (
    <>
      <SortForm view={view} />
      <div class="table-wrap tall lb-table" tabIndex={0}>
        <table>
          <caption>
            # is the place in this sort among all accounts of the window; Rank is the rank by PnL in
            the window, whatever the sort (n/a past the first {RANKS_READ}{" "}
            by PnL). The figures are the leaderboard's snapshot: its unrealized PnL was valued when
            the snapshot was taken, so it differs from the live figure at the mark on the wallet
            page. Amounts are compact; a cell's title holds the full figure. Nearest to bust is the
            wallet's open position closest to its bust price on the{" "}
            <a href="/at-risk">at-risk board</a>, and its sort ranks the window's accounts (the
            first {RANKS_READ}{" "}
            by PnL) by it, accounts without a position on the board last. Holding now is the
            wallet's open notional (margin × leverage) per market on the same board (L long, S
            short) and its nearest distance to bust. Names are chosen by wallet owners.
          </caption>
          <thead>
            <tr>
              <th scope="col" class="num">#</th>
              <th scope="col" class="num prio-low">Rank</th>
              <th scope="col">Wallet</th>
              {columns.map((column, index) => {
                const active = view.sortKey === column.key;
                const sorted = view.sortDir === "desc" ? "descending" : "ascending";
                const next = sortDirOf(view, column.key) === "asc" ? "ascending" : "descending";
                return (
                  <Fragment key={column.key}>
                    <th
                      scope="col"
                      class={active ? "num" : "num prio-low"}
                      aria-sort={active ? sorted : undefined}
                    >
                      <a
                        href={sortHref(view, column.key)}
                        title={`Sort by ${column.label}, ${next}`}
                      >
                        {column.label}
                        {active && (
                          <span aria-hidden="true">{view.sortDir === "desc" ? " ▼" : " ▲"}</span>
                        )}
                      </a>
                    </th>
                    {/* Not a sort key: it is several figures. */}
                    {index === 0 && <th scope="col">Holding now</th>}
                  </Fragment>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {page.accounts.map((row) => (
              <tr>
                <td class="num">{formatCount(row.rank)}</td>
                <td class="num prio-low" data-col="rank">
                  {formatCount(page.pnlRanks.get(row.address) ?? null)}
                </td>
                <th scope="row" class="wallet-cell">
                  <a class="row-link" href={`/wallet/${row.address}`} title={row.address}>
                    <LeaderboardName name={row.leaderboardName} />
                    <span class="mono">{shortHex(row.address)}</span>
                  </a>
                </th>
                {columns.map((column, index) => (
                  <Fragment key={column.key}>
                    <td
                      class={[
                        "num",
                        column.key === view.sortKey ? "sorted" : "prio-low",
                        // The window PnL is coloured by its sign.
                        column.key === "totalWindowedPnl" && toneOf(row.totalWindowedPnl),
                      ].filter(Boolean).join(" ")}
                      data-col={column.key}
                      title={column.full?.(row)}
                    >
                      {column.format(row, page)}
                    </td>
                    {index === 0 && (
                      <td class="holdings" data-col="holding">
                        <HoldingCell holdings={page.holdings.get(row.address)} />
                      </td>
                    )}
                  </Fragment>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
