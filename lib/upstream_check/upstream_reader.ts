/**
 * Raw reads of the two upstreams for the recorder and the verifier. Unlike the explorer's
 * adapters, these keep the answer as the JSON that came over the wire (recording must write it
 * back unchanged) and report a failure as a sentence instead of throwing, so one bad endpoint
 * never hides the others.
 */
import { createParser } from "eventsource-parser";
import { parseRetryAfter } from "../papertrade/http.ts";

/**
 * One read's outcome: the parsed JSON, or what went wrong in a few words. `unreachable` marks a
 * failure that says nothing about shapes (DNS, connect, timeout, HTTP 5xx or 429).
 */
export type Answer<T = unknown> =
  | { ok: true; body: T }
  | { ok: false; problem: string; unreachable?: boolean; status?: number };

/** The first frames of the wallet stream, by event name. */
export interface WalletFrames {
  liveness?: unknown;
  wallet: unknown;
}

/** Options of {@link createUpstreamReader}. */
export interface UpstreamReaderOptions {
  /** Papertrade API origin. */
  apiUrl: string;
  /** HyperEVM JSON-RPC URL; RPC reads fail with a problem when absent. */
  rpcUrl?: string;
  /** Per-attempt timeout in ms (default 15000), covering the body too. */
  timeoutMs?: number;
  /** Attempts per read, including the first (default 4). */
  maxAttempts?: number;
  /** Longest wait honoured between attempts (default 60000); a longer retry-after fails. */
  maxWaitMs?: number;
  /** How to wait between attempts; tests pass one that records the wait and returns at once. */
  sleep?: (ms: number) => Promise<void>;
  /** Called once per finished read with a short line, e.g. `GET /state/trading: ok`. */
  log?: (line: string) => void;
  fetch?: typeof fetch;
}

/** Reads of the API and the RPC that keep the raw JSON. */
export interface UpstreamReader {
  /** GET an API path; `params` go in the given order (callers sort them where required). */
  getJson(path: string, params?: ReadonlyArray<readonly [string, string]>): Promise<Answer>;
  /** Open `/state/user/live` and return the frames up to the first `wallet` snapshot. */
  walletFrames(wallet: string): Promise<Answer<WalletFrames>>;
  /** One JSON-RPC call; the body is its `result` (null included). */
  rpc(method: string, params: unknown[]): Promise<Answer>;
  /** How many HTTP requests were sent, retries included. */
  requests(): number;
}

const BACKOFF_MS = 500;

