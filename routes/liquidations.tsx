/**
 * `/liquidations`: every liquidation the explorer can see, newest first, with totals per market
 * and side, filtered by `window` (1h, 24h, 7d) and `market`, paged by `cursor`.
 */
import type { Context } from "hono";
import type { AppEnv } from "../lib/http/app_env.ts";
import { Failure } from "../lib/http/failure.ts";
import {
  BadLiquidationCursorError,
  DEFAULT_SELECTION,
  type LiquidationSelection,
  PERIOD_NAMES,
  readLiquidations,
  selectLiquidations,
} from "../lib/liquidations/mod.ts";
import { UnknownMarketError } from "../lib/at_risk/mod.ts";
import { pageResponse } from "../lib/render.tsx";
import { noSuchMarket } from "./at_risk.tsx";
import { LiquidationsPage } from "./liquidations/LiquidationsPage.tsx";

/** The page; a read that reaches neither the feed nor the chain is its error page. */
export async function liquidationsPage(c: Context<AppEnv>): Promise<Response> {
  const selection = parseSelection(new URL(c.req.url).searchParams);
  const { deps } = c.var;
  const list = await readLiquidations(deps, { signal: c.req.raw.signal });
  let view;
  try {
    view = selectLiquidations(list, selection);
  } catch (error) {
    if (error instanceof UnknownMarketError) throw noSuchMarket(error);
    if (error instanceof BadLiquidationCursorError) {
      throw badLink("cursor is not one this page gave");
    }
    throw error;
  }
  return pageResponse(c, <LiquidationsPage list={list} selection={selection} view={view} />);
}

/** The selection a query string asks for (`window`, `market`, `cursor`), or a 400. */
function parseSelection(params: URLSearchParams): LiquidationSelection {
  const window = params.get("window") || DEFAULT_SELECTION.window;
  if (!(PERIOD_NAMES as string[]).includes(window)) {
    throw badLink(`window must be one of ${PERIOD_NAMES.join(", ")}`);
  }
  const market = (params.get("market") ?? "").trim().slice(0, 20);
  const cursor = params.get("cursor") ?? "";
  return {
    ...DEFAULT_SELECTION,
    window: window as LiquidationSelection["window"],
    market: market || undefined,
    cursor: cursor || undefined,
  };
}

function badLink(problem: string): Failure {
  return new Failure("bad_request", "That link is not valid", {
    message: `In this link, ${problem}.`,
    hints: ["Open /liquidations without parameters and use its form to filter."],
  });
}
