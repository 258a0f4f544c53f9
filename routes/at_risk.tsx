/** `/at-risk`: every known open position across wallets, nearest to bust first. */
import type { Context } from "hono";
import type { AppEnv } from "../lib/http/app_env.ts";
import { Failure } from "../lib/http/failure.ts";
import {
  type AtRiskFilters,
  bustLadder,
  keepBand,
  marketsSentence,
  readAtRiskBoard,
  RISK_BANDS,
  UnknownMarketError,
} from "../lib/at_risk/mod.ts";
import type { RiskBand } from "../lib/math/mod.ts";
import { Parts } from "../lib/parts.ts";
import { AtRiskPage } from "./at_risk/AtRiskBoard.tsx";
import { pageResponse } from "../lib/render.tsx";
import { Echo } from "./page_errors.tsx";

/** The at-risk page; a board that could not be read at all is named as its missing part. */
export async function atRiskPage(c: Context<AppEnv>): Promise<Response> {
  const filters = parseAtRiskFilters(new URL(c.req.url).searchParams);
  const { deps } = c.var;
  const parts = new Parts();
  // Every band of the market goes into the bust ladder; the rows keep the band asked for.
  const whole = await parts.read(
    readAtRiskBoard(deps, { market: filters.market }, { signal: c.req.raw.signal }).catch(
      (error) => {
        throw error instanceof UnknownMarketError ? noSuchMarket(error) : error;
      },
    ),
    "positions at risk",
  );
  const board = whole && keepBand(whole, filters.band);
  const ladder = whole && bustLadder(whole.rows, whole.markets);
  const unavailable = [...parts.unavailable, ...board?.unavailable ?? []];
  return pageResponse(
    c,
    <AtRiskPage
      board={board}
      ladder={ladder}
      filters={filters}
      unavailable={unavailable}
      now={deps.now()}
    />,
  );
}

/** A market filter the trading state does not list (board, liquidations): a 400 naming them. */
export function noSuchMarket(error: UnknownMarketError) {
  return new Failure("bad_request", "No such market", {
    message: error.message,
    detail: (
      <>
        Papertrade has no market "<Echo value={error.market} />".
      </>
    ),
    hints: [marketsSentence(error.markets)],
  });
}

/** The query's filters (`market`, `band`; empty: all), or a 400; the board checks the market. */
function parseAtRiskFilters(params: URLSearchParams): AtRiskFilters {
  const market = (params.get("market") ?? "").trim().toUpperCase().slice(0, 20);
  const band = params.get("band") ?? "";
  if (band !== "" && !(RISK_BANDS as readonly string[]).includes(band)) {
    throw new Failure("bad_request", "That filter is not valid", {
      message: `In this link, band must be one of ${RISK_BANDS.join(", ")}.`,
      hints: ["Open /at-risk without parameters and use its form to filter."],
    });
  }
  return { market: market || undefined, band: (band || undefined) as RiskBand | undefined };
}
