/**
 * One live viewer's SSE body, pulled, not pushed: frames wait in a mailbox keeping only the latest
 * positions view, so a slow reader costs one frame and holds nobody up. The viewer is released
 * once, synchronously, never waiting on the upstream, on the first of: the client cancels, the
 * request aborts, the reader stalls `stallMs` with a frame waiting, the lifetime ends, the watch
 * fails.
 */
import type { LiveWallet } from "./live_wallet.ts";
import type { LiveEvent } from "./watch_positions.ts";
import { SYSTEM_TIMERS, type Timers } from "../timers.ts";

/**
 * Times in ms; `retryMs` is the reconnect delay asked of EventSource. `watch` has had its first
 * view taken; `requestSignal` aborts when the client goes away; `describeError` turns a watch
 * failure into the `error` event's data.
 */
export interface ViewerStreamOptions {
  watch: AsyncGenerator<LiveEvent, void, undefined>;
  stopWatch: () => void;
  firstView: LiveWallet;
  retryMs: number;
  heartbeatMs: number;
  maxLifetimeMs: number;
  stallMs: number;
  now: () => number;
  requestSignal?: AbortSignal;
  describeError: (error: unknown) => unknown;
  onRelease: () => void;
  timers?: Timers;
}

export function openViewerStream(options: ViewerStreamOptions): ReadableStream<Uint8Array> {
  const timers = options.timers ?? SYSTEM_TIMERS;
  const encoder = new TextEncoder();
  // Framed here rather than by lib/http/sse.ts: Hono's SSE writer pushes, and this stream is
  // pull-based (a frame is made only when the client reads), which is what frees a slot at once.
  const frame = (event: string, data: unknown) =>
    `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
  const queue: string[] = [`retry: ${options.retryMs}\n\n`, frame("positions", options.firstView)];
  let latestView: string | null = null;
  let closing = false;
  let released = false;
  let waiting: (() => void) | null = null;
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let heartbeat: unknown;
  let stall: unknown;
  const lifetime = timers.setTimeout(() => end(), options.maxLifetimeMs);

  function release(): void {
    if (released) return;
    released = true;
    timers.clearTimeout(heartbeat);
    timers.clearTimeout(stall);
    timers.clearTimeout(lifetime);
    options.requestSignal?.removeEventListener("abort", onRequestAbort);
    options.stopWatch();
    options.onRelease();
  }

  /** Releases now; the queue is still sent, then the stream closes (`error`: drops it at once). */
  function end(error?: unknown): void {
    closing = true;
    release();
    if (error !== undefined) {
      try {
        controller?.error(error);
      } catch {
        // already closed
      }
    }
    wake();
  }

  function wake(): void {
    const resume = waiting;
    waiting = null;
    resume?.();
  }

  function post(text: string | null, view = false): void {
    if (released || closing) return;
    if (view) latestView = text;
    else if (text) queue.push(text);
    if (waiting) return wake();
    // Nobody is reading: give the reader `stallMs` to come back before dropping it.
    stall ??= timers.setTimeout(
      () => end(new Error("the reader stalled")),
      options.stallMs,
    );
  }

  function scheduleHeartbeat(): void {
    timers.clearTimeout(heartbeat);
    heartbeat = timers.setTimeout(() => {
      post(frame("heartbeat", { at: options.now() }));
      scheduleHeartbeat();
    }, options.heartbeatMs);
  }

  function take(): string | undefined {
    if (queue.length > 0) return queue.shift();
    const view = latestView ?? undefined;
    latestView = null;
    return view;
  }

  // Also fires once a response is fully delivered (Deno.serve legacy behaviour): ending then
  // is harmless, the stream is already over.
  const onRequestAbort = () => end();
  options.requestSignal?.addEventListener("abort", onRequestAbort, { once: true });

  async function pump(): Promise<void> {
    try {
      for await (const event of options.watch) {
        if (event.type === "positions") post(frame("positions", event.view), true);
        else {
          post(frame("error", options.describeError(event.error)));
          break;
        }
      }
    } catch (error) {
      console.error("live stream failed:", error);
    } finally {
      end();
    }
  }

  return new ReadableStream<Uint8Array>({
    start(output) {
      controller = output;
      if (options.requestSignal?.aborted) return end();
      scheduleHeartbeat();
      void pump();
    },
    async pull(output) {
      let next = take();
      while (next === undefined && !closing) {
        await new Promise<void>((resolve) => waiting = resolve);
        next = take();
      }
      timers.clearTimeout(stall);
      stall = undefined;
      try {
        if (next !== undefined) return output.enqueue(encoder.encode(next));
        release();
        output.close();
      } catch {
        // cancelled or errored meanwhile: nothing more to send
      }
    },
    // The client left (the runtime cancels the body when the connection closes).
    cancel: () => end(),
  }, { highWaterMark: 0 });
}
