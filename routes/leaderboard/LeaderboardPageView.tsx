import { modelledGapsOf } from "../../lib/papertrade/mod.ts";
import {
  LEADERBOARD_ROWS_PER_PAGE,
  LEADERBOARD_WINDOWS,
  leaderboardHref,
  leaderboardPageCount,
  type LeaderboardView,
  type LeaderboardViewPage,
  NEAREST_TO_BUST,
  type NearestCoverage,
  WINDOW_LABELS,
} from "../../lib/leaderboard/mod.ts";
import type { AtRiskBoard } from "../../lib/at_risk/mod.ts";
import { Layout } from "../../components/Layout.tsx";
import { LeaderboardTable } from "./LeaderboardTable.tsx";
import { Time } from "../../components/Time.tsx";
import { PartNotice } from "../../components/PartNotice.tsx";
import { SearchInput } from "../../components/SearchForm.tsx";
import { formatCount } from "../../lib/format.ts";

/** How the at-risk board covers the nearest-to-bust order or the "holding now" filter shown. */
function NearestNotice(
  props: {
    coverage: NearestCoverage;
    board: AtRiskBoard | null;
    view: LeaderboardView;
    now: number;
  },
) {
  const { coverage, board, view } = props;
  const nearest = view.sortKey === NEAREST_TO_BUST;
  if (board === null) {
    return (
      <p class="notice" data-nearest-coverage="none">
        The <a href="/at-risk">at-risk board</a> has not been read yet, so this page is in PnL order
        {nearest ? ", not by distance to bust" : ""}
        {view.holding ? ", and lists every account, not only those holding now" : ""}. Reload in a
        moment.
      </p>
    );
  }
  return (
    <p class="muted" data-nearest-coverage={board.partial ? "partial" : "full"}>
      {nearest
        ? "Ordered by each account's nearest distance to bust on the "
        : "Only the accounts holding an open position on the "}
      <a href="/at-risk">at-risk board</a>, which covers {formatCount(board.covered.size)} of{" "}
      {formatCount(board.known.size)} wallets with open positions
      {board.partial ? " (partial coverage)" : ""}; positions read{" "}
      <Time at={board.refreshedAt} now={props.now} />. {formatCount(coverage.accountsOrdered)}{" "}
      accounts are {coverage.holding ? "holding now" : "ordered"}
      {coverage.accountsUnread ? " (of the first by PnL: the window holds more)" : ""}
      {nearest && !coverage.holding
        ? "; those without an open position on the board come last, in PnL order."
        : "."}
    </p>
  );
}

/**
 * Where the holdings come from, under a sort the upstream makes (the board's own sorts and
 * filter say it in {@link NearestNotice}): the at-risk board's coverage and when it read them.
 */
function HoldingsNotice(props: { board: AtRiskBoard | null; now: number }) {
  const { board } = props;
  if (board === null) {
    return (
      <p class="muted" data-holdings-coverage="none">
        Holding now: the <a href="/at-risk">at-risk board</a>{" "}
        has not been read yet, so no row shows what it holds. Reload in a moment.
      </p>
    );
  }
  return (
    <p class="muted" data-holdings-coverage={board.partial ? "partial" : "full"}>
      Holding now is read from the <a href="/at-risk">at-risk board</a>, which covers{" "}
      {formatCount(board.covered.size)} of {formatCount(board.known.size)}{" "}
      wallets with open positions{board.partial ? " (partial)" : ""}, read{" "}
      <Time at={board.refreshedAt} now={props.now} />; a wallet it has not read says so.
    </p>
  );
}

/** The leaderboard page: window switcher, name search, the table and the pager. */
export function LeaderboardPageView(
  props: { view: LeaderboardView; page: LeaderboardViewPage; now: number },
) {
  const { view, page } = props;
  const pages = leaderboardPageCount(page);
  const last = pages - 1;
  // The 1-based rows the 0-based page shows: "rows 26–50 of 90".
  const first = view.page * LEADERBOARD_ROWS_PER_PAGE + 1;
  const rows = `${formatCount(first)}–${formatCount(first + page.accounts.length - 1)}`;
  return (
    <Layout
      title={`Leaderboard, ${WINDOW_LABELS[view.window]} · Papertrade Explorer`}
      description="Papertrade wallets ranked by PnL, balance, volume and more, per window."
      current="leaderboard"
    >
      <h1>Leaderboard</h1>
      <nav class="tabs" aria-label="Window">
        {LEADERBOARD_WINDOWS.map((window) =>
          window === view.window
            ? <strong key={window} aria-current="page">{WINDOW_LABELS[window]}</strong>
            : (
              <a key={window} href={leaderboardHref({ ...view, window, page: 0 })}>
                {WINDOW_LABELS[window]}
              </a>
            )
        )}
      </nav>
      <form class="search" action="/leaderboard" method="get" role="search">
        <label for="leaderboard-search">Find a name or address</label>
        <input type="hidden" name="window" value={view.window} />
        <input type="hidden" name="sort" value={view.sortKey} />
        <input type="hidden" name="dir" value={view.sortDir} />
        {view.holding && <input type="hidden" name="holding" value="1" />}
        <SearchInput
          id="leaderboard-search"
          value={view.query}
          maxLength={100}
          placeholder="Part of a name or an address"
          autocomplete="off"
        />
        <button type="submit">Search</button>
      </form>
      <p class="muted">
        {formatCount(page.totalItems)} {page.totalItems === 1 ? "account" : "accounts"}
        {view.query ? " match" : ""}
        {view.query && (
          <>
            {" "}
            <q>
              <bdi>{view.query}</bdi>
            </q>{" "}
            (<a href={leaderboardHref({ ...view, query: "", page: 0 })}>clear the search</a>)
          </>
        )}
        {view.holding && " holding now"}.{" "}
        <a href={leaderboardHref({ ...view, holding: !view.holding, page: 0 })}>
          {view.holding ? "Show every account" : "Only those holding now"}
        </a>
      </p>
      <PartNotice unavailable={modelledGapsOf(page)} />
      {page.coverage
        ? <NearestNotice coverage={page.coverage} board={page.board} view={view} now={props.now} />
        : <HoldingsNotice board={page.board} now={props.now} />}
      {page.accounts.length > 0 ? <LeaderboardTable page={page} view={view} /> : (
        <p class="notice">
          {view.page > last
            ? `Page ${view.page + 1} is past the last page (${last + 1}).`
            : "No account matches."}
        </p>
      )}
      <nav class="pager" aria-label="Leaderboard pages">
        {view.page > 0
          ? (
            <a rel="prev" href={leaderboardHref({ ...view, page: Math.min(view.page - 1, last) })}>
              Previous page
            </a>
          )
          : <span class="muted">Previous page</span>}
        <span>
          {`Page ${formatCount(view.page + 1)} of ${formatCount(pages)}`}
          {page.accounts.length > 0 && (
            <span class="muted">
              {` · rows ${rows} of ${formatCount(page.totalItems)}`}
            </span>
          )}
        </span>
        {view.page < last
          ? <a rel="next" href={leaderboardHref({ ...view, page: view.page + 1 })}>Next page</a>
          : <span class="muted">Next page</span>}
      </nav>
    </Layout>
  );
}
