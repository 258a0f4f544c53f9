/**
 * `/w/:address`, the shareable link: crawlers read its Open Graph and Twitter tags and fetch the
 * card, a 1200×630 PNG drawn on the server (`image.png`; the SVG twin `image.svg` stays for older
 * links); browsers go on to `/wallet/:address` by meta refresh, with a visible link. No script.
 * The card shows the worst risk band at the live mark and the minute it was drawn: drawn at most
 * once a minute per wallet, it and the page are cacheable for five minutes.
 */
import type { Context } from "hono";
import { renderToString } from "preact-render-to-string";
import { withoutControls } from "../../lib/untrusted_text.ts";
import type { AppDeps } from "../../lib/deps.ts";
import { type AppEnv, type AppHandler, lazyImport } from "../../lib/http/app_env.ts";
import { fetchWalletSummary } from "../../lib/wallet/mod.ts";
import { readMarket, valueWalletPositions } from "../../lib/position/mod.ts";
import { Parts } from "../../lib/parts.ts";
import { Layout } from "../../components/Layout.tsx";
import {
  CARD_SIZE,
  cardContent,
  previewDescription,
  PreviewTags,
  previewTitle,
  WalletCardSvg,
} from "./WalletCard.tsx";
import { HeadlineName } from "../../components/links.tsx";
import { createPngCache } from "../../lib/card/png_cache.ts";
import { pageResponse } from "../../lib/render.tsx";
import { addressParam } from "../page_errors.tsx";
import { walletCardElement } from "./wallet_card_image.ts";

// A lazy boundary of its own, not loaded ahead (see lazyImport): its graph is satori and resvg,
// npm packages Deno reads again.
const rasterize = lazyImport<typeof import("../../lib/card/rasterize.ts")>(
  new URL("../../lib/card/rasterize.ts", import.meta.url),
  { warm: false },
);

// Previews are fetched by crawlers in bursts; a few minutes of caching spares the upstream.
const CACHE_CONTROL = "public, max-age=300";

/** The preview page and its card as PNG and SVG; one card cache per app. */
export function previewRoutes(deps: AppDeps): Record<"page" | "png" | "svg", AppHandler> {
  const cards = createPngCache();
  const site = deps.config.siteUrl.replace(/\/+$/, "");
  const load = async (c: Context<AppEnv>) => {
    const address = addressParam(c);
    const signal = c.req.raw.signal;
    // The risk line values the positions at the live mark (without one it says so); it reads
    // no close payout, so the win fee is not read.
    const [summary, { trading, marks }] = await Promise.all([
      fetchWalletSummary(deps.papertrade, address, { now: deps.now, signal }),
      readMarket(deps, new Parts(), { part: "risk", signal }),
    ]);
    const { positions } = valueWalletPositions(summary.account, trading, marks, null);
    return {
      address,
      summary,
      content: cardContent(address, summary, { positions, now: deps.now() }),
    };
  };
  return {
    async page(c) {
      const { address, summary } = await load(c);
      const title = previewTitle(address, summary);
      const description = previewDescription(summary);
      const head = (
        <>
          <link rel="canonical" href={`${site}/wallet/${address}`} />
          <meta http-equiv="refresh" content={`0; url=/wallet/${address}`} />
          <PreviewTags
            site={site}
            address={address}
            summary={summary}
            url={`${site}/w/${address}`}
          />
        </>
      );
      return pageResponse(
        c,
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
        200,
        { "cache-control": CACHE_CONTROL },
      );
    },
    async png(c) {
      const { address, content } = await load(c);
      // The card renderer (satori, resvg) loads with the first card, never with the app.
      const { renderPng } = await rasterize();
      const png = await cards.get(
        JSON.stringify([address, content]),
        () => renderPng(walletCardElement(address, content), CARD_SIZE),
      );
      return c.body(png as Uint8Array<ArrayBuffer>, 200, {
        "content-type": "image/png",
        "cache-control": CACHE_CONTROL,
      });
    },
    async svg(c) {
      const { address, summary, content } = await load(c);
      const svg = renderToString(
        <WalletCardSvg
          address={address}
          content={content}
          description={previewDescription(summary)}
        />,
      );
      return c.body(`<?xml version="1.0" encoding="UTF-8"?>\n${withoutControls(svg)}`, 200, {
        "content-type": "image/svg+xml; charset=utf-8",
        "cache-control": CACHE_CONTROL,
      });
    },
  };
}
