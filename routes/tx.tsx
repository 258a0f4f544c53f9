/** `/tx/:hash`: a HyperEVM transaction decoded: the Exchange's events, then the intents. */
import { Hono } from "hono";
import type { Hex } from "viem";
import type { AppDeps } from "../lib/deps.ts";
import { htmlResponse } from "../lib/render.ts";
import { fetchTransactionDetails, type TransactionDetails } from "../lib/transaction_details.ts";
import { TransactionPage } from "../components/TransactionPage.tsx";
import { badHashPage, HASH_PATTERN, notFoundPage, upstreamFailurePage } from "./page_errors.tsx";

/** Routes of the transaction page. */
export function txRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  app.get("/tx/:hash", async (c) => {
    const raw = c.req.param("hash");
    if (!HASH_PATTERN.test(raw)) return badHashPage(raw, "a transaction hash");
    const hash = raw.toLowerCase() as Hex;
    if (raw !== hash) return c.redirect(`/tx/${hash}`, 301);
    let details: TransactionDetails | null;
    try {
      details = await fetchTransactionDetails(deps, hash, { signal: c.req.raw.signal });
    } catch (error) {
      return upstreamFailurePage(error, `Transaction ${hash}`);
    }
    if (details === null) {
      return notFoundPage(
        "Transaction not found",
        `HyperEVM does not know a transaction ${hash}.`,
        [
          `If it is a Papertrade intent id, open /intent/${hash} instead (or paste it into the search, which tells the two apart).`,
          "A transaction the relayer just sent may take a few seconds to appear.",
        ],
      );
    }
    return htmlResponse(<TransactionPage details={details} now={deps.now()} />);
  });
  return app;
}
