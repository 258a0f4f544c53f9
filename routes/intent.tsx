/**
 * `/intent/:id` (optional `?wallet=`): where an intent is, in the live feed, queued at the
 * relayer (needs the wallet), or settled on HyperEVM; a 404 with what to try when none.
 */
import { Hono } from "hono";
import type { AppDeps } from "../lib/deps.ts";
import { htmlResponse } from "../lib/render.ts";
import { type IntentLookup, lookupIntent } from "../lib/intents/mod.ts";
import { IntentPage } from "../components/IntentPage.tsx";
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
    try {
      lookup = await lookupIntent(deps, raw, { wallet, signal: c.req.raw.signal });
    } catch (error) {
      return upstreamFailurePage(error, `Intent ${raw.toLowerCase()}`);
    }
    return htmlResponse(<IntentPage lookup={lookup} wallet={wallet} now={deps.now()} />, {
      // Not found is only certain when every check answered.
      status: lookup.state === "not_found" && lookup.unavailable.length === 0 ? 404 : 200,
    });
  });
  return app;
}
