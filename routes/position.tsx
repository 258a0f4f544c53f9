/**
 * `/position/:id` (with `?wallet=`, or the owner found through the latest trades feed as the
 * search tool does): the open position at the live mark, or its closed-trade record with the
 * transaction that settled it (the history row's, else found from the Exchange's events).
 */
import { Hono } from "hono";
import type { VNode } from "preact";
import type { AppDeps } from "../lib/deps.ts";
import { htmlResponse } from "../lib/render.ts";
import { resolveSearch } from "../lib/search/resolve.ts";
import { settlingTransaction } from "../lib/search/trade_by_intent.ts";
import { Parts } from "../lib/parts.ts";
import { fetchWalletPositions, type WalletPositions } from "../lib/wallet/positions.ts";
import { buildPositionsView } from "../lib/live/positions_view.ts";
import { PositionNotFound, PositionPage } from "../components/PositionPage.tsx";
import { unknownWalletPage } from "./wallet.tsx";
import {
  ADDRESS_PATTERN,
  badAddressPage,
  badRequestPage,
  Echo,
  isUnknownWallet,
  POSITION_ID_PATTERN,
  upstreamFailurePage,
} from "./page_errors.tsx";

/** Routes of the position page. */
export function positionRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  app.get("/position/:id", async (c) => {
    const raw = c.req.param("id");
    if (!POSITION_ID_PATTERN.test(raw)) {
      return badRequestPage(
        "That is not a position id",
        <>
          "<Echo value={raw} />" is not a position id: expected a whole number such as 53573.
        </>,
      );
    }
    const id = raw.replace(/^0+(?=[0-9])/, "");
    const walletParam = c.req.query("wallet")?.trim() || undefined;
    if (walletParam !== undefined && !ADDRESS_PATTERN.test(walletParam)) {
      return badAddressPage(walletParam);
    }
    const { signal } = c.req.raw;
    let wallet = walletParam?.toLowerCase();
    let found: WalletPositions;
    let txFromEvents = false;
    try {
      if (wallet === undefined) {
        const resolved = await resolveSearch(deps, id, { signal });
        wallet = resolved.kind === "position" ? resolved.owner ?? undefined : undefined;
        if (wallet === undefined) return notFound(<PositionNotFound id={id} />);
      }
      found = await fetchWalletPositions(deps, wallet, { positionId: id, signal });
      const closed = found.closed;
      if (closed && !closed.txHash) {
        const parts = new Parts();
        const txHash = await parts.read(
          settlingTransaction(deps.hyperevm, wallet, closed),
          "settling transaction",
        );
        found = {
          ...found,
          closed: { ...closed, txHash },
          unavailable: [...found.unavailable, ...parts.unavailable],
        };
        txFromEvents = txHash !== null;
      }
    } catch (error) {
      if (wallet !== undefined && isUnknownWallet(error)) return unknownWalletPage(wallet);
      return upstreamFailurePage(error, `Position #${id}`);
    }
    const historyMissing = found.unavailable.some((item) => item.part === "trade history");
    if (found.positions.length === 0 && found.closed === null && !historyMissing) {
      return notFound(<PositionNotFound id={id} wallet={wallet} />);
    }
    return htmlResponse(
      <PositionPage
        id={id}
        wallet={wallet}
        found={found}
        view={buildPositionsView(found, deps.now())}
        txFromEvents={txFromEvents}
        now={deps.now()}
      />,
    );
  });
  return app;
}

function notFound(page: VNode): Response {
  return htmlResponse(page, { status: 404 });
}
