/**
 * `/intent/:id` (optional `?wallet=`): where an intent is, in the live feed, queued at the
 * relayer (needs the wallet), or settled on HyperEVM; a 404 with what to try when none.
 */
import { Hono } from "hono";
import type { AppDeps } from "../lib/deps.ts";
import { htmlResponse } from "../lib/render.ts";
import { type IntentLookup, lookupIntent } from "../lib/intents/mod.ts";
import { IntentPage } from "../components/IntentPage.tsx";
import { findOpenPositionByIntent, findTradeByIntent } from "../lib/search/mod.ts";
import type { OpenPosition, Trade } from "../lib/papertrade/mod.ts";
import type { Hex } from "viem";
import { decodeTransaction } from "../lib/hyperevm/mod.ts";
import type { BatchIntent } from "../components/IntentPage.tsx";
import {
  ADDRESS_PATTERN,
  badAddressPage,
  badHashPage,
  HASH_PATTERN,
  upstreamFailurePage,
} from "./page_errors.tsx";

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
    const txParam = c.req.query("tx")?.trim() || undefined;
    if (txParam !== undefined && !HASH_PATTERN.test(txParam)) {
      return badHashPage(txParam, "a transaction hash");
    }
    let lookup: IntentLookup;
    let historyTrade: Trade | null = null;
    let openedPosition: OpenPosition | null = null;
    let batch: BatchIntent | null = null;
    try {
      lookup = await lookupIntent(deps, raw, { wallet, signal: c.req.raw.signal });
      // Older than the chain scan: the wallet's trade history (closed trades) or its open
      // positions (their opening intents) still name it.
      // The transaction that carried it, when the link names one (a batch page's links do).
      if (lookup.state === "not_found" && txParam !== undefined) {
        batch = await findInBatch(deps, txParam.toLowerCase() as Hex, lookup.intentId);
      }
      if (lookup.state === "not_found" && batch === null && wallet !== undefined) {
        const signal = c.req.raw.signal;
        [historyTrade, openedPosition] = await Promise.all([
          findTradeByIntent(deps.papertrade, wallet, lookup.intentId, { signal })
            .catch(() => null),
          findOpenPositionByIntent(deps.papertrade, wallet, lookup.intentId, { signal })
            .catch(() => null),
        ]);
      }
    } catch (error) {
      return upstreamFailurePage(error, `Intent ${raw.toLowerCase()}`);
    }
    const found = lookup.state !== "not_found" || historyTrade !== null ||
      openedPosition !== null || batch !== null;
    return htmlResponse(
      <IntentPage
        lookup={lookup}
        wallet={wallet}
        historyTrade={historyTrade}
        openedPosition={openedPosition}
        batch={batch}
        now={deps.now()}
      />,
      // Not found is only certain when every check answered.
      { status: found || lookup.unavailable.length > 0 ? 200 : 404 },
    );
  });
  return app;
}

/** The intent inside the named transaction, decoded; null when it is not there. */
async function findInBatch(deps: AppDeps, tx: Hex, intentId: Hex): Promise<BatchIntent | null> {
  const decoded = await decodeTransaction(deps.hyperevm, tx).catch(() => null);
  if (!decoded?.found) return null;
  const intent = decoded.intents.find((item) => item.intentId === intentId);
  return intent ? { transaction: decoded, intent } : null;
}
