/**
 * `/`: the search, the protocol overview, markets at the live mark and the latest trades, then
 * the landing sections. `?embed=1` keeps only the product (no header, footer or landing), for
 * framing in Papertrade OS. Sends the discovery `Link` header.
 */
import type { Context } from "hono";
import type { AppEnv } from "../lib/http/app_env.ts";
import { fetchProtocolOverview } from "../lib/markets/mod.ts";
import { discoveryLinkHeader } from "../lib/discovery/api_catalog.ts";
// Written from the registry by `deno task build`: the tools themselves (and viem) stay unloaded.
import TOOL_SUMMARIES from "../tools/summaries.json" with { type: "json" };
import { Layout } from "../components/Layout.tsx";
import { MarketsTable } from "./markets/MarketsTable.tsx";
import { RecentTradesTable } from "./home/RecentTradesTable.tsx";
import { FeatureGrid } from "../components/FeatureGrid.tsx";
import { ProductSections } from "./home/ProductSections.tsx";
import { SearchForm } from "../components/SearchForm.tsx";
import { Stat } from "../components/Stat.tsx";
import { formatCount, formatToken, formatUsd } from "../lib/format.ts";
import { Time } from "../components/Time.tsx";
import { PartNotice } from "../components/PartNotice.tsx";
import { pageResponse } from "../lib/render.tsx";

/** The home page; its error page carries the discovery `Link` header too. */
export async function homePage(c: Context<AppEnv>): Promise<Response> {
  const { deps } = c.var;
  c.header("link", discoveryLinkHeader(deps.config.siteUrl));
  const overview = await fetchProtocolOverview(deps, {
    recentTrades: 10,
    signal: c.req.raw.signal,
  });
  const now = deps.now();
  const embed = c.req.query("embed") === "1";
  const { totals, rules } = overview;
  const usd = (amount: bigint) => formatUsd(amount, { compact: true });
  return pageResponse(
    c,
    <Layout
      title="Papertrade Explorer"
      description="Read-only explorer for Papertrade, the on-chain 1000x perpetuals exchange on HyperEVM: wallets, positions, intents and settlement transactions, for people and AI assistants."
      embed={embed}
      current="overview"
      tickingAges
    >
      <h1>{embed ? "Papertrade Explorer" : "Explore Papertrade"}</h1>
      {!embed && (
        <p class="lead">
          Wallets, positions, intents and settlement transactions of Papertrade, the on-chain 1000x
          perpetuals exchange on HyperEVM: as pages you can share, and as tools your AI assistant
          can call. Read-only and unofficial.
        </p>
      )}
      <SearchForm />
      <h2>Markets</h2>
      <PartNotice
        unavailable={overview.unavailable}
        parts={["markets", "live marks", "24-hour volumes"]}
      />
      {overview.markets.length > 0 && <MarketsTable markets={overview.markets} now={now} />}
      {rules && (
        <p class="muted">
          Minimum margin {formatUsd(rules.minimumMargin)}, minimum open notional{" "}
          {formatUsd(rules.minimumOpenNotional)}. <a href="/markets">Market details</a>
        </p>
      )}
      <h2>Latest trades</h2>
      <PartNotice unavailable={overview.unavailable} parts={["latest trades"]} />
      <RecentTradesTable trades={overview.recentTrades} now={now} />
      <h2>At a glance</h2>
      <PartNotice
        unavailable={overview.unavailable}
        parts={["protocol totals", "payout queue", "relayer health"]}
      />
      {(totals || rules || overview.relayerAccepting !== null) && (
        <p class="muted">
          {totals && (
            <>
              Protocol summary at block {formatCount(totals.block)},{" "}
              <Time at={totals.asOf} now={now} />.{" "}
            </>
          )}
          {rules &&
            (rules.tradingPaused
              ? <strong class="bad">Opening new positions is paused venue-wide.</strong>
              : "Trading is open.")} {overview.relayerAccepting !== null &&
            (overview.relayerAccepting
              ? "The relayer is accepting intents."
              : <strong class="bad">The relayer is not accepting intents right now.</strong>)}{" "}
          {totals && "Dollar figures are compact: K is thousands, M millions, B billions."}
        </p>
      )}
      {totals && (
        <dl class="stats">
          <Stat label="Value locked" value={usd(totals.tvl)} />
          <Stat label="LP" value={usd(totals.lp)} />
          <Stat label="Margin in positions" value={usd(totals.margin)} />
          <Stat label="Lifetime volume" value={usd(totals.lifetimeVolume)} />
          <Stat label="Open positions" value={formatCount(totals.openPositions)} />
          <Stat label="Fees, lifetime" value={usd(totals.feesLifetime)} />
          <Stat label="Fees, pending" value={usd(totals.feesPending)} />
          <Stat label="PAPER supply" value={formatToken(totals.paperSupply, "PAPER")} />
          <Stat label="PAPER staked" value={formatToken(totals.paperStaked, "PAPER")} />
          <Stat
            label="Owed to queued winners"
            value={`${usd(totals.queueOwed)}${
              overview.queueWallets === null ? "" : ` (${formatCount(overview.queueWallets)})`
            }`}
          />
        </dl>
      )}
      {!embed && <FeatureGrid />}
      {!embed && <ProductSections siteUrl={deps.config.siteUrl} tools={TOOL_SUMMARIES} />}
    </Layout>,
  );
}
