/**
 * `/w/:address`: the shareable wallet link. Crawlers read its Open Graph and Twitter tags and
 * fetch the card, a 1200×630 PNG drawn on the server (`/w/:address/image.png`; the SVG twin at
 * `image.svg` stays for older links); browsers are sent on to `/wallet/:address` by a meta
 * refresh, with a visible link for anyone who stops there. No script.
 */
import { Hono } from "hono";
import { renderToString } from "preact-render-to-string";
import type { AppDeps } from "../lib/deps.ts";
import { htmlResponse } from "../lib/render.ts";
import { describeUpstreamFailure } from "../lib/upstream_error.ts";
import { fetchWalletSummary, type WalletSummary } from "../lib/wallet/summary.ts";
import { Layout } from "../components/Layout.tsx";
import {
  CARD_SIZE,
  previewDescription,
  previewTitle,
  WalletCardSvg,
} from "../components/WalletCard.tsx";
import { HeadlineName } from "../components/links.tsx";
import { cardContent, walletCardElement } from "../components/wallet_card_image.ts";
import { renderPng } from "../lib/card/rasterize.ts";
import { createPngCache } from "../lib/card/png_cache.ts";
import { unknownWalletPage } from "./wallet.tsx";
import {
  ADDRESS_PATTERN,
  badAddressPage,
  isUnknownWallet,
  upstreamFailurePage,
} from "./page_errors.tsx";

// Previews are fetched by crawlers in bursts; a few minutes of caching spares the upstream.
const CACHE_CONTROL = "public, max-age=300";

/** Routes of the link previews. */
export function previewRoutes(deps: AppDeps): Hono {
  const app = new Hono();
  const cards = createPngCache();
  const site = deps.config.siteUrl.replace(/\/+$/, "");
  const load = (address: string, signal: AbortSignal) =>
    fetchWalletSummary(deps.papertrade, address, { now: deps.now, signal });

  app.get("/w/:address", async (c) => {
    const raw = c.req.param("address");
    if (!ADDRESS_PATTERN.test(raw)) return badAddressPage(raw);
    const address = raw.toLowerCase();
    let summary: WalletSummary;
    try {
      summary = await load(address, c.req.raw.signal);
    } catch (error) {
      if (isUnknownWallet(error)) return unknownWalletPage(address);
      return upstreamFailurePage(error, `The preview of wallet ${address}`);
    }
    const title = previewTitle(address, summary);
    const description = previewDescription(summary);
    const walletUrl = `${site}/wallet/${address}`;
    const imageUrl = `${site}/w/${address}/image.png`;
    const head = (
      <>
        <link rel="canonical" href={walletUrl} />
        <meta http-equiv="refresh" content={`0; url=/wallet/${address}`} />
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content="Papertrade Explorer" />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={description} />
        <meta property="og:url" content={`${site}/w/${address}`} />
        <meta property="og:image" content={imageUrl} />
        <meta property="og:image:type" content="image/png" />
        <meta property="og:image:width" content={String(CARD_SIZE.width)} />
        <meta property="og:image:height" content={String(CARD_SIZE.height)} />
        <meta property="og:image:alt" content={`${title}. ${description}`} />
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={title} />
        <meta name="twitter:description" content={description} />
        <meta name="twitter:image" content={imageUrl} />
      </>
    );
    return htmlResponse(
      <Layout title={`${title} · Papertrade Explorer`} description={description} head={head}>
        <h1>
          {summary.leaderboardName ? <HeadlineName name={summary.leaderboardName} /> : "Wallet"}
        </h1>
        <p class="mono break">{address}</p>
        <p>{description}</p>
        <p>
          <a href={`/wallet/${address}`}>Open the wallet page</a>
        </p>
      </Layout>,
      { headers: { "cache-control": CACHE_CONTROL } },
    );
  });

  /** The card's wallet and summary, or the plain-text answer when there is none. */
  const cardSummary = async (
    raw: string,
    signal: AbortSignal,
  ): Promise<{ address: string; summary: WalletSummary } | Response> => {
    if (!ADDRESS_PATTERN.test(raw)) return plain(400, "Not a wallet address.\n");
    const address = raw.toLowerCase();
    try {
      return { address, summary: await load(address, signal) };
    } catch (error) {
      return cardFailure(error, address);
    }
  };

  app.get("/w/:address/image.png", async (c) => {
    const found = await cardSummary(c.req.param("address"), c.req.raw.signal);
    if (found instanceof Response) return found;
    const { address, summary } = found;
    const content = cardContent(address, summary);
    const png = await cards.get(
      JSON.stringify([address, content]),
      () => renderPng(walletCardElement(address, content), CARD_SIZE),
    );
    return new Response(png as Uint8Array<ArrayBuffer>, {
      headers: { "content-type": "image/png", "cache-control": CACHE_CONTROL },
    });
  });

  app.get("/w/:address/image.svg", async (c) => {
    const found = await cardSummary(c.req.param("address"), c.req.raw.signal);
    if (found instanceof Response) return found;
    const { address, summary } = found;
    const svg = renderToString(<WalletCardSvg address={address} summary={summary} />);
    return new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${svg}`, {
      headers: { "content-type": "image/svg+xml; charset=utf-8", "cache-control": CACHE_CONTROL },
    });
  });
  return app;
}

function cardFailure(error: unknown, address: string): Response {
  if (isUnknownWallet(error)) return plain(404, `Wallet ${address} has no Papertrade account.\n`);
  const failure = describeUpstreamFailure(error);
  if (!failure) throw error;
  return plain(failure.status, `The ${failure.source} failed: ${failure.message}\n`);
}

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
}
