/**
 * `/intent/:id` (optional `?wallet=`, `?tx=`): where an intent is, in the live feed, queued at
 * the relayer (needs the wallet), settled on HyperEVM, or in its wallet's trade history (the
 * wallet given, else the one the feed names) with the transaction that settled it; a 404 that
 * says how to find it when none.
 */
import type { Context } from "hono";
import type { AppDeps } from "../lib/deps.ts";
import type { AppEnv } from "../lib/http/app_env.ts";
import { type IntentLookup, intentVerdict, lookupIntent } from "../lib/intent/mod.ts";
import { IntentPage } from "./intent/IntentPage.tsx";
import { findIntentInHistory } from "../lib/position/mod.ts";
import { findOwner } from "../lib/search/mod.ts";
import type { OpenPosition } from "../lib/papertrade/mod.ts";
import type { Hex } from "viem";
import { decodeTransaction } from "../lib/hyperevm/mod.ts";
import type { BatchIntent, HistoryTrade } from "./intent/IntentPage.tsx";
import type { UnavailablePart } from "../lib/parts.ts";
import { pageResponse } from "../lib/render.tsx";
import { HASH_PATTERN } from "../lib/address.ts";
import { badHash, walletQuery } from "./page_errors.tsx";

/** The intent page. */
export async function intentPage(c: Context<AppEnv>): Promise<Response> {
  const { deps } = c.var;
  const raw = c.req.param("id") ?? "";
  if (!HASH_PATTERN.test(raw)) throw badHash(raw, "an intent id");
  const wallet = walletQuery(c);
  const txParam = c.req.query("tx")?.trim() || undefined;
  if (txParam !== undefined && !HASH_PATTERN.test(txParam)) {
    throw badHash(txParam, "a transaction hash");
  }
  const signal = c.req.raw.signal;
  const unavailable: UnavailablePart[] = [];
  let history: HistoryTrade | null = null;
  let openedPosition: OpenPosition | null = null;
  let batch: BatchIntent | null = null;
  const lookup: IntentLookup = await lookupIntent(deps, raw, { wallet, signal });
  const id = lookup.intentId;
  // The transaction that carried it, when the link names one (a batch page's links do).
  if ((lookup.state === "not_found" || lookup.state === "ended") && txParam !== undefined) {
    batch = await findInBatch(deps, txParam.toLowerCase() as Hex, id);
  }
  // Not settled in the scanned blocks: the trade history of the wallet given (or of the one a
  // feed close names, or that the explorer knows the id from: a history or settlement trail
  // already read, the at-risk board) has the trade it closed, and the open positions the one
  // it opened.
  const older = lookup.state === "not_found" || lookup.state === "ended";
  const searched = !lookup.settlement && batch === null && lookup.state !== "pending";
  const owner = wallet ?? (lookup.feed?.kind === "open" ? undefined : lookup.feed?.wallet) ??
    (searched ? await findOwner(deps, { intentId: id }, { signal, feed: false }) : null) ??
    undefined;
  if (searched && owner) {
    const found = await findIntentInHistory(deps, owner, id, {
      signal,
      openPositions: older,
    });
    ({ trade: history, opened: openedPosition } = found);
    unavailable.push(...found.unavailable);
  }
  // What settled decides the verdict; the stream's outcome only when nothing shows it settled.
  const verdict = lookup.settlement || lookup.feed
    ? lookup.verdict
    : batch
    ? intentVerdict({ settled: batch.intent, status: batch.transaction.status })
    : history
    ? intentVerdict({ recorded: "history" })
    : openedPosition && older
    ? intentVerdict({ recorded: "position" })
    : lookup.verdict;
  const found = lookup.state !== "not_found" || history !== null ||
    openedPosition !== null || batch !== null;
  return pageResponse(
    c,
    <IntentPage
      lookup={lookup}
      verdict={verdict}
      wallet={history || openedPosition ? owner : wallet}
      history={history}
      openedPosition={openedPosition}
      batch={batch}
      unavailable={unavailable}
      now={deps.now()}
    />,
    // Not found is only certain when every check answered.
    found || lookup.unavailable.length > 0 ? 200 : 404,
  );
}

/** The intent inside the named transaction, decoded; null when it is not there. */
async function findInBatch(deps: AppDeps, tx: Hex, intentId: Hex): Promise<BatchIntent | null> {
  const decoded = await decodeTransaction(deps.hyperevm, tx).catch(() => null);
  if (!decoded?.found) return null;
  const intent = decoded.intents.find((item) => item.intentId === intentId);
  return intent ? { transaction: decoded, intent } : null;
}
