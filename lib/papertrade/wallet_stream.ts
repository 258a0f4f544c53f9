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
  requestError,
  statusError,
} from "./http.ts";
import {
  livenessEvent,
  type WalletAccount,
  type WalletPatch,
  walletPatch,
  walletSnapshot,
} from "./wire.ts";
import { PAPERTRADE_ENDPOINTS, requestTarget } from "./endpoints.ts";
import {
  AnswerTooLargeError,
  decodedBody,
  eventBytesWithin,
  fetchOnOrigin,
  UPSTREAM_LIMITS,
} from "../http/upstream_answer.ts";

const ENDPOINT = PAPERTRADE_ENDPOINTS.walletStream.path;

/** Once `liveness` names the heartbeat interval, this many silent ones end the stream as a timeout. */
const QUIET_INTERVALS = 3;

export type WalletStreamEvent =
  | { type: "liveness"; heartbeatIntervalMs: number }
  | { type: "snapshot"; account: WalletAccount }
  | { type: "patch"; patch: WalletPatch }
  | { type: "heartbeat" };

/**
 * The API origin (no trailing slash), a signal that ends the stream quietly, and the time allowed
 * for the headers and the first frame (default 8000 ms).
 */
interface WalletStreamOptions {
  baseUrl: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * Opens the wallet stream and yields its events in order. The iterable ends when the signal
 * aborts, the consumer stops iterating, or the upstream closes the stream; in every case the
 * response body is cancelled. Failures throw {@link PapertradeApiError} (404: unknown wallet).
 */
export async function* fetchWalletEvents(
  address: string,
  options: WalletStreamOptions,
): AsyncGenerator<WalletStreamEvent, void, undefined> {
  const wallet = address.toLowerCase();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const caller = options.signal;
  if (caller?.aborted) return;
  const quiet = new AbortController();
  let quietLimitMs = timeoutMs;
  let quietTimer: ReturnType<typeof setTimeout> | undefined;
  const watchSilence = () => {
    clearTimeout(quietTimer);
    quietTimer = setTimeout(() => quiet.abort(), quietLimitMs);
  };

  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  try {
    const url = `${options.baseUrl}${requestTarget("walletStream", { wallet })}`;
    watchSilence();
    const response = await fetchOnOrigin(options.fetch ?? fetch, url, {
      signal: caller ? AbortSignal.any([caller, quiet.signal]) : quiet.signal,
      headers: { accept: "text/event-stream" },
    });
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw statusError(ENDPOINT, response, " (wallet not found)");
    }
    // Read and parsed chunk by chunk, in this loop: a snapshot read is then a few turns of the
    // event loop, not one per stage of a chain of streams, each letting other answers go first.
    reader = decodedBody(response, Number.POSITIVE_INFINITY)!.getReader();
    // One line or event past its maximum ends the stream: a line that never ends costs no more.
    const fits = eventBytesWithin(UPSTREAM_LIMITS.streamEvent);
    const decoder = new TextDecoder();
    const messages: EventSourceMessage[] = [];
    const parser = createParser({ onEvent: (message) => messages.push(message) });
    let sawSnapshot = false;
    while (true) {
      watchSilence();
      const next = await reader.read();
      // Silence is only measured while we wait on the upstream, not while the consumer works.
      clearTimeout(quietTimer);
      if (next.done) return;
      if (!fits(next.value)) throw new AnswerTooLargeError(UPSTREAM_LIMITS.streamEvent);
      parser.feed(decoder.decode(next.value, { stream: true }));
      for (let message; (message = messages.shift());) {
        const event = toEvent(message, wallet, sawSnapshot);
        if (event?.type === "snapshot") sawSnapshot = true;
        if (event?.type === "liveness") {
          quietLimitMs = Math.max(timeoutMs, event.heartbeatIntervalMs * QUIET_INTERVALS);
        }
        if (event) yield event;
      }
    }
  } catch (error) {
    // Our own errors pass; a failed fetch or read is a timeout, unreachable, or the caller's end.
    if (error instanceof PapertradeApiError) throw error;
    if (caller?.aborted) return;
    throw requestError(
      ENDPOINT,
      error,
      quiet.signal.aborted && `went quiet for ${quietLimitMs} ms`,
    );
  } finally {
    clearTimeout(quietTimer);
    await reader?.cancel().catch(() => {});
    quiet.abort();
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
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = caller ? AbortSignal.any([caller, timeout]) : timeout;
  for await (const event of fetchWalletEvents(address, { ...options, signal })) {
    if (event.type === "snapshot") return event.account;
  }
  const timedOut = timeout.aborted;
  if (!timedOut) caller?.throwIfAborted();
  const problem = timedOut
    ? `sent no wallet snapshot within ${timeoutMs} ms`
    : "closed before sending the wallet snapshot";
  throw new PapertradeApiError(`${ENDPOINT} ${problem}`, {
    endpoint: ENDPOINT,
    kind: timedOut ? "timeout" : "network",
  });
}

/** One SSE message as a validated stream event; the first `wallet` frame is the snapshot. */
function toEvent(
  message: EventSourceMessage,
  wallet: string,
  sawSnapshot: boolean,
): WalletStreamEvent | undefined {
  const body = () => parseJson(ENDPOINT, message.data);
  switch (message.event) {
    case "liveness":
      return { type: "liveness", ...parseAnswer(ENDPOINT, livenessEvent, body()) };
    case "heartbeat":
      return { type: "heartbeat" };
    case "wallet": {
      if (sawSnapshot) return { type: "patch", patch: parseAnswer(ENDPOINT, walletPatch, body()) };
      const account = parseAnswer(ENDPOINT, walletSnapshot, body(), ["wallet"]);
      if (account.address !== wallet) {
        throw new PapertradeApiError(
          `${ENDPOINT} sent the snapshot of ${account.address} on the stream of ${wallet}`,
          { endpoint: ENDPOINT, kind: "schema" },
        );
      }
      return { type: "snapshot", account };
    }
    default:
      // Unknown event names are newer upstream features; skipping them keeps us reading.
      return undefined;
  }
}