/** A reader over one API origin and (optionally) one RPC URL. */
export function createUpstreamReader(options: UpstreamReaderOptions): UpstreamReader {
  const apiUrl = options.apiUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxAttempts = options.maxAttempts ?? 4;
  const maxWaitMs = options.maxWaitMs ?? 60_000;
  const sleep = options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const doFetch = options.fetch ?? fetch;
  let sent = 0;

  /** Send with retries on 429 (after its retry-after) and 502/503 (after a backoff). */
  async function send<T>(
    url: string,
    init: RequestInit,
    read: (response: Response) => Promise<Answer<T>>,
  ): Promise<Answer<T>> {
    for (let attempt = 1;; attempt++) {
      const timer = new AbortController();
      const timeout = setTimeout(() => timer.abort(), timeoutMs);
      let problem: string;
      let retryInMs: number | undefined;
      let unreachable = true;
      let status: number | undefined;
      try {
        sent += 1;
        const response = await doFetch(url, { ...init, signal: timer.signal });
        if (response.ok) return await read(response);
        await response.body?.cancel();
        problem = `HTTP ${response.status}`;
        status = response.status;
        unreachable = response.status >= 500 || response.status === 429;
        const backoffMs = BACKOFF_MS * 2 ** (attempt - 1);
        if (response.status === 429) {
          const afterS = parseRetryAfter(response.headers.get("retry-after"));
          problem = `rate limited (HTTP 429${
            afterS === undefined ? "" : `, retry after ${afterS} s`
          })`;
          retryInMs = afterS === undefined ? backoffMs : afterS * 1000;
        } else if (response.status === 502 || response.status === 503) {
          retryInMs = backoffMs;
        }
      } catch (error) {
        problem = timer.signal.aborted
          ? `timed out after ${timeoutMs} ms`
          : `unreachable: ${error instanceof Error ? error.message : String(error)}`;
      } finally {
        clearTimeout(timeout);
      }
      if (retryInMs === undefined || attempt >= maxAttempts || retryInMs > maxWaitMs) {
        return { ok: false, problem, unreachable, ...(status === undefined ? {} : { status }) };
      }
      await sleep(retryInMs);
    }
  }

  async function logged<T>(label: string, answer: Promise<Answer<T>>): Promise<Answer<T>> {
    const done = await answer;
    options.log?.(`${label}: ${done.ok ? "ok" : done.problem}`);
    return done;
  }

  return {
    getJson(path, params = []) {
      const query = params.length ? `?${new URLSearchParams(params.map(([k, v]) => [k, v]))}` : "";
      const url = `${apiUrl}${path}${query}`;
      return logged(
        `GET ${path}${query}`,
        send(url, { headers: { accept: "application/json" } }, async (response) => {
          const text = await response.text();
          try {
            return { ok: true, body: JSON.parse(text) };
          } catch (error) {
            return { ok: false, problem: `malformed JSON: ${(error as Error).message}` };
          }
        }),
      );
    },
    walletFrames(wallet) {
      const query = `?${new URLSearchParams([["wallet", wallet.toLowerCase()]])}`;
      return logged(
        `GET /state/user/live${query}`,
        send(`${apiUrl}/state/user/live${query}`, {
          headers: { accept: "text/event-stream" },
        }, readWalletFrames),
      );
    },
    rpc(method, params) {
      if (!options.rpcUrl) return Promise.resolve({ ok: false, problem: "no RPC URL given" });
      const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method, params });
      return logged(
        `RPC ${method}`,
        send(options.rpcUrl, {
          method: "POST",
          body,
          headers: { "content-type": "application/json", accept: "application/json" },
        }, readRpcAnswer),
      );
    },
    requests: () => sent,
  };
}

async function readRpcAnswer(response: Response): Promise<Answer> {
  let answer: unknown;
  try {
    answer = JSON.parse(await response.text());
  } catch (error) {
    return { ok: false, problem: `malformed JSON: ${(error as Error).message}` };
  }
  if (typeof answer !== "object" || answer === null) {
    return { ok: false, problem: "the answer is not a JSON-RPC object" };
  }
  const { result, error } = answer as {
    result?: unknown;
    error?: { code?: unknown; message?: unknown };
  };
  if (error) return { ok: false, problem: `RPC error ${error.code}: ${error.message}` };
  if (!("result" in answer)) {
    return { ok: false, problem: "the answer has neither result nor error" };
  }
  return { ok: true, body: result };
}

/** Read SSE frames until the first `wallet` event, then leave the stream. */
async function readWalletFrames(response: Response): Promise<Answer<WalletFrames>> {
  const frames: Record<string, string> = {};
  const parser = createParser({
    onEvent(event) {
      const name = event.event ?? "message";
      if (!(name in frames)) frames[name] = event.data;
    },
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  try {
    while (!("wallet" in frames)) {
      const { value, done } = await reader.read();
      if (done) return { ok: false, problem: "the stream ended before the wallet snapshot" };
      parser.feed(value);
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  const parsed: Record<string, unknown> = {};
  for (const name of ["liveness", "wallet"]) {
    if (!(name in frames)) continue;
    try {
      parsed[name] = JSON.parse(frames[name]);
    } catch (error) {
      return {
        ok: false,
        problem: `malformed JSON in the ${name} event: ${(error as Error).message}`,
      };
    }
  }
  return { ok: true, body: parsed as unknown as WalletFrames };
}
