/**
 * `/wallet/:address/feed.atom` and `/liquidations.atom`: the Atom feeds of `lib/feeds.ts`, with
 * an ETag (`app.tsx`) and a minute of caching. Links are absolute, on the configured site URL
 * (else the request's origin). An unknown wallet is a 404, an upstream failure a 502/503, in
 * plain text, never a broken XML document.
 */
import type { Context } from "hono";
import type { AppEnv } from "../lib/http/app_env.ts";
import { ADDRESS_PATTERN } from "../lib/address.ts";
import {
  liquidationsFeed as buildLiquidations,
  walletFeed as buildWalletFeed,
} from "../lib/feeds.ts";
import { badAddress } from "./page_errors.tsx";

const HEADERS = {
  "content-type": "application/atom+xml; charset=utf-8",
  "cache-control": "public, max-age=60",
};

function siteOf(c: Context<AppEnv>): string {
  return c.var.deps.config.siteUrl || new URL(c.req.url).origin;
}

/** A wallet's opens, closes and liquidations. */
export async function walletFeed(c: Context<AppEnv>): Promise<Response> {
  const raw = c.req.param("address") ?? "";
  if (!ADDRESS_PATTERN.test(raw)) throw badAddress(raw);
  const address = raw.toLowerCase();
  if (raw !== address) return c.redirect(`/wallet/${address}/feed.atom`, 301);
  const body = await buildWalletFeed(c.var.deps.papertrade, address, {
    site: siteOf(c),
    signal: c.req.raw.signal,
  });
  return c.body(body, 200, HEADERS);
}

/** The protocol's recent liquidations. */
export async function liquidationsFeed(c: Context<AppEnv>): Promise<Response> {
  const body = await buildLiquidations(c.var.deps.papertrade, {
    site: siteOf(c),
    signal: c.req.raw.signal,
  });
  return c.body(body, 200, HEADERS);
}
