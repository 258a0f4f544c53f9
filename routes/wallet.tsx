/**
 * `/wallet/:address`: one wallet's balance sheet, live positions, intents, ranks and trades,
 * streamed as it is ready: the head's first bytes once the snapshot is in, its title and preview
 * once the ranks are, then the page down to its PnL chart, then the trade table once its
 * settlement trail is found.
 */
import type { Context } from "hono";
import type { AppEnv } from "../lib/http/app_env.ts";
import { Failure } from "../lib/http/failure.ts";
import { ADDRESS_PATTERN } from "../lib/address.ts";
import { PapertradeApiError } from "../lib/papertrade/mod.ts";
import {
  isPnlWindow,
  PNL_WINDOWS,
  type PnlWindow,
  readWalletPage,
  type TradeFilter,
  type WalletPageData,
  type WalletSummary,
} from "../lib/wallet/mod.ts";
import {
  WalletLayout,
  WalletMain,
  type WalletPageProps,
  WalletTrades,
} from "./wallet/WalletPage.tsx";
import { PreviewTags } from "./wallet/WalletCard.tsx";
import { streamedPageResponse, type StreamMarks } from "../lib/render.tsx";
import { badAddress } from "./page_errors.tsx";

// The cursor is opaque; this is the tools' accepted alphabet, long enough for any real one.
const CURSOR_PATTERN = /^[A-Za-z0-9._~:+/=-]{1,512}$/;

export async function walletPage(c: Context<AppEnv>): Promise<Response> {
  const { deps } = c.var;
  const raw = c.req.param("address") ?? "";
  if (!ADDRESS_PATTERN.test(raw)) throw badAddress(raw);
  const address = raw.toLowerCase();
  const query = parseHistoryQuery(new URL(c.req.url).searchParams);
  if ("problem" in query) {
    throw new Failure("bad_request", "That trade-history link is not valid", {
      message: query.problem,
      hints: [`Start again from the wallet page: /wallet/${address}.`],
    });
  }
  // One URL per wallet: a checksummed or upper-case address moves to the lower-case page.
  if (raw !== address) return c.redirect(`/wallet/${address}${new URL(c.req.url).search}`, 301);
  const signal = c.req.raw.signal;
  const reads = readWalletPage(deps, address, {
    now: deps.now,
    filter: query.filter,
    cursor: query.cursor,
    signal,
  });
  // The status waits for the snapshot (404: unknown wallet): one upstream round trip.
  const status = reads.status.catch((error) => {
    if (query.cursor && error instanceof PapertradeApiError && error.status === 400) {
      throw new Failure("bad_request", "That trade-history page no longer exists", {
        message: "The Papertrade API refused the page cursor in this link.",
        hints: [`Open the newest trades instead: /wallet/${address}#trades.`],
      });
    }
    throw error;
  });
  const site = deps.config.siteUrl.replace(/\/+$/, "");
  const props = (data: WalletPageData): WalletPageProps => ({
    address,
    data,
    filter: query.filter,
    cursor: query.cursor,
    pnlWindow: query.pnl,
    now: deps.now(),
    explorerUrl: deps.config.blockExplorerUrl,
  });
  const layout = (summary: WalletSummary | null) => (marks: StreamMarks) => (
    <WalletLayout
      address={address}
      summary={summary}
      headCut={marks.cut}
      head={summary && (
        <PreviewTags
          site={site}
          address={address}
          summary={summary}
          url={`${site}/wallet/${address}`}
        />
      )}
    >
      {marks.slot}
    </WalletLayout>
  );
  return await streamedPageResponse(
    c,
    { status, early: layout(null), full: reads.head.then(({ summary }) => layout(summary)) },
    [
      async () => <WalletMain {...props(await reads.page)} />,
      // Last: the settlement trail of the table may take a while (`TRAIL_WAIT_MS`).
      async () => <WalletTrades {...props(await reads.withTrail)} />,
    ],
  );
}

function parseHistoryQuery(
  params: URLSearchParams,
): { filter: TradeFilter; cursor?: string; pnl: PnlWindow } | { problem: string } {
  const filter = params.get("filter") ?? "all";
  if (filter !== "all" && filter !== "losses") {
    return { problem: `filter must be "all" or "losses", not "${filter.slice(0, 40)}".` };
  }
  const cursor = params.get("cursor") ?? undefined;
  if (cursor !== undefined && !CURSOR_PATTERN.test(cursor)) {
    return { problem: "The page cursor in this link is damaged (it must be passed unchanged)." };
  }
  const pnl = params.get("pnl") ?? "all";
  if (!isPnlWindow(pnl)) {
    return { problem: `pnl must be one of ${Object.keys(PNL_WINDOWS).join(", ")}.` };
  }
  return { filter, cursor, pnl };
}
