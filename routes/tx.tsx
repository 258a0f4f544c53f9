/** `/tx/:hash`: a HyperEVM transaction decoded: the Exchange's events, then the intents. */
import type { Context } from "hono";
import type { Hex } from "viem";
import type { AppEnv } from "../lib/http/app_env.ts";
import { Failure } from "../lib/http/failure.ts";
import { decodedJson, fetchTransactionDetails } from "../lib/transaction/mod.ts";
import { TransactionPage } from "./tx/TransactionPage.tsx";
import { pageResponse } from "../lib/render.tsx";
import { HASH_PATTERN } from "../lib/address.ts";
import { badHash } from "./page_errors.tsx";

export async function txPage(c: Context<AppEnv>): Promise<Response> {
  const { deps } = c.var;
  const raw = c.req.param("hash") ?? "";
  if (!HASH_PATTERN.test(raw)) throw badHash(raw, "a transaction hash");
  const hash = raw.toLowerCase() as Hex;
  if (raw !== hash) return c.redirect(`/tx/${hash}`, 301);
  const details = await fetchTransactionDetails(deps, hash, { signal: c.req.raw.signal });
  if (details === null) {
    throw new Failure("not_found", "Transaction not found", {
      message: `HyperEVM does not know a transaction ${hash}.`,
      hints: [
        `If it is a Papertrade intent id, open /intent/${hash} instead (or paste it into the search, which tells the two apart).`,
        "A transaction the relayer just sent may take a few seconds to appear.",
      ],
    });
  }
  // The page lists every intent of the batch; the tool's answer stops at its cap.
  const model = decodedJson(hash, details.settlement, Infinity, details);
  return pageResponse(
    c,
    <TransactionPage
      model={model}
      details={details}
      now={deps.now()}
      explorerUrl={deps.config.blockExplorerUrl}
    />,
  );
}
