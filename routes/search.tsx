/**
 * `/search?q=`: resolves a query as the search tool does (a 64-hex string is asked of
 * HyperEVM) and also takes pasted links, then sends the browser to the page (303). Several
 * name matches get a results page; a query that matches nothing gets a helpful 200 page.
 */
import type { Context } from "hono";
import type { VNode } from "preact";
import type { AppEnv } from "../lib/http/app_env.ts";
import { LOWERCASE_ADDRESS_PATTERN } from "../lib/address.ts";
import { pageResponse } from "../lib/render.tsx";
import {
  linkTargetPath,
  parsePastedUrl,
  resolveSearch,
  type SearchResolution,
} from "../lib/search/mod.ts";
import { SEARCH_MAX_LENGTH } from "../components/SearchForm.tsx";
import { BadQueryPage, NameMatchesPage, NothingMatchedPage } from "./search/SearchPages.tsx";

/** The search: a redirect to the page, a results page, or a helpful page of nothing found. */
export async function searchPage(c: Context<AppEnv>): Promise<Response> {
  const query = (c.req.query("q") ?? "").trim();
  const problem = query === ""
    ? "The search box was empty: type or paste something to look up."
    : query.length > SEARCH_MAX_LENGTH
    ? `That query is ${query.length} characters long; the search takes at most ${SEARCH_MAX_LENGTH}. Paste just the address, hash, id or name.`
    : null;
  if (problem) return pageResponse(c, <BadQueryPage problem={problem} />, 400);
  // A link that names a page needs no upstream read.
  const target = parsePastedUrl(query);
  if (target) return c.redirect(linkTargetPath(target), 303);
  // The page the search was made from may name a wallet: its intents and positions count.
  const walletParam = c.req.query("wallet")?.trim().toLowerCase();
  const wallet = walletParam && LOWERCASE_ADDRESS_PATTERN.test(walletParam)
    ? walletParam as `0x${string}`
    : undefined;
  const resolution = await resolveSearch(c.var.deps, query, { signal: c.req.raw.signal, wallet });
  const next = answer(query, resolution);
  return typeof next === "string" ? c.redirect(next, 303) : pageResponse(c, next);
}

/** Where a resolved query goes, or the page that says what it found instead. */
function answer(query: string, found: SearchResolution): string | VNode {
  switch (found.kind) {
    case "wallet":
      if (found.summary) return `/wallet/${found.value}`;
      return nothing(
        query,
        "that wallet has no Papertrade account (the exchange has never seen it)",
        ["Check that the address is complete; a wallet appears once it deposits."],
      );
    case "transaction":
      return `/tx/${found.value}`;
    case "intent":
      if (found.wallet) return `/intent/${found.value}?wallet=${found.wallet}`;
      if (found.lookup.state !== "not_found") return `/intent/${found.value}`;
      return nothing(
        query,
        "it is not a HyperEVM transaction, and no intent with this id is in the live feed or in about the last 80 minutes of blocks",
        [
          `If you know the wallet that signed it, open /intent/${found.value}?wallet=<address> to check the relayer queue.`,
          "Older intents appear in the signing wallet's trade history.",
        ],
      );
    case "position":
      if (found.owner) return `/position/${found.value}?wallet=${found.owner}`;
      return nothing(
        query,
        `nothing the explorer has read names the owner of position #${found.value} (the latest trades, the at-risk board, the trade histories read)`,
        [`If you know the owner, open /position/${found.value}?wallet=<address>.`],
      );
    case "name":
      if (found.total === 1 && found.matches.length === 1) {
        return `/wallet/${found.matches[0].address}`;
      }
      return <NameMatchesPage query={query} matches={found.matches} total={found.total} />;
    case "unknown":
      return nothing(query, found.reason);
  }
}

function nothing(query: string, reason: string, hints: string[] = []): VNode {
  return <NothingMatchedPage query={query} reason={reason} hints={hints} />;
}
