/**
 * A wallet's open positions followed live: the shared wallet stream (`wallet_hub.ts`) keeps the
 * account, the shared market feed the marks; every change yields a freshly valued view.
 */
import type { PapertradeClient, WalletAccount } from "../papertrade/mod.ts";
import { valueWalletPositions } from "../position/mod.ts";
import type { MarketFeed, MarketState } from "../markets/mod.ts";
import { liveContentKey, type LiveWallet, liveWalletOf } from "./live_wallet.ts";
import type { WalletHub } from "./wallet_hub.ts";

/** What a watch yields: a changed live wallet, or the failure that ended it (always last). */
export type LiveEvent =
  | { type: "positions"; view: LiveWallet }
  | { type: "error"; error: unknown };

/**
 * Yields the wallet's positions view whenever its figures change (never twice the same). Fails
 * fast when the wallet or the first marks cannot be read; once running, rides out brief upstream
 * faults (the hub reopens its stream). Returning or aborting leaves the hub at once and the feed
 * before the generator finishes. `now`: server clock stamped on every view; `keep`: a position
 * id every view lists (see `liveWalletOf`).
 */
export async function* watchWalletPositions(
  papertrade: PapertradeClient,
  address: string,
  options: {
    feed: MarketFeed;
    hub: WalletHub;
    now: () => number;
    signal?: AbortSignal;
    keep?: string;
  },
): AsyncGenerator<LiveEvent, void, undefined> {
  const control = new AbortController();
  const signal = AbortSignal.any([control.signal, ...options.signal ? [options.signal] : []]);

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
  const leaveWallet = options.hub.subscribe(address, {
    onAccount(next) {
      account = next;
      notify();
    },
    onError: fail,
  });
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
      // The hub's account is this stream's; reconciled, it also carries what earlier streams of
      // the wallet reported, as every other reader of the wallet sees it.
      const valued = valueWalletPositions(
        papertrade.reconcile(account),
        market.trading,
        market.marks,
        market.winFeeRate,
      );
      const view = liveWalletOf({ ...valued, accumulator: market.accumulator }, options.now(), {
        keep: options.keep,
      });
      const key = liveContentKey(view);
      if (key === lastKey) continue;
      lastKey = key;
      yield { type: "positions", view };
    }
  } finally {
    control.abort();
    leaveWallet();
    await leaveFeed();
  }
}
