/**
 * `/wallet/:address/trades.csv`: a wallet's whole trade history (up to the page bound) as an
 * RFC 4180 CSV download, streamed: rows go out page by page as the upstream answers, so the
 * first bytes arrive after one page and memory holds one page, not the history. At most
 * `EXPORT_CONCURRENCY` exports run at once (others get 503 with Retry-After); each reads at
 * most `EXPORT_MAX_PAGES` pages, one request in flight. Errors before the first row answer in
 * plain text with a status; a failure mid-stream aborts the download rather than end it as if
 * it were complete.
 */
import { ADDRESS_PATTERN as ADDRESS } from "../lib/address.ts";
import { Hono } from "hono";
import type { AppDeps } from "../lib/deps.ts";
import { PapertradeApiError } from "../lib/papertrade/mod.ts";
import { describeUpstreamFailure } from "../lib/upstream_error.ts";
import { csvLine } from "../lib/csv.ts";
import { createSlots, type Slots } from "../lib/http/slots.ts";
import {
  EXPORT_MAX_PAGES,
  streamTradePages,
  TRADE_CSV_HEADER,
  tradeCsvRow,
} from "../lib/wallet/trade_export.ts";

/** Exports running at once, per process. */
export const EXPORT_CONCURRENCY = 4;

/** Options of {@link walletCsvRoutes}. */
export interface WalletCsvOptions {
  /** The pool of export slots; default one of {@link EXPORT_CONCURRENCY} per app. */
  slots?: Slots;
  /** Pages read at most per export; default {@link EXPORT_MAX_PAGES}. */
  maxPages?: number;
}

/** Routes of the CSV export. */
export function walletCsvRoutes(deps: AppDeps, options: WalletCsvOptions = {}): Hono {
  const slots = options.slots ?? createSlots(EXPORT_CONCURRENCY);
  const app = new Hono();
  app.get("/wallet/:address/trades.csv", async (c) => {
    const raw = c.req.param("address");
    if (!ADDRESS.test(raw)) {
      return plain(400, "Not a wallet address: expected 0x followed by 40 hex characters.\n");
    }
    const address = raw.toLowerCase();
    const filter = c.req.query("filter") ?? "all";
    if (filter !== "all" && filter !== "losses") {
      return plain(400, 'filter must be "all" or "losses".\n');
    }
    const release = slots.tryTake();
    if (!release) {
      return plain(
        503,
        `${EXPORT_CONCURRENCY} exports are running already; try again in a few seconds.\n`,
        { "retry-after": "5" },
      );
    }
    const stop = new AbortController();
    const { signal } = stop;
    const pages = streamTradePages(deps.papertrade, address, {
      filter,
      signal,
      maxPages: options.maxPages,
    });
    let streaming = false;
    try {
      // The name and the instruments are read while the first history page loads.
      const [first, trading, names] = await Promise.all([
        pages.next(),
        deps.papertrade.read("tradingState", {}, { signal }),
        deps.papertrade.read("leaderboard", { window: "all", query: address }, { signal }),
      ]);
      // The history endpoint answers an empty list for a wallet it has never seen; the account
      // read tells the two apart (its 404 is answered below), and costs nothing when trades exist.
      if (first.done || first.value.trades.length === 0) {
        await deps.papertrade.read("walletStream", { wallet: address }, { signal });
      }
      const name = names.accounts.find((row) => row.address === address)?.leaderboardName ?? null;
      const encoder = new TextEncoder();
      const rows = (trades: readonly Parameters<typeof tradeCsvRow>[2][]) =>
        encoder.encode(
          trades.map((trade) => csvLine(tradeCsvRow(address, name, trade, trading.instruments)))
            .join(""),
        );
      let page = first;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode(csvLine(TRADE_CSV_HEADER)));
        },
        async pull(controller) {
          try {
            if (page.done) {
              controller.close();
              release();
              return;
            }
            controller.enqueue(rows(page.value.trades));
            if (page.value.truncated) {
              const limit = options.maxPages ?? EXPORT_MAX_PAGES;
              controller.enqueue(encoder.encode(csvLine([
                `(export stopped after ${limit} pages; older trades are not included)`,
              ])));
            }
            page = await pages.next();
          } catch (error) {
            release();
            stop.abort();
            controller.error(error);
          }
        },
        cancel() {
          release();
          stop.abort();
          pages.return(undefined).catch(() => {});
        },
      });
      streaming = true;
      const suffix = filter === "losses" ? "-losses" : "";
      return new Response(body, {
        headers: {
          "content-type": "text/csv; charset=utf-8; header=present",
          "content-disposition": `attachment; filename="papertrade-${address}-trades${suffix}.csv"`,
        },
      });
    } catch (error) {
      if (error instanceof PapertradeApiError && error.status === 404) {
        return plain(404, `Wallet ${address} has no Papertrade account.\n`);
      }
      const failure = describeUpstreamFailure(error);
      if (!failure) throw error;
      return plain(
        failure.status,
        `The export failed because the ${failure.source} failed: ${failure.message}\n`,
      );
    } finally {
      if (!streaming) {
        release();
        stop.abort();
      }
    }
  });
  return app;
}

function plain(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(text, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", ...headers },
  });
}
