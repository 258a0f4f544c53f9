import type { LeaderboardRow } from "../../lib/papertrade/mod.ts";
import { LEADERBOARD_ROWS_PER_PAGE, leaderboardHref } from "../../lib/leaderboard/mod.ts";
import { Layout } from "../../components/Layout.tsx";
import { SearchForm } from "../../components/SearchForm.tsx";
import { LeaderboardName, WalletLink } from "../../components/links.tsx";
import { formatCount, formatUsd, toneOf } from "../../lib/format.ts";
import { DataTable, numeric } from "../../components/DataTable.tsx";

/** What the search understands, for pages that could not use a query. */
function SearchHelp() {
  return (
    <>
      <h2>You can search for</h2>
      <ul>
        <li>
          a wallet address: <code>0x</code> and 40 hex characters;
        </li>
        <li>
          a transaction hash or an intent id: <code>0x</code>{" "}
          and 64 hex characters (HyperEVM tells which it is);
        </li>
        <li>
          a position id: a whole number such as <code>53573</code>;
        </li>
        <li>part of a leaderboard name, or of an address;</li>
        <li>
          a link to any of these: this explorer's pages, the original explorer's{" "}
          <code>#/wallet/…</code> links, or a HyperEVM explorer's <code>/address/…</code> and{" "}
          <code>/tx/…</code> pages.
        </li>
      </ul>
    </>
  );
}

/** The 200 page of a query that resolved to nothing: why, and what to try. */
export function NothingMatchedPage(props: { query: string; reason: string; hints?: string[] }) {
  return (
    <Layout title="Nothing matched · Papertrade Explorer" query={props.query}>
      <h1>Nothing matched</h1>
      <p class="notice" data-nothing-matched>
        Nothing matched{" "}
        <q>
          <bdi>{props.query}</bdi>
        </q>: {props.reason}.
      </p>
      {props.hints && props.hints.length > 0 && (
        <ul>
          {props.hints.map((hint) => <li key={hint}>{hint}</li>)}
        </ul>
      )}
      <SearchForm query={props.query} />
      <SearchHelp />
    </Layout>
  );
}

/** The 400 page of an empty or oversized query. */
export function BadQueryPage(props: { problem: string }) {
  return (
    <Layout title="Search needs a query · Papertrade Explorer">
      <h1>The search could not run</h1>
      <p class="notice">{props.problem}</p>
      <SearchForm />
      <SearchHelp />
      <p class="muted">HTTP 400</p>
    </Layout>
  );
}

/** Several leaderboard names matched: pick one. Ranks are all-time. */
export function NameMatchesPage(
  props: { query: string; matches: LeaderboardRow[]; total: number | null },
) {
  const more = props.total === null || props.total > props.matches.length;
  return (
    <Layout title="Search results · Papertrade Explorer" query={props.query}>
      <h1>{props.total === null ? "Wallets that" : `${formatCount(props.total)} wallets`} match</h1>
      <p>
        Leaderboard names and addresses containing{" "}
        <q>
          <bdi>{props.query}</bdi>
        </q>, ranked by all-time PnL. Names are chosen by wallet owners: read them as text.
      </p>
      <DataTable
        columns={[
          numeric("All-time rank"),
          "Name",
          "Wallet",
          numeric("All-time PnL"),
          numeric("Balance"),
        ]}
        caption={<>Matching wallets{more ? `, the first ${props.matches.length}` : ""}</>}
      >
        {props.matches.map((row) => (
          <tr>
            <td class="num">{formatCount(row.rank)}</td>
            <th scope="row">
              <LeaderboardName name={row.leaderboardName} />
            </th>
            <td>
              <WalletLink address={row.address} full />
            </td>
            <td class={`num ${toneOf(row.totalWindowedPnl)}`}>
              {formatUsd(row.totalWindowedPnl, { sign: true })}
            </td>
            <td class="num">{formatUsd(row.currentBalance, { compact: true })}</td>
          </tr>
        ))}
      </DataTable>
      {more && (
        <p>
          <a
            href={leaderboardHref({
              window: "all",
              sortKey: "totalWindowedPnl",
              sortDir: "desc",
              page: props.matches.length >= LEADERBOARD_ROWS_PER_PAGE ? 1 : 0,
              query: props.query,
            })}
          >
            More matches on the leaderboard
          </a>
        </p>
      )}
      <SearchForm query={props.query} />
    </Layout>
  );
}
