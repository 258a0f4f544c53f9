/**
 * The wallet SSE stream (`/state/user/live?wallet=`): `liveness` once, a `wallet` snapshot, then
 * `wallet` patches, with `heartbeat` frames in between. Frames are validated and mapped here.
 */
import { createParser, type EventSourceMessage } from "eventsource-parser";
import {
  DEFAULT_TIMEOUT_MS,
  PapertradeApiError,
  parseAnswer,
  parseJson,
  parseRetryAfter,
} from "./http.ts";
import {
  livenessEvent,
  type WalletAccount,
  type WalletPatch,
  walletPatch,
  walletSnapshot,
} from "./wire.ts";
import { PAPERTRADE_ENDPOINTS, requestTarget } from "./endpoints.ts";

const ENDPOINT = PAPERTRADE_ENDPOINTS.walletStream.path;

/** How many heartbeat intervals of silence end the stream as a timeout. */
const QUIET_INTERVALS = 3;

/** One event of the wallet stream. */
export type WalletStreamEvent =
  | { type: "liveness"; heartbeatIntervalMs: number }
  | { type: "snapshot"; account: WalletAccount }
  | { type: "patch"; patch: WalletPatch }
  | { type: "heartbeat" };

/** Options of {@link openWalletStream} and {@link fetchWalletSnapshot}. */
interface WalletStreamOptions {
  /** API origin, e.g. `https://exchange.papertrade.xyz`. */
  baseUrl: string;
  /** Ends the stream (quietly) when aborted. */
  signal?: AbortSignal;
  /**
   * Time allowed for the headers and the first frame (default 8000 ms); once `liveness` names
   * the heartbeat interval, three silent intervals end the stream as a timeout.
   */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * Opens the wallet stream and yields its events in order. The iterable ends when the signal
 * aborts, the consumer stops iterating, or the upstream closes the stream; in every case the
 * response body is cancelled. Failures throw {@link PapertradeApiError} (404: unknown wallet).
 */
export async function* openWalletStream(
  address: string,
  options: WalletStreamOptions,
): AsyncGenerator<WalletStreamEvent, void, undefined> {
  const wallet = address.toLowerCase();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const caller = options.signal;
  if (caller?.aborted) return;
  const control = new AbortController();
  const onCallerAbort = () => control.abort(caller?.reason);
  caller?.addEventListener("abort", onCallerAbort, { once: true });

  let quietLimitMs = timeoutMs;
  let quietTimer: ReturnType<typeof setTimeout> | undefined;
  let timedOut = false;
  const watchSilence = () => {
    clearTimeout(quietTimer);
    quietTimer = setTimeout(() => {
      timedOut = true;
      control.abort();
    }, quietLimitMs);
  };
  const failure = (error: unknown): PapertradeApiError | undefined => {
    if (caller?.aborted) return undefined;
    if (timedOut) {
      return new PapertradeApiError(`${ENDPOINT} went quiet for ${quietLimitMs} ms`, {
        endpoint: ENDPOINT,
        kind: "timeout",
        cause: error,
      });
    }
    const reason = error instanceof Error ? error.message : String(error);
    return new PapertradeApiError(`${ENDPOINT} is unreachable: ${reason}`, {
      endpoint: ENDPOINT,
      kind: "network",
      cause: error,
    });
  };

  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  try {
    const url = `${options.baseUrl.replace(/\/+$/, "")}${
      requestTarget("walletStream", { wallet })
    }`;
    watchSilence();
    let response: Response;
    try {
      response = await (options.fetch ?? fetch)(url, {
        signal: control.signal,
        headers: { accept: "text/event-stream" },
      });
    } catch (error) {
      const failed = failure(error);
      if (failed) throw failed;
      return;
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw statusError(response);
    }
    reader = response.body.getReader();

    const frames = new FrameReader(wallet);
    const parser = createParser({ onEvent: (message) => frames.accept(message) });
    const decoder = new TextDecoder();
    while (true) {
      watchSilence();
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        const failed = failure(error);
        if (failed) throw failed;
        return;
      }
      // Silence is only measured while we wait on the upstream, not while the consumer works.
      clearTimeout(quietTimer);
      if (chunk.done) return;
      parser.feed(decoder.decode(chunk.value, { stream: true }));
      for (const event of frames.drain()) {
        if (event.type === "liveness") {
          quietLimitMs = Math.max(timeoutMs, event.heartbeatIntervalMs * QUIET_INTERVALS);
        }
        yield event;
      }
    }
  } finally {
    clearTimeout(quietTimer);
    caller?.removeEventListener("abort", onCallerAbort);
    await reader?.cancel().catch(() => {});
    control.abort();
  }
}

