/**
 * Live wallet for the page's islands. `GET /wallet/:address/live`: server-sent events (a
 * `positions` frame, the live wallet model, first and on every change; a `heartbeat` `{"at": ms}`
 * while nothing changes; an `error` if the upstream fails for good or no first view comes within
 * 10 s); a stream ends after 60 s and EventSource reconnects. `positions.json`: the same model
 * once, for polling. Both list the nearest to bust (`?position=ID` lists that one too). Errors are
 * JSON: 400 bad address, 404 unknown wallet, 502/503/504 upstream. Stream slots are bounded per
 * process (503) and per client (429, the tool calls' client key); a refused browser polls. Viewers
 * share one upstream wallet stream (`lib/wallet/wallet_hub.ts`) and the price poller; a slot is
 * freed the moment its viewer leaves.
 */
import type { AppDeps } from "../../lib/deps.ts";
import type { AppHandler } from "../../lib/http/app_env.ts";
import { Failure } from "../../lib/http/failure.ts";
import { fetchWalletPositions } from "../../lib/position/mod.ts";
import {
  type LiveEvent,
  liveWalletOf,
  openViewerStream,
  readStakingAccumulator,
  sharedWalletHub,
  type WalletHubOptions,
  watchWalletPositions,
} from "../../lib/wallet/mod.ts";
import { Parts } from "../../lib/parts.ts";
import { sharedMarketFeed } from "../../lib/markets/mod.ts";
import { uncachedClient } from "../../lib/cache/mod.ts";
import { createSlots } from "../../lib/http/slots.ts";
import { clientKeyFromRequest } from "../../lib/http/client_key.ts";
import { remoteAddressOf } from "../../lib/http/app_env.ts";
import { addressParam, LIVE_BUG, liveProblem, POSITION_ID_PATTERN } from "../page_errors.tsx";
import { PapertradeApiError } from "../../lib/papertrade/http.ts";
import { PAPERTRADE_ENDPOINTS } from "../../lib/papertrade/endpoints.ts";

/**
 * Limits and timing of the live routes (tests shorten them); defaults where they are read. The
 * heartbeat's write also finds out a silently closed stream. `onStreamOpened`/`onStreamClosed`:
 * a viewer took a slot / its slot is freed (timers cleared, feeds left).
 */
export interface LiveRoutesOptions {
  pricePollMs?: number;
  heartbeatMs?: number;
  maxLifetimeMs?: number;
  maxStreams?: number;
  maxStreamsPerClient?: number;
  /** Reconnect delay the stream asks EventSource for. */
  retryMs?: number;
  hub?: WalletHubOptions;
  onStreamOpened?: () => void;
  onStreamClosed?: () => void;
}

const NO_STORE = { "cache-control": "no-store" };
const SSE_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-store",
  "x-accel-buffering": "no",
};

/**
 * A stream's lifetime, then EventSource reconnects (after `retryMs`): the longest a viewer that
 * reads nothing keeps its slot while its buffers still take heartbeats (the 10 s stall bound
 * drops it sooner once they are full).
 */
export const LIVE_STREAM_LIFETIME_MS = 60_000;
/** The most a stream waits for its first view before it sends an `error` event and ends. */
export const LIVE_FIRST_VIEW_MS = 10_000;

/** `?position=`: an id listed even past the nearest to bust (the position page's); 400 if bad. */
function keptPosition(c: Parameters<AppHandler>[0]): string | undefined {
  const raw = c.req.query("position");
  if (raw === undefined) return undefined;
  if (!POSITION_ID_PATTERN.test(raw)) {
    throw new Failure("bad_request", "position must be a position id (a whole number).");
  }
  return raw.replace(/^0+(?=[0-9])/, "");
}

/** The live positions stream and its polling twin, with the stream slots of one app. */
export function liveRoutes(
  deps: AppDeps,
  options: LiveRoutesOptions = {},
): Record<"positions" | "stream", AppHandler> {
  const retryMs = options.retryMs ?? 2_000;
  const maxStreams = options.maxStreams ?? 500;
  // The price poll's default interval (1500 ms) is the feed's.
  const feed = () =>
    sharedMarketFeed({ ...deps, papertrade: uncachedClient(deps.papertrade) }, {
      pollMs: options.pricePollMs,
      now: deps.now,
    });
  const slots = createSlots(maxStreams, { perKey: options.maxStreamsPerClient ?? 20 });
  return {
    async positions(c) {
      const address = addressParam(c);
      const keep = keptPosition(c);
      const [positions, accumulator] = await Promise.all([
        fetchWalletPositions(deps, address),
        readStakingAccumulator(deps.papertrade, new Parts()),
      ]);
      const live = liveWalletOf({ ...positions, accumulator }, deps.now(), { keep });
      return c.json(live, 200, NO_STORE);
    },
    async stream(c) {
      const address = addressParam(c);
      const keep = keptPosition(c);
      const problemBody = (error: unknown) => liveProblem(error, address)?.body ?? LIVE_BUG;
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
      // Called once: by an early exit below, or by the viewer stream (its release is once only).
      const release = () => {
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
        hub: sharedWalletHub(deps.papertrade, options.hub),
        now: deps.now,
        signal: control.signal,
        keep,
      });
      // The first view decides the status: a wallet that cannot be read gets a plain error. One
      // that does not come in time gets the stream's `error` event instead of silence.
      let waited: ReturnType<typeof setTimeout> | undefined;
      const late = Symbol("late");
      const first = await Promise.race([
        watch.next().then(
          (step) =>
            step.done ? { type: "error", error: new Error("the watch ended early") } : step.value,
          (error) => ({ type: "error", error }),
        ) as Promise<LiveEvent>,
        new Promise<typeof late>((resolve) =>
          waited = setTimeout(() => resolve(late), LIVE_FIRST_VIEW_MS)
        ),
      ]);
      clearTimeout(waited);
      requestSignal.removeEventListener("abort", onGone);
      if (first === late || first.type === "error" || control.signal.aborted) {
        control.abort();
        void watch.return().catch(() => {});
        release();
        // A client that left first ends its watch too: that is its leaving, not a server error.
        if (first !== late) {
          throw first.type === "error" && !requestSignal.aborted
            ? first.error
            : new Failure("busy", "gone", {
              message: "The client went away before the first view.",
              error: "gone",
            });
        }
        const endpoint = PAPERTRADE_ENDPOINTS.walletStream.path;
        const timeout = new PapertradeApiError(
          `${endpoint} sent no view of this wallet within ${LIVE_FIRST_VIEW_MS / 1000} s`,
          { endpoint, kind: "timeout" },
        );
        const body = problemBody(timeout);
        // One `error` event (after the reconnect delay), then the end.
        const text = `retry: ${retryMs}\n\nevent: error\ndata: ${JSON.stringify(body)}\n\n`;
        return c.body(text, 200, SSE_HEADERS);
      }
      const body = openViewerStream({
        watch,
        stopWatch: () => control.abort(),
        firstView: first.view,
        retryMs,
        heartbeatMs: options.heartbeatMs ?? 5_000,
        maxLifetimeMs: options.maxLifetimeMs ?? LIVE_STREAM_LIFETIME_MS,
        // A viewer that reads nothing for 10 s while a frame waits is dropped.
        stallMs: 10_000,
        now: deps.now,
        requestSignal,
        describeError: problemBody,
        onRelease: release,
      });
      return c.body(body, 200, SSE_HEADERS);
    },
  };
}
