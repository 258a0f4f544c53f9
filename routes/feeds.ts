/**
 * `/wallet/:address/feed.atom` and `/liquidations.atom`: the Atom feeds of `lib/feeds/feeds.ts`, with
 * an ETag (`app.tsx`) and a minute of caching. Links are absolute, on the configured site URL
 * (else the request's origin). A bad address is a 400, an unknown wallet a 404, an upstream
 * failure a 502/503, in plain text (the pages' error handler), never a broken XML document.
 */
import type { Context } from "hono";
import type { AppEnv } from "../lib/http/app_env.ts";
import * as feeds from "../lib/feeds/mod.ts";
import { addressParam } from "./page_errors.tsx";

async function answer(c: Context<AppEnv>, build: (site: string) => Promise<string>) {
  const body = await build(c.var.deps.config.siteUrl || new URL(c.req.url).origin);
  return c.body(body, 200, {
    "content-type": "application/atom+xml; charset=utf-8",
    "cache-control": "public, max-age=60",
  });
}

/** A wallet's opens, closes, liquidations and band changes. */
export function walletFeed(c: Context<AppEnv>): Promise<Response> {
  const address = addressParam(c);
  const signal = c.req.raw.signal;
  return answer(c, (site) => feeds.walletFeed(c.var.deps, address, { site, signal }));
}

/** The protocol's recent liquidations. */
export function liquidationsFeed(c: Context<AppEnv>): Promise<Response> {
  const signal = c.req.raw.signal;
  return answer(c, (site) => feeds.liquidationsFeed(c.var.deps, { site, signal }));
}
