/**
 * `/intent/:id` (optional `?wallet=`, `?tx=`): where an intent is, in the live feed, queued at
 * the relayer (needs the wallet), settled on HyperEVM, or in its wallet's trade history (the
 * wallet given, else the one the feed or what the explorer has read names) with the transaction
 * that settled it; a 404 that says how to find it when none.
 */
import type { Context } from "hono";
import type { Hex } from "viem";
import type { AppEnv } from "../lib/http/app_env.ts";
import { findIntent } from "../lib/intent/mod.ts";
import { findOwner } from "../lib/search/mod.ts";
import { pageResponse } from "../lib/render.tsx";
import { HASH_PATTERN } from "../lib/address.ts";
import { IntentPage } from "./intent/IntentPage.tsx";
import { badHash, walletQuery } from "./page_errors.tsx";

export async function intentPage(c: Context<AppEnv>): Promise<Response> {
  const { deps } = c.var;
  const raw = c.req.param("id") ?? "";
  if (!HASH_PATTERN.test(raw)) throw badHash(raw, "an intent id");
  const wallet = walletQuery(c);
  const tx = c.req.query("tx")?.trim() || undefined;
  if (tx !== undefined && !HASH_PATTERN.test(tx)) throw badHash(tx, "a transaction hash");
  const signal = c.req.raw.signal;
  const found = await findIntent(deps, raw, {
    wallet,
    tx: tx?.toLowerCase() as Hex | undefined,
    owner: (intentId) => findOwner(deps, { intentId }),
    signal,
  });
  // Not found is only certain when every check answered.
  const missing = found.state === "not_found" && found.lookup.unavailable.length === 0;
  return pageResponse(
    c,
    <IntentPage found={found} wallet={wallet} now={deps.now()} />,
    missing ? 404 : 200,
  );
}
