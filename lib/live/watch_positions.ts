/**
 * A wallet's open positions, followed live: the upstream wallet stream keeps the account in
 * sync (patches applied, reopened for a fresh snapshot when out of sync or dropped), the shared
 * market feed brings new marks, and every change yields a freshly valued view.
 */
import {
  applyWalletPatch,
  PapertradeApiError,
  type PapertradeClient,
  type WalletAccount,
} from "../papertrade/mod.ts";
import { totalPositions, valuePositions } from "../wallet/mod.ts";
import type { PositionsView } from "../../islands/positions_view.ts";
import type { MarketFeed, MarketState } from "./market_feed.ts";
import { buildPositionsView, viewContentKey } from "./positions_view.ts";

/** What a watch yields: a changed view, or the failure that ended it (always last). */
export type LiveEvent =
  | { type: "positions"; view: PositionsView }
  | { type: "error"; error: unknown };

/** Options of {@link watchWalletPositions}. */
export interface WatchOptions {
  /** Where the marks come from (usually `sharedMarketFeed`). */
  feed: MarketFeed;
  /** Server clock in ms, stamped on every view. */
  now: () => number;
  /** Ends the watch when aborted. */
  signal?: AbortSignal;
  /** Pause before reopening a dropped wallet stream, doubled per failure (default 1000 ms). */
  reopenDelayMs?: number;
  /** Failed reopens in a row after which the watch ends with an error (default 3). */
  maxReopenFailures?: number;
}

/** True when the upstream says the wallet does not exist. */
export function isUnknownWallet(error: unknown): boolean {
  return error instanceof PapertradeApiError && error.status === 404;
}

/**
 * Yields the wallet's positions view whenever its figures change (identical views are not
 * repeated). Fails fast when the wallet or the first marks cannot be read; once running, it
 * rides out brief upstream faults. Returning from the iteration or aborting the signal closes
 * the upstream stream and leaves the feed before the generator finishes.
 */
export async function* watchWalletPositions(
  papertrade: PapertradeClient,
  address: string,
  options: WatchOptions,
): AsyncGenerator<LiveEvent, void, undefined> {
  const reopenDelayMs = options.reopenDelayMs ?? 1_000;
  const maxReopenFailures = options.maxReopenFailures ?? 3;
  const control = new AbortController();
  const { signal } = control;
  const onCallerAbort = () => control.abort();
  options.signal?.addEventListener("abort", onCallerAbort, { once: true });
  if (options.signal?.aborted) control.abort();

  // Set from callbacks, hence the casts: they keep TypeScript from narrowing to null.
  let account = null as WalletAccount | null;
  let market = null as MarketState | null;
  let failure = null as { error: unknown } | null;
  let dirty = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    dirty = true;
    wake?.();
    wake = null;
  };
  const fail = (error: unknown) => {
    failure ??= { error };
    notify();
  };
  signal.addEventListener("abort", notify);

  async function followAccount(): Promise<void> {
    let failures = 0;
    while (!signal.aborted) {
      let sawSnapshot = false;
      try {
        for await (const event of papertrade.openWalletStream(address, { signal })) {
          if (event.type === "snapshot") {
            account = event.account;
            sawSnapshot = true;
            failures = 0;
            notify();
          } else if (event.type === "patch" && account !== null) {
            const patched = applyWalletPatch(account, event.patch);
            // Out of sync: stop here and reopen for a fresh snapshot.
            if (!patched.inSync) break;
            account = patched.account;
            notify();
          }
        }
        if (signal.aborted) return;
        if (!sawSnapshot) {
          throw new PapertradeApiError("the wallet stream closed before its snapshot", {
            endpoint: "/state/user/live",
            kind: "network",
          });
        }
      } catch (error) {
        if (signal.aborted) return;
        if (account === null || isUnknownWallet(error) || ++failures > maxReopenFailures) {
          return fail(error);
        }
      }
      await sleep(reopenDelayMs * 2 ** Math.max(0, failures - 1), signal);
    }
  }

  const leaveFeed = options.feed.subscribe({
    onMarket(state) {
      market = state;
      notify();
    },
    onError(error) {
      // Once marks exist, a failed poll only makes them older (their time is shown).
      if (market === null) fail(error);
    },
  });
  const following = followAccount();
  try {
    let lastKey = "";
    while (!signal.aborted) {
      if (!dirty) await new Promise<void>((resolve) => wake = resolve);
      dirty = false;
      if (signal.aborted) return;
      if (failure !== null) {
        yield { type: "error", error: failure.error };
        return;
      }
      if (account === null || market === null) continue;
      const view = valueAccount(account, market, options.now());
      const key = viewContentKey(view);
      if (key === lastKey) continue;
      lastKey = key;
      yield { type: "positions", view };
    }
  } finally {
    control.abort();
    options.signal?.removeEventListener("abort", onCallerAbort);
    await Promise.all([following, leaveFeed()]);
  }
}

function valueAccount(account: WalletAccount, market: MarketState, now: number): PositionsView {
  const positions = valuePositions(account.openPositions, {
    instruments: market.trading.instruments,
    marks: market.marks,
    winFeeRate: market.trading.winFeeRate,
  });
  return buildPositionsView({ account, positions, totals: totalPositions(positions) }, now);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}
