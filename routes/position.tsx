/**
 * `/position/:id` (with `?wallet=`, or the owner found through the latest trades feed as the
 * search tool does): the open position at the live mark, or its closed-trade record with the
 * transaction that settled it (the history row's, else found from the Exchange's events).
 */
import type { Context } from "hono";
import type { AppEnv } from "../lib/http/app_env.ts";
import { Failure, unknownWallet } from "../lib/http/failure.ts";
import { isUnknownWallet } from "../lib/upstream_error.ts";
import { resolveSearch } from "../lib/search/mod.ts";
import { fetchWalletPositions, settlingTransaction } from "../lib/position/mod.ts";
import { Parts } from "../lib/parts.ts";
import { liveWalletOf } from "../lib/wallet/mod.ts";
import { PositionChart, PositionNotFound, PositionPage } from "./position/PositionPage.tsx";
import { type PriceHistory, readPriceHistory, sharedMarkSamples } from "../lib/markets/mod.ts";
import type { AppDeps } from "../lib/deps.ts";
import type { PositionValuation, WalletPositions } from "../lib/position/mod.ts";
import { renderToString } from "preact-render-to-string";
import { pageResponse } from "../lib/render.tsx";
import { badAddress, Echo, POSITION_ID_PATTERN, walletQuery } from "./page_errors.tsx";

/** The position id and the `?wallet=` of a position URL, checked. */
function positionQuery(c: Context<AppEnv>): { id: string; wallet?: string } {
  const raw = c.req.param("id") ?? "";
  if (!POSITION_ID_PATTERN.test(raw)) {
    throw new Failure("bad_request", "That is not a position id", {
      detail: (
        <>
          "<Echo value={raw} />" is not a position id: expected a whole number such as 53573.
        </>
      ),
    });
  }
  return { id: raw.replace(/^0+(?=[0-9])/, ""), wallet: walletQuery(c) };
}

/**
 * `/position/:id/chart?wallet=`: the open position's mark chart alone, the fragment the
 * position page's script swaps in every few seconds; 404 once the position is not open.
 */
export async function positionChart(c: Context<AppEnv>): Promise<Response> {
  const { deps } = c.var;
  const { id, wallet } = positionQuery(c);
  if (wallet === undefined) throw badAddress("");
  const found = await fetchWalletPositions(deps, wallet, {
    positionId: id,
    signal: c.req.raw.signal,
  });
  const open = found.positions[0];
  if (!open) throw new Failure("not_found", "That position is not open");
  const { history } = await priceSince(deps, found.marks, open, c.req.raw.signal);
  const chart = <PositionChart open={open} history={history} now={deps.now()} />;
  return c.html(renderToString(chart));
}

export async function positionPage(c: Context<AppEnv>): Promise<Response> {
  const { deps } = c.var;
  const { id, wallet: given } = positionQuery(c);
  const signal = c.req.raw.signal;
  let wallet = given;
  if (wallet === undefined) {
    const resolved = await resolveSearch(deps, id, { signal });
    wallet = resolved.kind === "position" ? resolved.owner ?? undefined : undefined;
    if (wallet === undefined) return pageResponse(c, <PositionNotFound id={id} />, 404);
  }
  const owner = wallet;
  let found = await fetchWalletPositions(deps, owner, { positionId: id, signal }).catch((error) => {
    throw isUnknownWallet(error) ? unknownWallet(owner) : error;
  });
  let txFromEvents = false;
  const closed = found.closed;
  if (closed && !closed.txHash) {
    const parts = new Parts();
    const txHash = await parts.read(
      settlingTransaction(deps.hyperevm, owner, closed),
      "settling transaction",
    );
    found = {
      ...found,
      closed: { ...closed, txHash },
      unavailable: [...found.unavailable, ...parts.unavailable],
    };
    txFromEvents = txHash !== null;
  }
  const historyMissing = found.unavailable.some((item) => item.part === "trade history");
  if (found.positions.length === 0 && found.closed === null && !historyMissing) {
    return pageResponse(c, <PositionNotFound id={id} wallet={wallet} />, 404);
  }
  const open = found.positions[0];
  const { history, unavailable } = await priceSince(deps, found.marks, open, signal);
  if (unavailable.length > 0) {
    found = { ...found, unavailable: [...found.unavailable, ...unavailable] };
  }
  return pageResponse(
    c,
    <PositionPage
      id={id}
      wallet={wallet}
      found={found}
      live={liveWalletOf({ ...found, accumulator: null }, deps.now())}
      txFromEvents={txFromEvents}
      history={history}
      now={deps.now()}
    />,
  );
}

/** Records the page's marks, then reads the open position's market since it opened. */
async function priceSince(
  deps: AppDeps,
  marks: WalletPositions["marks"],
  open: PositionValuation | undefined,
  signal: AbortSignal,
): Promise<{ history: PriceHistory; unavailable: Parts["unavailable"] }> {
  const samples = sharedMarkSamples(deps.papertrade, deps.now);
  await samples.recordMarks(marks);
  if (!open || open.priceScale === null) {
    return { history: { samples: [], candles: [] }, unavailable: [] };
  }
  const parts = new Parts();
  const { instrumentId, openedAt } = open.position;
  const market = { instrumentId, symbol: open.symbol, priceScale: open.priceScale };
  const history = await readPriceHistory(deps, samples, market, openedAt, { parts, signal });
  return { history, unavailable: parts.unavailable };
}
