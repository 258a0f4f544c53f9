/** `/wallet/:address`: one wallet's balance sheet, live positions, intents, ranks and trades. */
import { Hono } from "hono";
import type { AppDeps } from "../lib/deps.ts";
import { htmlResponse } from "../lib/render.ts";
import { PapertradeApiError } from "../lib/papertrade/mod.ts";
import {
  fetchWalletPage,
  type TradeFilter,
  type WalletPageData,
} from "../lib/wallet/wallet_page.ts";
import { WalletPage } from "../components/WalletPage.tsx";
import {
  ADDRESS_PATTERN,
  badAddressPage,
  badRequestPage,
  isUnknownWallet,
  notFoundPage,
  upstreamFailurePage,
} from "./page_errors.tsx";

// The cursor is opaque; this is the tools' accepted alphabet, long enough for any real one.
const CURSOR_PATTERN = /^[A-Za-z0-9._~:+/=-]{1,512}$/;

/** Routes of the wallet page. */
export function walletRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  app.get("/wallet/:address", async (c) => {
    const raw = c.req.param("address");
    if (!ADDRESS_PATTERN.test(raw)) return badAddressPage(raw);
    const address = raw.toLowerCase();
    const query = parseHistoryQuery(new URL(c.req.url).searchParams);
    if ("problem" in query) {
      return badRequestPage("That trade-history link is not valid", query.problem, [
        `Start again from the wallet page: /wallet/${address}.`,
      ]);
    }
    // One URL per wallet: a checksummed or upper-case address moves to the lower-case page.
    if (raw !== address) {
      const url = new URL(c.req.url);
      return c.redirect(`/wallet/${address}${url.search}`, 301);
    }
    let data: WalletPageData;
    try {
      data = await fetchWalletPage(deps, address, {
        now: deps.now,
        filter: query.filter,
        cursor: query.cursor,
        signal: c.req.raw.signal,
      });
    } catch (error) {
      if (isUnknownWallet(error)) return unknownWalletPage(address);
      if (query.cursor && error instanceof PapertradeApiError && error.status === 400) {
        return badRequestPage(
          "That trade-history page no longer exists",
          "The Papertrade API refused the page cursor in this link.",
          [`Open the newest trades instead: /wallet/${address}#trades.`],
        );
      }
      return upstreamFailurePage(error, `Wallet ${address}`);
    }
    return htmlResponse(
      <WalletPage
        address={address}
        data={data}
        filter={query.filter}
        cursor={query.cursor}
        now={deps.now()}
      />,
    );
  });
  return app;
}

/** The 404 page of a wallet the exchange has never seen. */
export function unknownWalletPage(address: string): Response {
  return notFoundPage(
    "No Papertrade account for this wallet",
    `Wallet ${address} has no Papertrade account: the exchange has never seen it deposit.`,
    [
      "Check that the address is complete and on HyperEVM.",
      "Search for a leaderboard name instead, or browse the leaderboard.",
    ],
  );
}

function parseHistoryQuery(
  params: URLSearchParams,
): { filter: TradeFilter; cursor?: string } | { problem: string } {
  const filter = params.get("filter") ?? "all";
  if (filter !== "all" && filter !== "losses") {
    return { problem: `filter must be "all" or "losses", not "${filter.slice(0, 40)}".` };
  }
  const cursor = params.get("cursor") ?? undefined;
  if (cursor !== undefined && !CURSOR_PATTERN.test(cursor)) {
    return { problem: "The page cursor in this link is damaged (it must be passed unchanged)." };
  }
  return { filter, cursor };
}
