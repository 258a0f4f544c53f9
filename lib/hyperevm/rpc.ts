/**
 * JSON-RPC over HTTP with a hedged fallback, without viem (the live marks read through it and
 * must not load viem): the fallback is asked too once the primary fails or has been silent for
 * `hedgeDelayMs`; the first good answer wins. So a hanging primary costs about `hedgeDelayMs`,
 * a failing call at most `hedgeDelayMs + timeoutMs`. No other retries.
 */
import { type EndpointFailure, HyperEvmError } from "./hyperevm_error.ts";
import { upstreamFetch } from "../http/upstream_pool.ts";
import { UPSTREAM_BUDGET_MS } from "../http/deadline.ts";
import {
  AnswerTooLargeError,
  fetchOnOrigin,
  readBoundedText,
  RedirectedAwayError,
  UnsupportedEncodingError,
  UPSTREAM_LIMITS,
} from "../http/upstream_answer.ts";
import { upstreamExcerpt } from "../untrusted_text.ts";

/** The endpoints and timing of every HyperEVM read. */
export interface RpcOptions {
  /** Primary JSON-RPC URL, always tried first. */
  rpcUrl: string;
  fallbackRpcUrl?: string;
  /** Per-request timeout on each endpoint, in ms (default 8000). */
  timeoutMs?: number;
  /** How long the primary has alone, in ms (default 1000, never more than the timeout). */
  hedgeDelayMs?: number;
  /** The fetch used for every RPC request; default the shared bounded upstream pool. */
  fetch?: typeof fetch;
}

export interface RpcCall {
  method: string;
  params: readonly unknown[];
}

/**
 * Sends calls as one JSON-RPC batch to the endpoints, hedged; answers each `result` in order,
 * read by `check` if given. An endpoint that cannot answer every call in full (an error, or an
 * answer `check` refuses) has failed, so the other is asked. Every failure is a
 * {@link HyperEvmError} named by the first call's method.
 */
export function createRpc(options: RpcOptions) {
  const timeoutMs = options.timeoutMs ?? 8000;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
    throw new RangeError(`timeoutMs must be a positive number, got ${timeoutMs}`);
  }
  const urls = options.fallbackRpcUrl ? [options.rpcUrl, options.fallbackRpcUrl] : [options.rpcUrl];
  const hedgeDelayMs = Math.min(options.hedgeDelayMs ?? 1000, timeoutMs);
  // The fallback starts at most `hedgeDelayMs` late: its timeout keeps the call in the budget.
  const endpointTimeoutMs = Math.min(timeoutMs, UPSTREAM_BUDGET_MS - hedgeDelayMs);
  const fetchFn = options.fetch ?? upstreamFetch;

  return async <T = unknown>(
    calls: readonly RpcCall[],
    signal?: AbortSignal,
    check?: (answer: unknown, index: number) => T,
  ): Promise<T[]> => {
    const read = check ?? ((answer: unknown) => answer as T);
    async function ask(url: string, lost: AbortSignal) {
      const timeout = AbortSignal.timeout(endpointTimeoutMs);
      // One call goes alone, not as a batch of one: every node takes that form.
      const batch = calls.map((call, id) => ({ jsonrpc: "2.0", id, ...call }));
      const failure = (text: string, extra: Partial<EndpointFailure> = {}): never => {
        throw Object.assign(new Error(text), { failure: { kind: "other", text, ...extra } });
      };
      let answers: unknown;
      try {
        const response = await fetchOnOrigin(fetchFn, url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(calls.length === 1 ? batch[0] : batch),
          signal: AbortSignal.any([lost, timeout]),
        });
        if (!response.ok) {
          await response.body?.cancel();
          failure(`HTTP ${response.status}`, { kind: "http", status: response.status });
        }
        answers = JSON.parse(await readBoundedText(response, UPSTREAM_LIMITS.rpcJson));
      } catch (error) {
        if ((error as { failure?: unknown }).failure) throw error;
        if (timeout.aborted) failure(`timeout after ${endpointTimeoutMs} ms`, { kind: "timeout" });
        if (
          error instanceof AnswerTooLargeError || error instanceof RedirectedAwayError ||
          error instanceof UnsupportedEncodingError
        ) {
          failure(error.message);
        }
        failure(error instanceof SyntaxError ? "malformed JSON answer" : "connection failed");
      }
      return calls.map((_, id) => {
        const answer = calls.length === 1
          ? answers as { result?: unknown; error?: { code: unknown; message: unknown } }
          : Array.isArray(answers)
          ? answers.find((a) => a?.id === id)
          : undefined;
        if (answer?.error) {
          // The node's own words, quoted short: a third party's text is data, never instructions.
          const code = Number.isSafeInteger(answer.error.code) ? answer.error.code : "?";
          failure(`RPC error ${code}: ${upstreamExcerpt(String(answer.error.message))}`, {
            kind: "rpc",
          });
        }
        if (typeof answer !== "object" || answer === null || !("result" in answer)) {
          failure(`no answer to ${calls[id].method}`);
        }
        try {
          return read(answer!.result, id);
        } catch (error) {
          return failure((error as Error).message);
        }
      });
    }

    try {
      return await hedged(
        urls.map((url) => (lost: AbortSignal) =>
          ask(url, signal ? AbortSignal.any([signal, lost]) : lost)
        ),
        hedgeDelayMs,
      );
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      const failures = (error as AggregateError).errors.map((each) =>
        (each as { failure?: EndpointFailure }).failure ??
          { kind: "other" as const, text: String(each) }
      );
      const method = calls[0]?.method ?? "batch";
      const where = urls.length === 1 ? "the RPC endpoint" : "both RPC endpoints";
      const texts = failures.map((failure) => failure.text).join(" / ");
      throw new HyperEvmError(method, `${method} failed on ${where}: ${texts}`, {
        failures,
        cause: error,
      });
    }
  };
}

/**
 * Starts each attempt when the previous failed or `delayMs` passed; resolves with the first
 * success (aborting the others' signal), or rejects with an AggregateError of every failure.
 */
export function hedged<T>(
  attempts: readonly ((lost: AbortSignal) => Promise<T>)[],
  delayMs: number,
): Promise<T> {
  const lost = new AbortController();
  return new Promise<T>((resolve, reject) => {
    const failures: unknown[] = new Array(attempts.length);
    let failed = 0;
    let started = 0;
    let settled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const startNext = () => {
      clearTimeout(timer);
      if (settled || started >= attempts.length) return;
      const index = started++;
      attempts[index](lost.signal).then((value) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        lost.abort();
        resolve(value);
      }, (error) => {
        failures[index] = error;
        failed++;
        if (failed === attempts.length) {
          settled = true;
          reject(new AggregateError(failures, "every endpoint failed"));
        } else if (index === started - 1) startNext();
      });
      if (started < attempts.length) timer = setTimeout(startNext, delayMs);
    };
    startNext();
  });
}
