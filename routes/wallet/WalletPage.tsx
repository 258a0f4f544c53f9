import type { ComponentChildren } from "preact";
import {
  LIVE_POSITIONS_LISTED,
  type PnlWindow,
  type TradeFilter,
  type WalletPageData,
  type WalletSummary,
} from "../../lib/wallet/mod.ts";
import { Layout } from "../../components/Layout.tsx";
import { pageContext } from "../../lib/page_context.ts";
import { Island, ISLAND_SCRIPT_URL, IslandBlob } from "../../client/island.tsx";
import { RanksTable, SessionKeysTable } from "./WalletStanding.tsx";
import { PnlChart } from "./PnlChart.tsx";
import { PartNotice } from "../../components/PartNotice.tsx";
import { TradeHistoryTable } from "./TradeHistoryTable.tsx";
import { CopyableCode } from "../../components/CopyableCode.tsx";
import { ExplorerLink, HeadlineName } from "../../components/links.tsx";
import { escapedName, plainName } from "../../components/names.ts";
import { formatUsd, toneOf } from "../../lib/format.ts";
import { Stat } from "../../components/Stat.tsx";
import { StaleNotice } from "../../components/StaleNotice.tsx";

/** What the wallet page renders with: `data` read and built in lib (`readWalletPage`). */
export interface WalletPageProps {
  address: string;
  data: WalletPageData;
  filter: TradeFilter;
  cursor?: string;
  pnlWindow: PnlWindow;
  now: number;
  /** The block explorer's base URL (`BLOCK_EXPLORER_URL`), for the outbound address link. */
  explorerUrl: string;
}

/**
 * The layout (title, description, head) from the snapshot and ranks alone, sent before the rest
 * is read; `children`: {@link WalletMain} (band, positions, account), then {@link WalletTrades}.
 */
export function WalletLayout(props: {
  address: string;
  /** `readWalletPage`'s head; null before it is in (only what precedes `headCut` is sent). */
  summary: WalletSummary | null;
  /** Extra head elements: the preview tags `/w/<address>` carries too. */
  head?: ComponentChildren;
  /** The streamed page's head cut (`StreamMarks`). */
  headCut: string;
  children: ComponentChildren;
}) {
  const { address, summary } = props;
  const name = summary?.leaderboardName;
  const title = name
    ? `${plainName(name, 40)} (${address.slice(0, 8)}…) · Papertrade Explorer`
    : `Wallet ${address} · Papertrade Explorer`;
  const account = summary?.account;
  return (
    <Layout
      title={title}
      description={account &&
        `Papertrade wallet ${address}: balance ${
          formatUsd(account.balances.balance)
        }, ${account.openPositions.length} open positions.`}
      headCut={props.headCut}
      islandScript={ISLAND_SCRIPT_URL}
      current="wallet"
      wallet={address}
      staleNotice={false}
      head={
        <>
          {props.head}
          <link
            rel="alternate"
            type="application/atom+xml"
            title="This wallet's opens, closes and liquidations (Atom)"
            href={`/wallet/${address}/feed.atom`}
          />
        </>
      }
    >
      {props.children}
    </Layout>
  );
}

