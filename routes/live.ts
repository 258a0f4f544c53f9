/**
 * Live positions of a wallet for the `LivePositions` island:
 * - `GET /wallet/:address/live`: server-sent events. A `positions` event (the view JSON) first
 *   and on every change of the account or the marks, a `heartbeat` event (`{"at": ms}`) while
 *   nothing changes, an `error` event if the upstream fails for good. Streams end after a
 *   bounded lifetime; the browser's EventSource then reconnects by itself.
 * - `GET /wallet/:address/positions.json`: the same view once, for polling.
 * A bad address is a 400, an unknown wallet a 404, an upstream failure a 502/503/504, all JSON.
 * Stream slots are bounded per process (503) and per client (429, counted by the same client
 * key as tool calls); a refused browser polls positions.json instead. Every viewer of a wallet shares one upstream wallet stream (`lib/live/wallet_hub.ts`) and the
 * one price poller; a viewer's slot is freed the moment it leaves (`lib/live/viewer_stream.ts`).
 */
import { ADDRESS_PATTERN } from "../lib/address.ts";
import type { AppDeps } from "../lib/deps.ts";
import type { AppHandler } from "../lib/http/app_env.ts";
import { Failure } from "../lib/http/failure.ts";
import { fetchWalletPositions } from "../lib/wallet/positions.ts";
import { buildPositionsView } from "../lib/live/positions_view.ts";
import { type MarketFeed, sharedMarketFeed } from "../lib/live/market_feed.ts";
import { type LiveEvent, watchWalletPositions } from "../lib/live/watch_positions.ts";
import { sharedWalletHub, type WalletHub, type WalletHubOptions } from "../lib/live/wallet_hub.ts";
import { openViewerStream } from "../lib/live/viewer_stream.ts";
import type { Timers } from "../lib/live/timers.ts";
import { uncachedClient } from "../lib/cache/mod.ts";
import { createSlots } from "../lib/http/slots.ts";
import { clientKeyFromRequest } from "../lib/http/client_key.ts";
import { remoteAddressOf } from "../lib/http/app_env.ts";
import { liveProblem } from "./page_errors.tsx";

/** Limits and timing of the live routes; tests shorten them. */
export interface LiveRoutesOptions {
  /** Interval of the shared latest-prices poll (default 1500 ms). */
  pricePollMs?: number;
  /**
   * Heartbeat interval of a quiet stream (default 5 s). A write is also how a connection that
   * closed without the runtime noticing is found out, so this bounds how long its slot lasts.
   */
  heartbeatMs?: number;
  /** A stream ends after this long (default 10 min); the client reconnects. */
  maxLifetimeMs?: number;
  /** Streams open at once in this process; more get a 503 (default 500). */
  maxStreams?: number;
  /** Streams one client holds at once; more get a 429 (default 20). */
  maxStreamsPerClient?: number;
  /** Reconnect delay the stream asks EventSource for (default 2000 ms). */
  retryMs?: number;
  /** A viewer that reads nothing for this long while a frame waits is dropped (default 10 s). */
  stallMs?: number;
  /** Grace period and reopen timing of the shared upstream wallet streams. */
  hub?: WalletHubOptions;
  /** Wallet hub to use instead of the process-wide one. */
  walletHub?: WalletHub;
  /** Market feed to use instead of the process-wide one. */
  feed?: MarketFeed;
  /** Timers of the viewer streams (default the runtime's). */
  timers?: Timers;
  /** Called when a viewer takes a slot. */
  onStreamOpened?: () => void;
  /** Called when a viewer's slot is freed (its timers cleared, its subscriptions left). */
  onStreamClosed?: () => void;
}

const NO_STORE = { "cache-control": "no-store" };
const INTERNAL = { error: "internal_error", message: "The positions could not be read." };

