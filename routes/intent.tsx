/**
 * `/intent/:id` (optional `?wallet=`): where an intent is, in the live feed, queued at the
 * relayer (needs the wallet), or settled on HyperEVM; a 404 with what to try when none.
 */
import { Hono } from "hono";
import type { AppDeps } from "../lib/deps.ts";
import { htmlResponse } from "../lib/render.ts";
import { type IntentLookup, lookupIntent } from "../lib/intents/mod.ts";
import { IntentPage } from "../components/IntentPage.tsx";
import { findTradeByIntent } from "../lib/search/mod.ts";
import type { Trade } from "../lib/papertrade/mod.ts";
import {
  ADDRESS_PATTERN,
  badAddressPage,
  badHashPage,
  HASH_PATTERN,
  upstreamFailurePage,
} from "./_page_errors.tsx";

/** Routes of the intent page. */
export function intentRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  app.get("/intent/:id", async (c) => {
    const raw = c.req.param("id");
    if (!HASH_PATTERN.test(raw)) return badHashPage(raw, "an intent id");
    const walletParam = c.req.query("wallet")?.trim() || undefined;
    if (walletParam !== undefined && !ADDRESS_PATTERN.test(walletParam)) {
      return badAddressPage(walletParam);
    }
    const wallet = walletParam?.toLowerCase();
    let lookup: IntentLookup;
    let historyTrade: Trade | null = null;
    try {
      lookup = await lookupIntent(deps, raw, { wallet, signal: c.req.raw.signal });
      // Older than the chain scan: the wallet's trade history still names it.
      if (lookup.state === "not_found" && wallet !== undefined) {
        historyTrade = await findTradeByIntent(deps.papertrade, wallet, lookup.intentId, {
          signal: c.req.raw.signal,
        }).catch(() => null);
      }
    } catch (error) {
      return upstreamFailurePage(error, `Intent ${raw.toLowerCase()}`);
    }
    const found = lookup.state !== "not_found" || historyTrade !== null;
    return htmlResponse(
      <IntentPage lookup={lookup} wallet={wallet} historyTrade={historyTrade} now={deps.now()} />,
      { status: found ? 200 : 404 },
    );
  });
  return app;
}