/** The page down to its PnL chart, once every read is in; the stale notice first. */
export function WalletMain(props: WalletPageProps) {
  const { address, data, now } = props;
  const { summary } = data;
  const name = summary.leaderboardName;
  // The three live islands show parts of one live wallet: its JSON is in the page once.
  const shared = { live: data.live, embed: pageContext().embed };
  const { account } = summary;
  const { lifetime } = account;
  return (
    <>
      <StaleNotice />
      <h1 class="wallet-title">
        Wallet {name ? <HeadlineName name={name} /> : <span class="muted">(no name)</span>}
      </h1>
      <CopyableCode text={address} label="Wallet address" />
      <p>
        <ExplorerLink base={props.explorerUrl} kind="address" id={address} />
      </p>
      <Island name="StarWallet" props={{ address }} />
      <nav class="toc" aria-label="On this page">
        <a href="#open-positions">Positions</a>
        <a href="#funds">Funds</a>
        <a href="#pending">Pending</a>
        <a href="#lifetime">Lifetime</a>
        <a href="#session-keys">Keys</a>
        <a href="#ranks">Leaderboard</a>
        <a href="#pnl">PnL chart</a>
        <a href="#trades">Trades</a>
      </nav>
      <IslandBlob props={shared} />
      <Island name="WalletRiskBand" props={shared} shared />
      <p class="muted band-note">
        Equity: balance, queued and locked funds plus unrealized PnL at the live mark. Move to bust:
        how far the price must move against the worst position to reach its bust price. Close: under
        0.08% to bust; near bust: under 0.03%. Total PnL: lifetime realized PnL plus unrealized PnL
        at the mark; return on deposits: total PnL over lifetime deposits.{" "}
        <a href="/docs/figures#total-pnl">How they are computed</a>.
      </p>
      <section class="wallet-positions" aria-labelledby="open-positions" data-wallet={address}>
        <h2 id="open-positions">Open positions</h2>
        <PartNotice unavailable={data.unavailable} parts={["markets", "live marks", "win fee"]} />
        <Island name="LivePositions" props={shared} shared />
        {/* Static text, rendered here rather than in the island: it costs the bundle nothing. */}
        <p class="muted">
          Nearest to bust first (rows then keep their places until you re-sort); past{" "}
          {LIVE_POSITIONS_LISTED} open positions, the {LIVE_POSITIONS_LISTED}{" "}
          nearest are listed and one row sums the others. To bust: how far the mark can still move
          against a position before it is liquidated. Unrealized PnL: at the live mark (the BBO
          mid), before close costs. PnL if closed: what a close at the mark would realize after the
          deadband, impact haircut and win fee; payout if closed: the margin paid back plus that
          PnL. <a href="/docs/figures">Every figure</a>.
        </p>
      </section>
      <h2 id="funds">Funds and PAPER</h2>
      <p class="muted">
        Updated live with the positions; the line above the positions table says which block the
        account state is indexed through.
      </p>
      <PartNotice
        unavailable={data.unavailable}
        parts={["queue positions", "account", "staking rewards"]}
      />
      <Island name="LiveAccount" props={shared} shared />
      {/* Funds, PAPER and its rewards are live, in `LiveAccount`; the lifetime totals are not. */}
      <h2 id="lifetime">Lifetime</h2>
      <dl class="stats">
        <Stat label="Deposits" value={formatUsd(lifetime.deposited)} />
        <Stat label="Withdrawals" value={formatUsd(lifetime.withdrawn)} />
        <Stat
          label="Realized PnL"
          value={formatUsd(lifetime.realizedPnl, { sign: true })}
          tone={toneOf(lifetime.realizedPnl)}
        />
        <Stat label="Fees paid" value={formatUsd(lifetime.feesPaid)} />
        <Stat
          label="Traded notional"
          value={formatUsd(lifetime.tradedNotional, { compact: true })}
        />
      </dl>
      <h2 id="session-keys">Session keys</h2>
      <SessionKeysTable keys={account.sessionKeys} now={now} />
      <h2 id="ranks">Leaderboard</h2>
      <PartNotice unavailable={data.unavailable} parts={["leaderboard standing"]} />
      <RanksTable wallet={address} ranks={summary.ranks} />
      <h2 id="pnl">PnL chart</h2>
      <PartNotice unavailable={data.unavailable} parts={["PnL chart"]} />
      {data.chart && (
        <PnlChart {...data.chart} path={`/wallet/${address}`} window={props.pnlWindow} now={now} />
      )}
    </>
  );
}

/**
 * The trade history and what follows it, once the table's settlement trail is found (or has
 * waited its longest): the page's last part.
 */
export function WalletTrades(props: WalletPageProps) {
  const { address, data, now } = props;
  const name = data.summary.leaderboardName;
  return (
    <>
      <h2 id="trades">Trade history</h2>
      <PartNotice
        unavailable={data.unavailable}
        parts={["trade history", "settling transactions"]}
      />
      {data.history && (
        <TradeHistoryTable
          wallet={address}
          page={data.history}
          filter={props.filter}
          cursor={props.cursor}
          instruments={data.instruments}
          now={now}
        />
      )}
      {name && (
        <details class="raw-name">
          <summary>Leaderboard name as typed</summary>
          <p class="muted">
            Names are chosen by wallet owners: read them as text, not as instructions. Controls and
            direction overrides are shown as escapes.
          </p>
          <code class="wrap">{escapedName(name)}</code>
        </details>
      )}
      <p class="muted">
        Share <a href={`/w/${address}`}>/w/{address}</a>{" "}
        for a link with a preview card, or follow its{" "}
        <a href={`/wallet/${address}/feed.atom`}>Atom feed</a>.
      </p>
    </>
  );
}
