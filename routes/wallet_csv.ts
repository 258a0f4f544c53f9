/**
 * `/wallet/:address/trades.csv`: a wallet's whole trade history (every page) as an RFC 4180
 * CSV download. Errors answer in plain text: the client asked for a file, not a page.
 */
import { ADDRESS_PATTERN as ADDRESS } from "../lib/address.ts";
import { Hono } from "hono";
import type { AppDeps } from "../lib/deps.ts";
import { PapertradeApiError } from "../lib/papertrade/mod.ts";
import { describeUpstreamFailure } from "../lib/upstream_error.ts";
import { fetchAllTrades, tradesCsv } from "../lib/wallet/mod.ts";

/** Routes of the CSV export. */
export function walletCsvRoutes(deps: AppDeps): Hono {
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
    const { signal } = c.req.raw;
    try {
      // The name and the instruments are read while the first history page loads.
      const [history, trading, names] = await Promise.all([
        fetchAllTrades(deps.papertrade, address, { filter, signal }),
        deps.papertrade.fetchTradingState({ signal }),
        deps.papertrade.fetchLeaderboard({ window: "all", query: address, signal }),
      ]);
      // The history endpoint answers an empty list for a wallet it has never seen; the account
      // read tells the two apart (its 404 is answered below), and costs nothing when trades exist.
      if (history.trades.length === 0) {
        await deps.papertrade.fetchWalletSnapshot(address, { signal });
      }
      const name = names.accounts.find((row) => row.address === address)?.leaderboardName;
      const csv = tradesCsv(address, name ?? null, history.trades, trading.instruments);
      const suffix = filter === "losses" ? "-losses" : "";
      return new Response(csv, {
        headers: {
          "content-type": "text/csv; charset=utf-8; header=present",
          "content-disposition": `attachment; filename="papertrade-${address}-trades${suffix}.csv"`,
          ...(history.truncated ? { "x-export-truncated": "true" } : {}),
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
    }
  });
  return app;
}

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
}
