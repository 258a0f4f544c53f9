/**
 * Raw reads of the two upstreams for the recorder and the verifier. Unlike the explorer's
 * adapters, these keep the answer as the JSON that came over the wire (recording must write it
 * back unchanged) and report a failure as a sentence instead of throwing, so one bad endpoint
 * never hides the others.
 */
import { createParser } from "eventsource-parser";
import { parseRetryAfter } from "../../lib/papertrade/mod.ts";

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
  /** GET an API request target (path and query, as `requestTarget` builds it). */
  getJson(target: string): Promise<Answer>;
  /** Open the wallet stream and return the frames up to the first `wallet` snapshot. */
  walletFrames(target: string): Promise<Answer<WalletFrames>>;
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
  let sent = 0;

  /** Sends with retries on 429 (after its retry-after) and 502/503 (after a backoff). */
  async function send<T>(
    label: string,
    url: string,
    init: RequestInit,
    read: (response: Response) => Promise<Answer<T>>,
  ): Promise<Answer<T>> {
    for (let attempt = 1;; attempt++) {
      const timer = AbortSignal.timeout(timeoutMs);
      let failed: Answer<T> & { ok: false };
      let retryInMs: number | undefined;
      try {
        sent += 1;
        const response = await (options.fetch ?? fetch)(url, { ...init, signal: timer });
        if (response.ok) return logged(label, await read(response));
        await response.body?.cancel();
        const { status } = response;
        failed = { ok: false, problem: `HTTP ${status}`, unreachable: status >= 500, status };
        const backoffMs = BACKOFF_MS * 2 ** (attempt - 1);
        if (status === 429) {
          const afterS = parseRetryAfter(response.headers.get("retry-after"));
          const after = afterS === undefined ? "" : `, retry after ${afterS} s`;
          failed = { ...failed, problem: `rate limited (HTTP 429${after})`, unreachable: true };
          retryInMs = afterS === undefined ? backoffMs : afterS * 1000;
        } else if (status === 502 || status === 503) retryInMs = backoffMs;
      } catch (error) {
        failed = {
          ok: false,
          problem: timer.aborted
            ? `timed out after ${timeoutMs} ms`
            : `unreachable: ${error instanceof Error ? error.message : String(error)}`,
          unreachable: true,
        };
      }
      if (retryInMs === undefined || attempt >= maxAttempts || retryInMs > maxWaitMs) {
        return logged(label, failed);
      }
      await sleep(retryInMs);
    }
  }

  function logged<T>(label: string, answer: Answer<T>): Answer<T> {
    options.log?.(`${label}: ${answer.ok ? "ok" : answer.problem}`);
    return answer;
  }

  return {
    getJson: (target) =>
      send(`GET ${target}`, `${apiUrl}${target}`, { headers: { accept: "application/json" } }, (
        response,
      ) => response.text().then(parseJson)),
    walletFrames: (target) =>
      send(`GET ${target}`, `${apiUrl}${target}`, {
        headers: { accept: "text/event-stream" },
      }, readWalletFrames),
    rpc(method, params) {
      if (!options.rpcUrl) return Promise.resolve({ ok: false, problem: "no RPC URL given" });
      return send(`RPC ${method}`, options.rpcUrl, {
        method: "POST",
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
        headers: { "content-type": "application/json", accept: "application/json" },
      }, async (response) => {
        const answer = parseJson(await response.text());
        if (!answer.ok) return answer;
        const body = answer.body as {
          result?: unknown;
          error?: { code?: unknown; message?: unknown };
        };
        if (typeof body !== "object" || body === null) {
          return { ok: false, problem: "the answer is not a JSON-RPC object" };
        }
        if (body.error) {
          return { ok: false, problem: `RPC error ${body.error.code}: ${body.error.message}` };
        }
        if (!("result" in body)) {
          return { ok: false, problem: "the answer has neither result nor error" };
        }
        return { ok: true, body: body.result };
      });
    },
    requests: () => sent,
  };
}

function parseJson(text: string, what = ""): Answer {
  try {
    return { ok: true, body: JSON.parse(text) };
  } catch (error) {
    return { ok: false, problem: `malformed JSON${what}: ${(error as Error).message}` };
  }
}

/** Reads SSE frames until the first `wallet` event, then leaves the stream. */
async function readWalletFrames(response: Response): Promise<Answer<WalletFrames>> {
  const frames: Record<string, string> = {};
  const parser = createParser({
    onEvent(event) {
      frames[event.event ?? "message"] ??= event.data;
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
  const body: Record<string, unknown> = {};
  for (const name of ["liveness", "wallet"].filter((name) => name in frames)) {
    const parsed = parseJson(frames[name], ` in the ${name} event`);
    if (!parsed.ok) return parsed;
    body[name] = parsed.body;
  }
  return { ok: true, body: body as unknown as WalletFrames };
}