/** The address of the path, or the 400 that says it is none. */
function addressOf(raw: string | undefined): string {
  if (!raw || !ADDRESS_PATTERN.test(raw)) {
    throw new Failure("bad_request", "That is not a wallet address", {
      message: `${JSON.stringify(raw)} is not a 0x address of 40 hex digits.`,
      error: "bad_address",
    });
  }
  return raw.toLowerCase();
}

/** The live positions stream and its polling twin, with the stream slots of one app. */
export function liveRoutes(
  deps: AppDeps,
  options: LiveRoutesOptions = {},
): Record<"positions" | "stream", AppHandler> {
  const heartbeatMs = options.heartbeatMs ?? 5_000;
  const maxLifetimeMs = options.maxLifetimeMs ?? 600_000;
  const maxStreams = options.maxStreams ?? 500;
  const hub = () => options.walletHub ?? sharedWalletHub(deps.papertrade, options.hub);
  const feed = () =>
    options.feed ??
      sharedMarketFeed({ ...deps, papertrade: uncachedClient(deps.papertrade) }, {
        pollMs: options.pricePollMs,
        now: deps.now,
      });
  const slots = createSlots(maxStreams, { perKey: options.maxStreamsPerClient ?? 20 });
  return {
    async positions(c) {
      const positions = await fetchWalletPositions(deps, addressOf(c.req.param("address")));
      return c.json(buildPositionsView(positions, deps.now()), 200, NO_STORE);
    },
    async stream(c) {
      const address = addressOf(c.req.param("address"));
      const client = clientKeyFromRequest(c.req.raw, remoteAddressOf(c), {
        trustedProxies: deps.config.trustedProxies,
      });
      const releaseSlot = slots.tryTake(client);
      if (!releaseSlot) {
        const full = slots.inUse >= maxStreams;
        throw new Failure(full ? "busy" : "too_many_calls", "busy", {
          message: full
            ? "Too many live streams are open; poll positions.json instead."
            : `This client holds ${slots.heldBy(client)} live streams already, the most one ` +
              "client may; poll positions.json instead.",
          headers: { "retry-after": "30" },
          error: "busy",
        });
      }
      options.onStreamOpened?.();
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        releaseSlot();
        options.onStreamClosed?.();
      };
      const control = new AbortController();
      // Deno aborts the request's signal when the client goes away (and, in its legacy mode,
      // also once a response is complete: harmless here, the viewer is over by then).
      const requestSignal = c.req.raw.signal;
      const onGone = () => control.abort();
      requestSignal.addEventListener("abort", onGone, { once: true });
      const watch = watchWalletPositions(deps.papertrade, address, {
        feed: feed(),
        hub: hub(),
        now: deps.now,
        signal: control.signal,
      });
      // The first view decides the status: a wallet that cannot be read gets a plain error.
      const first = await watch.next().then(
        (step) =>
          step.done ? { type: "error", error: new Error("the watch ended early") } : step.value,
        (error) => ({ type: "error", error }),
      ) as LiveEvent;
      requestSignal.removeEventListener("abort", onGone);
      if (first.type === "error" || control.signal.aborted) {
        control.abort();
        void watch.return().catch(() => {});
        release();
        // A client that left first ends its watch too: that is its leaving, not a server error.
        throw first.type === "error" && !requestSignal.aborted
          ? first.error
          : new Failure("busy", "gone", {
            message: "The client went away before the first view.",
            error: "gone",
          });
      }
      const body = openViewerStream({
        watch,
        stopWatch: () => control.abort(),
        firstView: first.view,
        retryMs: options.retryMs ?? 2_000,
        heartbeatMs,
        maxLifetimeMs,
        stallMs: options.stallMs ?? 10_000,
        now: deps.now,
        requestSignal,
        describeError: (error) => liveProblem(error, address)?.body ?? INTERNAL,
        onRelease: release,
        timers: options.timers,
      });
      return c.body(body, 200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        "x-accel-buffering": "no",
      });
    },
  };
}
