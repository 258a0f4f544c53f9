/**
 * Raw reads of the two upstreams for the recorder and the verifier, over the explorer's own
 * transports (the API's bounded GET with its retries, the hedged JSON-RPC). Unlike the adapters,
 * these keep the answer as the JSON that came over the wire (recording must write it back
 * unchanged) and report a failure as a sentence instead of throwing, so one bad endpoint never
 * hides the others.
 */
import { z } from "zod";
import { EventSourceParserStream } from "eventsource-parser/stream";
import { fetchUpstream, PapertradeApiError } from "../../lib/papertrade/http.ts";
import { createRpc } from "../../lib/hyperevm/rpc.ts";
import { HyperEvmError } from "../../lib/hyperevm/hyperevm_error.ts";

/**
 * One read's outcome: the parsed JSON, or what went wrong in a few words. `unreachable` marks a
 * failure that says nothing about shapes (DNS, connect, timeout, HTTP 5xx or 429).
 */
export type Answer<T = unknown> =
  | { ok: true; body: T }
  | { ok: false; problem: string; unreachable?: boolean; status?: number };

/** Options of {@link createUpstreamReader}. */
export interface UpstreamReaderOptions {
  /** Papertrade API origin. */
  apiUrl: string;
  /** HyperEVM JSON-RPC URL; RPC reads fail with a problem when absent. */
  rpcUrl?: string;
  /** Per-attempt timeout in ms (default 15000), covering the body too. */
  timeoutMs?: number;
  /** Attempts per API read, including the first (default 4). */
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
  /** Open the wallet stream and return its frames up to the first `wallet` snapshot, by name. */
  walletFrames(target: string): Promise<Answer<{ liveness?: unknown; wallet: unknown }>>;
  /** One JSON-RPC call; the body is its `result` (null included). */
  rpc(method: string, params: unknown[]): Promise<Answer>;
  /** How many HTTP requests were sent, retries included. */
  requests(): number;
}

/** A reader over one API origin and (optionally) one RPC URL. */
export function createUpstreamReader(options: UpstreamReaderOptions): UpstreamReader {
  const apiUrl = options.apiUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 15_000;
  let sent = 0;
  const counted: typeof fetch = (input, init) => (sent++, (options.fetch ?? fetch)(input, init));
  const rpc = options.rpcUrl && createRpc({ rpcUrl: options.rpcUrl, timeoutMs, fetch: counted });
  const logged = async (label: string, read: () => Promise<unknown>): Promise<Answer> => {
    let answer: Answer;
    try {
      answer = { ok: true, body: await read() };
    } catch (error) {
      answer = failed(error, timeoutMs);
    }
    options.log?.(`${label}: ${answer.ok ? "ok" : answer.problem}`);
    return answer;
  };

  return {
    getJson: (target) =>
      logged(`GET ${target}`, () =>
        fetchUpstream(`${apiUrl}${target}`, z.unknown(), {
          endpoint: target,
          timeoutMs,
          fetch: counted,
          retry: {
            maxAttempts: options.maxAttempts ?? 4,
            maxRetryWaitMs: options.maxWaitMs ?? 60_000,
            baseDelayMs: 500,
            totalBudgetMs: Number.POSITIVE_INFINITY,
            wait: options.sleep,
          },
        })),
    walletFrames: (target) =>
      logged(`GET ${target}`, () => walletFrames(`${apiUrl}${target}`)) as Promise<
        Answer<{ wallet: unknown }>
      >,
    rpc: (method, params) =>
      rpc
        ? logged(`RPC ${method}`, async () => (await rpc([{ method, params }]))[0])
        : Promise.resolve({ ok: false, problem: "no RPC URL given" }),
    requests: () => sent,
  };

  /** Reads SSE frames until the first `wallet` event, then leaves the stream. */
  async function walletFrames(url: string): Promise<Record<string, unknown>> {
    const timeout = AbortSignal.timeout(timeoutMs);
    const response = await counted(url, {
      headers: { accept: "text/event-stream" },
      signal: timeout,
    }).catch((cause) => {
      const kind = timeout.aborted ? "timeout" : "network";
      throw new PapertradeApiError("", { endpoint: url, kind, cause });
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new PapertradeApiError("", { endpoint: url, kind: "http", status: response.status });
    }
    const events = response.body!.pipeThrough(new TextDecoderStream())
      .pipeThrough(new EventSourceParserStream()).getReader();
    const frames: Record<string, unknown> = {};
    try {
      while (!("wallet" in frames)) {
        const { value, done } = await events.read();
        if (done) throw new Error("the stream ended before the wallet snapshot");
        const name = value.event;
        if ((name !== "liveness" && name !== "wallet") || name in frames) continue;
        try {
          frames[name] = JSON.parse(value.data);
        } catch (error) {
          throw new Error(`malformed JSON in the ${name} event: ${(error as Error).message}`);
        }
      }
    } finally {
      await events.cancel().catch(() => {});
    }
    return frames;
  }
}

/** A failure as the sentence and flags of an {@link Answer}. */
function failed(error: unknown, timeoutMs: number): Answer & { ok: false } {
  if (error instanceof HyperEvmError) {
    const [failure] = error.endpointFailures;
    if (!failure || failure.kind === "rpc") {
      return { ok: false, problem: failure?.text ?? error.message };
    }
    const problem = failure.kind === "other" ? `unreachable: ${failure.text}` : failure.text;
    return { ok: false, problem, unreachable: true };
  }
  if (!(error instanceof PapertradeApiError)) {
    return { ok: false, problem: (error as Error).message };
  }
  const cause = (error.cause as Error | undefined)?.message;
  switch (error.kind) {
    case "timeout":
      return { ok: false, problem: `timed out after ${timeoutMs} ms`, unreachable: true };
    case "network":
      return { ok: false, problem: `unreachable: ${cause}`, unreachable: true };
    case "malformed_json":
      return { ok: false, problem: `malformed JSON: ${cause}` };
    case "rate_limited": {
      const after = error.retryAfterS === undefined ? "" : `, retry after ${error.retryAfterS} s`;
      return {
        ok: false,
        problem: `rate limited (HTTP 429${after})`,
        unreachable: true,
        status: 429,
      };
    }
    default: {
      const status = error.status!;
      return { ok: false, problem: `HTTP ${status}`, unreachable: status >= 500, status };
    }
  }
}
