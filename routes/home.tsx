/** `/`: the protocol overview, markets at the live mark and the latest trades. */
import { Hono } from "hono";
import type { AppDeps } from "../lib/deps.ts";
import { fetchProtocolOverview, type ProtocolOverview } from "../lib/overview.ts";
import { htmlResponse } from "../lib/render.ts";
import { describeUpstreamFailure } from "../lib/upstream_error.ts";
import { Layout } from "../components/Layout.tsx";
import { ErrorPage } from "../components/ErrorPage.tsx";
import { MarketsTable } from "../components/MarketsTable.tsx";
import { RecentTradesTable } from "../components/RecentTradesTable.tsx";
import { formatCount, formatToken, formatUsd } from "../components/format.ts";
import { Time } from "../components/Time.tsx";

/** Routes of the home page. */
export function homeRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  app.get("/", async (c) => {
    const embed = c.req.query("embed") === "1";
    let overview: ProtocolOverview;
    try {
      overview = await fetchProtocolOverview(deps.papertrade, {
        recentTrades: 10,
        signal: c.req.raw.signal,
      });
    } catch (error) {
      const failure = describeUpstreamFailure(error);
      if (!failure) throw error;
      return htmlResponse(
        <ErrorPage
          status={failure.status}
          title={`${failure.source} is not answering`}
          detail={`The overview could not be loaded: ${failure.message}`}
          hints={["Try again in a few seconds; upstream faults are usually brief."]}
        />,
        { status: failure.status },
      );
    }
    return htmlResponse(<HomePage overview={overview} now={deps.now()} embed={embed} />);
  });
  return app;
}

function HomePage(props: { overview: ProtocolOverview; now: number; embed: boolean }) {
  const { overview, now } = props;
  return (
    <Layout
      title="Papertrade Explorer"
      description="Read-only explorer for Papertrade, the on-chain 1000x perpetuals exchange on HyperEVM."
      embed={props.embed}
    >
      <h1>Papertrade at a glance</h1>
      <p class="muted">
        Protocol summary at block {formatCount(overview.block)},{" "}
        <Time at={overview.asOf} now={now} />. {overview.tradingPaused
          ? <strong class="bad">Opening new positions is paused venue-wide.</strong>
          : "Trading is open."}
      </p>
      <dl class="stats">
        <Stat label="Value locked" value={formatUsd(overview.tvl, { compact: true })} />
        <Stat label="LP" value={formatUsd(overview.lp, { compact: true })} />
        <Stat label="Margin in positions" value={formatUsd(overview.margin, { compact: true })} />
        <Stat
          label="Lifetime volume"
          value={formatUsd(overview.lifetimeVolume, { compact: true })}
        />
        <Stat label="Open positions" value={formatCount(overview.openPositions)} />
        <Stat label="Fees, lifetime" value={formatUsd(overview.feesLifetime, { compact: true })} />
        <Stat label="Fees, pending" value={formatUsd(overview.feesPending, { compact: true })} />
        <Stat label="PAPER supply" value={formatToken(overview.paperSupply, "PAPER")} />
        <Stat label="PAPER staked" value={formatToken(overview.paperStaked, "PAPER")} />
        <Stat
          label="Owed to queued winners"
          value={`${formatUsd(overview.queueOwed, { compact: true })} (${overview.queueCount})`}
        />
      </dl>
      <h2>Markets</h2>
      <MarketsTable markets={overview.markets} now={now} />
      <p class="muted">
        Minimum margin {formatUsd(overview.minimumMargin)}, minimum open notional{" "}
        {formatUsd(overview.minimumOpenNotional)}.
      </p>
      <h2>Latest trades</h2>
      <RecentTradesTable trades={overview.recentTrades} now={now} />
    </Layout>
  );
}

function Stat(props: { label: string; value: string }) {
  return (
    <div class="stat">
      <dt>{props.label}</dt>
      <dd>{props.value}</dd>
    </div>
  );
}
