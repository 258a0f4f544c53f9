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
import { ADDRESS_PATTERN as ADDRESS } from "../lib/address.ts";
import { Hono } from "hono";
import type { AppDeps } from "../lib/deps.ts";
import { fetchWalletPositions } from "../lib/wallet/positions.ts";
import { buildPositionsView } from "../lib/live/positions_view.ts";
import { type MarketFeed, sharedMarketFeed } from "../lib/live/market_feed.ts";
import {
  isUnknownWallet,
  type LiveEvent,
  watchWalletPositions,
} from "../lib/live/watch_positions.ts";
import { sharedWalletHub, type WalletHub, type WalletHubOptions } from "../lib/live/wallet_hub.ts";
import { openViewerStream } from "../lib/live/viewer_stream.ts";
import type { Timers } from "../lib/live/timers.ts";
import { uncachedClient } from "../lib/cache/mod.ts";
import { describeUpstreamFailure } from "../lib/upstream_error.ts";
import { createSlots } from "../lib/http/slots.ts";
import { clientKeyFromRequest } from "../lib/http/client_key.ts";
import { remoteAddressOf } from "./mcp.ts";

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

/** Routes of the live positions stream and its polling twin. */
export function liveRoutes(deps: AppDeps, options: LiveRoutesOptions = {}): Hono {
  const heartbeatMs = options.heartbeatMs ?? 5_000;
  const maxLifetimeMs = options.maxLifetimeMs ?? 600_000;
  const maxStreams = options.maxStreams ?? 500;
  const retryMs = options.retryMs ?? 2_000;
  const stallMs = options.stallMs ?? 10_000;
  const hub = () => options.walletHub ?? sharedWalletHub(deps.papertrade, options.hub);
  const feed = () =>
    options.feed ??
      sharedMarketFeed({ ...deps, papertrade: uncachedClient(deps.papertrade) }, {
        pollMs: options.pricePollMs,
        now: deps.now,
      });
  const slots = createSlots(maxStreams, { perKey: options.maxStreamsPerClient ?? 20 });
  const app = new Hono();

  app.get("/wallet/:address/positions.json", async (c) => {
    const address = c.req.param("address");
    if (!ADDRESS.test(address)) return badAddress(address);
    try {
      const positions = await fetchWalletPositions(deps, address.toLowerCase());
      return Response.json(buildPositionsView(positions, deps.now()), { headers: NO_STORE });
    } catch (error) {
      return failureResponse(error, address);
    }
  });

  app.get("/wallet/:address/live", async (c) => {
    const address = c.req.param("address");
    if (!ADDRESS.test(address)) return badAddress(address);
    const client = clientKeyFromRequest(c.req.raw, remoteAddressOf(c), {
      trustedProxies: deps.config.trustedProxies,
    });
    const releaseSlot = slots.tryTake(client);
    if (!releaseSlot) {
      const full = slots.inUse >= maxStreams;
      return problem(
        full ? 503 : 429,
        "busy",
        full
          ? "Too many live streams are open; poll positions.json instead."
          : `This client holds ${slots.heldBy(client)} live streams already, the most one ` +
            "client may; poll positions.json instead.",
        { "retry-after": "30" },
      );
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
    const watch = watchWalletPositions(deps.papertrade, address.toLowerCase(), {
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
      return first.type === "error"
        ? failureResponse(first.error, address)
        : problem(503, "gone", "The client went away before the first view.");
    }
    const body = openViewerStream({
      watch,
      stopWatch: () => control.abort(),
      firstView: first.view,
      retryMs,
      heartbeatMs,
      maxLifetimeMs,
      stallMs,
      now: deps.now,
      requestSignal,
      describeError: (error) => failureBody(error, address).body,
      onRelease: release,
      timers: options.timers,
    });
    return new Response(body, {
      headers: {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        "x-accel-buffering": "no",
      },
    });
  });
  return app;
}

function failureBody(error: unknown, address: string): { status: number; body: Problem } {
  if (isUnknownWallet(error)) {
    return {
      status: 404,
      body: { error: "not_found", message: `Papertrade has no account for ${address}.` },
    };
  }
  const failure = describeUpstreamFailure(error);
  if (failure) {
    return {
      status: failure.status,
      body: { error: "upstream", message: `${failure.source}: ${failure.message}` },
    };
  }
  console.error(`live positions of ${address} failed:`, error);
  return { status: 500, body: { error: "internal", message: "The positions could not be read." } };
}

function failureResponse(error: unknown, address: string): Response {
  const { status, body } = failureBody(error, address);
  return problem(status, body.error, body.message);
}

interface Problem {
  error: string;
  message: string;
}

function badAddress(address: string): Response {
  return problem(
    400,
    "bad_address",
    `${JSON.stringify(address)} is not a 0x address of 40 hex digits.`,
  );
}

function problem(
  status: number,
  error: string,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return Response.json({ error, message } satisfies Problem, {
    status,
    headers: { ...NO_STORE, ...headers },
  });
}
