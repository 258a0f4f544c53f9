/**
 * `/watchlist`: the wallets starred in this browser (the island reads localStorage), or the list a
 * `?w=0x..,0x..` link shares (read here, bad addresses named, at most `WATCHLIST_MAX`); and
 * `/watchlist.json?w=…`, every listed wallet's equity, unrealized PnL, worst distance to bust and
 * band in one answer. A bad list is a 400 `bad_watchlist` naming what is wrong.
 */
import type { Context } from "hono";
import type { AppEnv } from "../lib/http/app_env.ts";
import { Failure } from "../lib/http/failure.ts";
import { fetchWatchlist, parseWatchlist, WATCHLIST_MAX } from "../lib/watchlist/mod.ts";
import { Layout } from "../components/Layout.tsx";
import { Island, WATCHLIST_SCRIPT_URL } from "../client/island.tsx";
import { pageResponse } from "../lib/render.tsx";

/** How often the page reads the list again (ms). */
const POLL_MS = 5_000;

/** `GET /watchlist.json?w=0x..,0x..`: 1 to `WATCHLIST_MAX` addresses, every one valid. */
export async function watchlistJson(c: Context<AppEnv>): Promise<Response> {
  const { addresses, bad } = parseWatchlist(c.req.query("w") ?? "");
  const named = bad.slice(0, 3).map((item) => JSON.stringify(item.slice(0, 50))).join(", ");
  const problem = bad.length > 0
    ? `Not 0x addresses of 40 hex digits: ${named}${bad.length > 3 ? ", …" : ""}.`
    : addresses.length === 0
    ? `List 1 to ${WATCHLIST_MAX} wallet addresses in w, comma separated.`
    : addresses.length > WATCHLIST_MAX
    ? `${addresses.length} wallets listed; one watchlist holds at most ${WATCHLIST_MAX}.`
    : null;
  if (problem) {
    const error = "bad_watchlist";
    throw new Failure("bad_request", "That watchlist is not valid", { message: problem, error });
  }
  const view = await fetchWatchlist(c.var.deps, addresses, { signal: c.req.raw.signal });
  return c.json(view, 200, { "cache-control": "no-store" });
}

export async function watchlistPage(c: Context<AppEnv>): Promise<Response> {
  const raw = c.req.query("w");
  const { addresses, bad } = parseWatchlist(raw ?? "");
  const shared = raw === undefined ? null : addresses.slice(0, WATCHLIST_MAX);
  const initial = shared?.length
    ? await fetchWatchlist(c.var.deps, shared, { signal: c.req.raw.signal })
    : null;
  return pageResponse(
    c,
    <Layout
      title="Watchlist · Papertrade Explorer"
      description="Wallets you follow: worst distance to bust, band, unrealized PnL and your own alert thresholds, live."
      islandScript={WATCHLIST_SCRIPT_URL}
      current="watchlist"
    >
      <h1>Watchlist</h1>
      <p>
        The wallets you star or add, and the threshold you set for each, are kept in this browser
        (localStorage): no account, no key, nothing stored on the server. Notifications come from
        this page while it is open in a tab; there is no push service, so a closed tab cannot warn
        you. To follow a wallet with no tab open, subscribe to its Atom feed in any feed reader: it
        lists its band changes and liquidations. <a href="/docs/following">How it works</a>
      </p>
      {(bad.length > 0 || addresses.length > WATCHLIST_MAX) && (
        <p class="notice" role="status">
          {bad.length > 0 && `Left out, not wallet addresses: ${
            bad.slice(0, 5).map((item) => `“${item.slice(0, 50)}”`).join(", ")
          }${bad.length > 5 ? ` and ${bad.length - 5} more` : ""}. `}
          {addresses.length > WATCHLIST_MAX &&
            `The link lists ${addresses.length} wallets; only the first ${WATCHLIST_MAX} are shown.`}
        </p>
      )}
      <Island name="Watchlist" props={{ shared, initial, pollMs: POLL_MS }} />
    </Layout>,
  );
}
