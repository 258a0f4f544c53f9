/**
 * One bounded pool for every upstream request of the process (Papertrade API, both RPC
 * endpoints, Hyperliquid's info API, the wallet streams): at most
 * {@link UPSTREAM_REQUESTS_AT_ONCE} requests and {@link UPSTREAM_STREAMS_AT_ONCE} event streams
 * (`Accept: text/event-stream`) in flight; past that a request waits its turn, first come first
 * served, within its own signal. A place is held until the body is read, cancelled or failed,
 * or the signal aborts (a stream: until its signal aborts), so a slow upstream queues work
 * instead of opening sockets. Idle keep-alive connections: {@link POOL_MAX_IDLE_PER_HOST} per
 * host, each dropped after 30 s.
 */

export const POOL_MAX_IDLE_PER_HOST = 8;
const POOL_IDLE_TIMEOUT_MS = 30_000;
export const UPSTREAM_REQUESTS_AT_ONCE = 32;
export const UPSTREAM_STREAMS_AT_ONCE = 256;

/** A first-come-first-served limit of `size` places. */
export class Lane {
  #free: number;
  readonly #waiting: (() => void)[] = [];
  constructor(readonly size: number) {
    this.#free = size;
  }

  get inUse(): number {
    return this.size - this.#free;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  /** A place, as the function that gives it back (once); rejects if `signal` aborts first. */
  take(signal?: AbortSignal | null): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const granted = () => {
      let given = false;
      return () => {
        if (given) return;
        given = true;
        const next = this.#waiting.shift();
        if (next) next();
        else this.#free++;
      };
    };
    if (this.#free > 0) {
      this.#free--;
      return Promise.resolve(granted());
    }
    return new Promise((resolve, reject) => {
      const turn = () => {
        signal?.removeEventListener("abort", onAbort);
        resolve(granted());
      };
      const onAbort = () => {
        const index = this.#waiting.indexOf(turn);
        if (index >= 0) this.#waiting.splice(index, 1);
        reject(signal!.reason);
      };
      this.#waiting.push(turn);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }
}

const requests = new Lane(UPSTREAM_REQUESTS_AT_ONCE);
const streams = new Lane(UPSTREAM_STREAMS_AT_ONCE);

/** For tests. */
export const upstreamLanes = { requests, streams } as const;

let shared: Deno.HttpClient | undefined;

function asksForStream(input: RequestInfo | URL, init?: RequestInit): boolean {
  const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : {}));
  return /text\/event-stream/i.test(headers.get("accept") ?? "");
}

/** `response` with `release` run once its body is read, cancelled or failed (or has none). */
function releasingBody(response: Response, release: () => void): Response {
  if (!response.body) {
    release();
    return response;
  }
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          release();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        release();
        controller.error(error);
      }
    },
    cancel(reason) {
      release();
      return reader.cancel(reason);
    },
  }, { highWaterMark: 0 });
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/** `fetch` through the shared bounded pool (created on first use); see the module comment. */
export const upstreamFetch: typeof fetch = async (input, init) => {
  shared ??= Deno.createHttpClient({
    poolMaxIdlePerHost: POOL_MAX_IDLE_PER_HOST,
    poolIdleTimeout: POOL_IDLE_TIMEOUT_MS,
  });
  const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
  const lane = asksForStream(input, init) ? streams : requests;
  const give = await lane.take(signal);
  // An aborted request gives its place back even if nobody reads or cancels its body.
  const release = () => {
    signal?.removeEventListener("abort", release);
    give();
  };
  signal?.addEventListener("abort", release, { once: true });
  try {
    const response = await fetch(input, { ...init, client: shared } as RequestInit);
    // A stream's place is given back when its signal aborts, which ends the stream too (the
    // wallet stream aborts its own when it ends, however it ends). Its body is left as Deno
    // made it: wrapped, an upstream stream whose reader had left stayed open (routes/live_test.ts,
    // "forty viewers …"), its wrapper never told of the abort nor cancelled.
    if (lane === streams && signal) return response;
    return releasingBody(response, release);
  } catch (error) {
    release();
    throw error;
  }
};