/**
 * Reads the wallet's current account: opens the stream, returns its snapshot and closes the
 * stream. Times out (kind `timeout`) if no snapshot arrives within `timeoutMs`.
 */
export async function fetchWalletSnapshot(
  address: string,
  options: WalletStreamOptions,
): Promise<WalletAccount> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const caller = options.signal;
  if (caller?.aborted) throw caller.reason;
  const control = new AbortController();
  const onCallerAbort = () => control.abort(caller?.reason);
  caller?.addEventListener("abort", onCallerAbort, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    control.abort();
  }, timeoutMs);
  try {
    for await (const event of openWalletStream(address, { ...options, signal: control.signal })) {
      if (event.type === "snapshot") return event.account;
    }
    if (timedOut) {
      throw new PapertradeApiError(`${ENDPOINT} sent no wallet snapshot within ${timeoutMs} ms`, {
        endpoint: ENDPOINT,
        kind: "timeout",
      });
    }
    if (caller?.aborted) throw caller.reason;
    throw new PapertradeApiError(`${ENDPOINT} closed before sending the wallet snapshot`, {
      endpoint: ENDPOINT,
      kind: "network",
    });
  } finally {
    clearTimeout(timer);
    caller?.removeEventListener("abort", onCallerAbort);
  }
}

/** Turns SSE messages into validated stream events; the first `wallet` frame is the snapshot. */
class FrameReader {
  #wallet: string;
  #sawSnapshot = false;
  #ready: WalletStreamEvent[] = [];
  #error: unknown;

  constructor(wallet: string) {
    this.#wallet = wallet;
  }

  accept(message: EventSourceMessage): void {
    if (this.#error !== undefined) return;
    try {
      const event = this.#toEvent(message);
      if (event) this.#ready.push(event);
    } catch (error) {
      this.#error = error;
    }
  }

  /** Events parsed so far; throws the first bad frame after the good ones before it. */
  *drain(): Generator<WalletStreamEvent> {
    while (this.#ready.length > 0) yield this.#ready.shift()!;
    if (this.#error !== undefined) throw this.#error;
  }

  #toEvent(message: EventSourceMessage): WalletStreamEvent | undefined {
    switch (message.event) {
      case "liveness": {
        const body = parseAnswer(ENDPOINT, livenessEvent, parseJson(ENDPOINT, message.data));
        return { type: "liveness", heartbeatIntervalMs: body.heartbeatIntervalMs };
      }
      case "heartbeat":
        return { type: "heartbeat" };
      case "wallet":
        return this.#sawSnapshot ? this.#patch(message.data) : this.#snapshot(message.data);
      default:
        // Unknown event names are newer upstream features; skipping them keeps us reading.
        return undefined;
    }
  }

  #snapshot(data: string): WalletStreamEvent {
    const account = parseAnswer(ENDPOINT, walletSnapshot, parseJson(ENDPOINT, data), ["wallet"]);
    if (account.address !== this.#wallet) {
      throw new PapertradeApiError(
        `${ENDPOINT} sent the snapshot of ${account.address} on the stream of ${this.#wallet}`,
        { endpoint: ENDPOINT, kind: "schema" },
      );
    }
    this.#sawSnapshot = true;
    return { type: "snapshot", account };
  }

  #patch(data: string): WalletStreamEvent {
    return { type: "patch", patch: parseAnswer(ENDPOINT, walletPatch, parseJson(ENDPOINT, data)) };
  }
}

function statusError(response: Response): PapertradeApiError {
  const status = response.status;
  if (status === 429) {
    const retryAfterS = parseRetryAfter(response.headers.get("retry-after"));
    return new PapertradeApiError(`${ENDPOINT} is rate limited (HTTP 429)`, {
      endpoint: ENDPOINT,
      kind: "rate_limited",
      status,
      ...(retryAfterS === undefined ? {} : { retryAfterS }),
    });
  }
  const what = status === 404 ? " (wallet not found)" : "";
  return new PapertradeApiError(`${ENDPOINT} answered HTTP ${status}${what}`, {
    endpoint: ENDPOINT,
    kind: "http",
    status,
  });
}
