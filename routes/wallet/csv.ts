/**
 * `/wallet/:address/trades.csv`: the whole trade history (up to `EXPORT_MAX_PAGES` pages, one
 * request in flight) as an RFC 4180 CSV download, streamed page by page: first bytes after one
 * page, one page in memory. At most `EXPORT_CONCURRENCY` exports run at once (others: 503 with
 * Retry-After). Errors before the first row answer in plain text with a status; one mid-stream
 * aborts the download rather than end it as if complete.
 */
import type { AppHandler } from "../../lib/http/app_env.ts";
import { Failure } from "../../lib/http/failure.ts";
import { csvLine } from "../../lib/csv.ts";
import { createSlots, type Slots } from "../../lib/http/slots.ts";
import {
  EXPORT_MAX_PAGES,
  EXPORT_TRAIL_PAGES,
  streamTradePages,
  TRADE_CSV_HEADER,
  tradeCsvRows,
  WALLET_TRADES_PAGE_SIZE,
} from "../../lib/wallet/mod.ts";
import type { Trade } from "../../lib/papertrade/mod.ts";
import { addressParam } from "../page_errors.tsx";
import { Parts } from "../../lib/parts.ts";
import { withSettlingTransactions } from "../../lib/position/mod.ts";

/** Exports running at once, per process. */
const EXPORT_CONCURRENCY = 4;

/** Tests pass their own pool of export slots and page bound. */
export type WalletCsvOptions = { slots?: Slots; maxPages?: number };

/** The CSV export's handler, with its pool of export slots (one per app by default). */
export function walletCsv(options: WalletCsvOptions = {}): AppHandler {
  const slots = options.slots ?? createSlots(EXPORT_CONCURRENCY);
  const maxPages = options.maxPages ?? EXPORT_MAX_PAGES;
  return async (c) => {
    const { deps } = c.var;
    const address = addressParam(c);
    const filter = c.req.query("filter") ?? "all";
    if (filter !== "all" && filter !== "losses") {
      throw new Failure("bad_request", 'filter must be "all" or "losses".');
    }
    const release = slots.tryTake();
    if (!release) {
      const title =
        `${EXPORT_CONCURRENCY} exports are running already; try again in a few seconds.`;
      throw new Failure("busy", title, { headers: { "retry-after": "5" } });
    }
    const stop = new AbortController();
    const { signal } = stop;
    const end = () => {
      release();
      stop.abort();
    };
    const pages = streamTradePages(deps.papertrade, address, { filter, signal, maxPages });
    let streaming = false;
    try {
      // The name and the instruments are read while the first history page loads.
      const [first, trading, names] = await Promise.all([
        pages.next(),
        deps.papertrade.read("tradingState", {}, { signal }),
        deps.papertrade.read("leaderboard", { window: "all", query: address }, { signal }),
      ]);
      // The history endpoint answers an empty list for a wallet it has never seen; the account
      // read tells the two apart (its 404 is answered as the unknown wallet), and costs nothing
      // when trades exist.
      if (first.done || first.value.trades.length === 0) {
        await deps.papertrade.read("walletStream", { wallet: address }, { signal });
      }
      const name = names.accounts.find((row) => row.address === address)?.leaderboardName ?? null;
      const rowOf = await tradeCsvRows(address, name, trading.instruments);
      const encoder = new TextEncoder();
      const line = (cells: Parameters<typeof csvLine>[0]) => encoder.encode(csvLine(cells));
      const rows = (trades: readonly Trade[]) =>
        encoder.encode(trades.map((trade) => csvLine(rowOf(trade))).join(""));
      let page = first;
      // The newest pages' rows get their settling transactions from the trail; what it could
      // not find, and the older rows it did not search, are said in a last line.
      const trail = new Parts();
      let pagesRead = 0;
      let unsearched = 0;
      const settled = async (trades: readonly Trade[]) => {
        if (pagesRead++ < EXPORT_TRAIL_PAGES) {
          return await withSettlingTransactions(deps, address, trades, trail);
        }
        unsearched += trades.filter((trade) => !trade.txHash).length;
        return trades;
      };
      const notes = () => [
        ...trail.unavailable.map((item) =>
          `(${item.part}: ${item.reason}; those rows have no tx_hash)`
        ),
        ...unsearched > 0
          ? [
            `(tx_hash is searched for the newest ${
              EXPORT_TRAIL_PAGES * WALLET_TRADES_PAGE_SIZE
            } trades; ${unsearched} older rows name none: their position page finds it)`,
          ]
          : [],
      ];
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(line(TRADE_CSV_HEADER));
        },
        async pull(controller) {
          try {
            if (page.done) {
              for (const note of notes()) controller.enqueue(line([note]));
              controller.close();
              release();
              return;
            }
            controller.enqueue(rows(await settled(page.value.trades)));
            if (page.value.truncated) {
              controller.enqueue(line([
                `(export stopped after ${maxPages} pages; older trades are not included)`,
              ]));
            }
            page = await pages.next();
          } catch (error) {
            end();
            controller.error(error);
          }
        },
        cancel() {
          end();
          pages.return(undefined).catch(() => {});
        },
      });
      streaming = true;
      const suffix = filter === "losses" ? "-losses" : "";
      return c.body(body, 200, {
        "content-type": "text/csv; charset=utf-8; header=present",
        "content-disposition": `attachment; filename="papertrade-${address}-trades${suffix}.csv"`,
      });
    } finally {
      if (!streaming) end();
    }
  };
}
