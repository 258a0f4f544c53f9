/**
 * Browser side of the live positions: our SSE stream, else polling its JSON twin when the stream
 * cannot open or keeps failing, retrying the stream now and then. Browser APIs are looked up at
 * call time, so importing this on the server is harmless.
 */
import type { LiveWallet } from "../lib/wallet/live_wallet.ts";

export type LiveMode = "snapshot" | "live" | "reconnecting" | "polling" | "offline";

export interface FollowHandlers {
  /** A new live wallet (positions or marks changed). */
  onView(live: LiveWallet): void;
  /** The server confirmed the figures are current at this server time (ms). */
  onConfirmed(serverNow: number): void;
  onMode(mode: LiveMode): void;
}

/** Failed reconnects in a row after which the stream is given up for polling. */
const STREAM_FAILURES_ALLOWED = 2;

/**
 * Follows `address`; returns the function that stops it all. Timing (tests shorten it): `pollMs`
 * between polls once the stream failed, polling for `streamRetryMs` before retrying the stream.
 * `keep`: a position id every update lists, however far from bust (the position page's).
 */
export function followPositions(
  address: string,
  handlers: FollowHandlers,
  options: { pollMs?: number; streamRetryMs?: number; keep?: string } = {},
): () => void {
  const pollMs = options.pollMs ?? 5_000;
  const streamRetryMs = options.streamRetryMs ?? 60_000;
  const base = `/wallet/${encodeURIComponent(address)}`;
  const query = options.keep ? `?position=${encodeURIComponent(options.keep)}` : "";
  const urls = { stream: `${base}/live${query}`, poll: `${base}/positions.json${query}` };
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  function openStream(): void {
    if (stopped) return;
    if (typeof EventSource === "undefined") return poll(Number.POSITIVE_INFINITY);
    let failures = 0;
    const stream = new EventSource(urls.stream);
    source = stream;
    // A frame or a heartbeat: the stream is live; returns the event's data.
    const heard = (event: Event) => {
      failures = 0;
      handlers.onMode("live");
      return JSON.parse((event as MessageEvent<string>).data);
    };
    stream.addEventListener("positions", (event) => handlers.onView(heard(event)));
    stream.addEventListener("heartbeat", (event) => handlers.onConfirmed(heard(event).at));
    stream.addEventListener("error", (event) => {
      // Our server's own `error` event (it carries data) means the upstream failed for good;
      // a plain error is the browser losing the connection, which it retries by itself.
      const fromServer = event instanceof MessageEvent && Boolean(event.data);
      failures++;
      if (
        fromServer || stream.readyState === EventSource.CLOSED || failures > STREAM_FAILURES_ALLOWED
      ) {
        stream.close();
        source = null;
        poll(Date.now() + streamRetryMs);
      } else {
        handlers.onMode("reconnecting");
      }
    });
  }

  /** Polls until `retryStreamAt` (ms, client clock), then goes back to the stream. */
  function poll(retryStreamAt: number): void {
    if (stopped) return;
    handlers.onMode("polling");
    const next = () => {
      if (stopped) return;
      if (Date.now() >= retryStreamAt) return openStream();
      timer = setTimeout(() => void pollOnce().then(next), pollMs);
    };
    next();
  }

  async function pollOnce(): Promise<void> {
    try {
      const response = await fetch(urls.poll, { headers: { accept: "application/json" } });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const live = await response.json() as LiveWallet;
      if (stopped) return;
      handlers.onMode("polling");
      handlers.onView(live);
    } catch {
      if (!stopped) handlers.onMode("offline");
    }
  }

  openStream();
  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
  };
}
