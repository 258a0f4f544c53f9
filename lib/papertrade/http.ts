/**
 * One bounded, validated GET against the Papertrade API. Every failure becomes a
 * {@link PapertradeApiError} that names the endpoint; nothing unvalidated gets through.
 */
import type { z } from "zod";
import { describeWireIssues, wireIssueMessage } from "./wire_issues.ts";
import { collectGaps, type FieldPath } from "./_modelled.ts";
import { withModelledGaps } from "./endpoints.ts";
import { UPSTREAM_BUDGET_MS } from "../http/deadline.ts";
import { sleep, SYSTEM_TIMERS } from "../timers.ts";
import {
  AnswerTooLargeError,
  clampRetryAfter,
  fetchOnOrigin,
  readBoundedText,
  RedirectedAwayError,
  UnsupportedEncodingError,
  UPSTREAM_LIMITS,
} from "../http/upstream_answer.ts";

export type PapertradeErrorKind =
  | "timeout"
  | "http"
  | "rate_limited"
  | "malformed_json"
  | "schema"
  | "network"
  | "too_large"
  | "redirected";

/**
 * A Papertrade API request that failed; the message names the endpoint (the upstream path, e.g.
 * `/state/trading`) and the problem. `status` is set for `http` and `rate_limited`, the wait the
 * upstream asked for (`retryAfterS`) for `rate_limited`, and `detail` (the field and what is
 * wrong with it: the message without its prefix) for `schema`. `cause` is kept for logs only.
 */
export class PapertradeApiError extends Error {
  declare readonly endpoint: string;
  declare readonly kind: PapertradeErrorKind;
  declare readonly status?: number;
  declare readonly retryAfterS?: number;
  declare readonly detail?: string;
  override readonly name = "PapertradeApiError";

  constructor(
    message: string,
    { cause, ...fields }:
      & Pick<PapertradeApiError, "endpoint" | "kind" | "status" | "retryAfterS" | "detail">
      & { cause?: unknown },
  ) {
    super(message, { cause });
    Object.assign(this, fields);
  }
}

/**
 * Attempts in total, the longest wait between them (a longer `retry-after` fails at once as
 * rate_limited), the first backoff after a 503 (doubling), the budget of all attempts and waits
 * together, and the wait itself (default a timer; tests pass one that records and returns).
 */
export interface RetryPolicy {
  maxAttempts: number;
  maxRetryWaitMs: number;
  baseDelayMs: number;
  totalBudgetMs: number;
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** Default per-attempt timeout, covering headers and body. */
export const DEFAULT_TIMEOUT_MS = 8_000;

/** 3 attempts, waits up to 5 s, 20 s overall (`UPSTREAM_BUDGET_MS`, 5 s inside the page deadline). */
const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 3,
  maxRetryWaitMs: 5_000,
  baseDelayMs: 250,
  totalBudgetMs: UPSTREAM_BUDGET_MS,
};

interface FetchUpstreamOptions {
  /** Upstream path named in errors, e.g. `/state/trading`. */
  endpoint: string;
  timeoutMs?: number;
  /** Caller cancellation; an abort rejects with the signal's reason, not a PapertradeApiError. */
  signal?: AbortSignal;
  fetch?: typeof fetch;
  retry?: Partial<RetryPolicy>;
}

/**
 * Parses JSON text, or throws a `malformed_json` error naming the endpoint. The parser's own
 * message quotes the text, which is the upstream's: it is kept for logs (`cause`), never shown.
 */
export function parseJson(endpoint: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new PapertradeApiError(`${endpoint} sent malformed JSON`, {
      endpoint,
      kind: "malformed_json",
      cause: error,
    });
  }
}

/**
 * Parsed JSON read by `schema`, the modelled keys it lacked named after the endpoint table as
 * `modelledGaps` (`at`: where the body sits in the table's notation, `wallet` for a stream
 * snapshot). A shape it refuses is a `schema` error naming the field.
 */
export function parseAnswer<S extends z.ZodType>(
  endpoint: string,
  schema: S,
  body: unknown,
  at: FieldPath = [],
): z.output<S> {
  const result = schema.safeParse(body, { error: wireIssueMessage });
  if (!result.success) {
    const detail = `${endpoint} ${describeWireIssues(result.error.issues, body)}`;
    throw new PapertradeApiError(`upstream changed: ${detail}`, {
      endpoint,
      kind: "schema",
      detail,
    });
  }
  const gaps = collectGaps(result.data, at);
  return withModelledGaps(endpoint, result.data, gaps);
}

/**
 * `retry-after` in whole seconds, from either form (delta seconds or HTTP date), clamped to
 * `RETRY_AFTER_MAX_S` (300), or undefined when absent or unreadable.
 */
export function parseRetryAfter(
  value: string | null,
  nowMs: number = Date.now(),
): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^[0-9]+$/.test(trimmed)) return clampRetryAfter(Number(trimmed));
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return clampRetryAfter(Math.ceil((at - nowMs) / 1000));
}

/**
 * GETs `url`, retrying 503 and 429 within the policy, and returns the body read by `schema`
 * (see {@link parseAnswer}).
 */
export async function fetchUpstream<S extends z.ZodType>(
  url: string | URL,
  schema: S,
  options: FetchUpstreamOptions,
): Promise<z.output<S>> {
  const { endpoint, signal } = options;
  const policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const deadline = Date.now() + policy.totalBudgetMs;
  for (let attempt = 1;; attempt++) {
    const timeoutMs = Math.max(
      1,
      Math.min(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, deadline - Date.now()),
    );
    const timer = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await fetchOnOrigin(options.fetch ?? fetch, url, {
        signal: signal ? AbortSignal.any([signal, timer]) : timer,
        headers: { accept: "application/json" },
      });
      if (response.ok) {
        const text = await readBoundedText(response, UPSTREAM_LIMITS.apiJson);
        return parseAnswer(endpoint, schema, parseJson(endpoint, text));
      }
      await response.body?.cancel();
    } catch (error) {
      if (error instanceof PapertradeApiError) throw error; // the answer's own: JSON or shape
      if (signal?.aborted) throw signal.reason;
      throw requestError(endpoint, error, timer.aborted && `timed out after ${timeoutMs} ms`);
    }
    const retryInMs = retryWait(response, attempt, policy);
    if (
      retryInMs === undefined || attempt >= policy.maxAttempts ||
      Date.now() + retryInMs >= deadline
    ) throw statusError(endpoint, response);
    await (policy.wait ?? delay)(retryInMs, signal);
  }
}

/**
 * The kind and wording of a request or body read that failed: refused by
 * `lib/http/upstream_answer.ts` (too large, redirected off its origin, an unknown encoding),
 * timed out (`timedOut` says how), else unreachable. Hyperliquid's reads word theirs the same.
 */
export function requestFailure(
  error: unknown,
  timedOut: string | false,
): { kind: PapertradeErrorKind; problem: string } {
  if (error instanceof AnswerTooLargeError) {
    return { kind: "too_large", problem: `sent an ${error.message}` };
  }
  if (error instanceof RedirectedAwayError) return { kind: "redirected", problem: error.message };
  if (error instanceof UnsupportedEncodingError) {
    return { kind: "malformed_json", problem: `sent an ${error.message}` };
  }
  return timedOut
    ? { kind: "timeout", problem: timedOut }
    : { kind: "network", problem: "is unreachable" };
}

/** {@link requestFailure} as the endpoint's error; unreachable says why (`cause` keeps it all). */
export function requestError(
  endpoint: string,
  error: unknown,
  timedOut: string | false,
): PapertradeApiError {
  const { kind, problem } = requestFailure(error, timedOut);
  const reason = error instanceof Error ? error.message : String(error);
  const message = `${endpoint} ${problem}${kind === "network" ? `: ${reason}` : ""}`;
  return new PapertradeApiError(message, { endpoint, kind, cause: error });
}

/**
 * The error of a failed status; a 429 carries the wait the upstream asked for, and `notFound`
 * says what a 404 means where it means something.
 */
export function statusError(
  endpoint: string,
  response: Response,
  notFound = "",
): PapertradeApiError {
  const status = response.status;
  if (status === 429) {
    const retryAfterS = parseRetryAfter(response.headers.get("retry-after"));
    const after = retryAfterS === undefined ? "" : `, retry after ${retryAfterS} s`;
    return new PapertradeApiError(`${endpoint} is rate limited (HTTP 429${after})`, {
      endpoint,
      kind: "rate_limited",
      status,
      retryAfterS,
    });
  }
  const what = status === 404 ? notFound : "";
  return new PapertradeApiError(`${endpoint} answered HTTP ${status}${what}`, {
    endpoint,
    kind: "http",
    status,
  });
}

/** How long to wait before trying a failed status again, when it may help. */
function retryWait(response: Response, attempt: number, policy: RetryPolicy): number | undefined {
  // The upstream alternates 200 and 503 under load; other statuses will not change on retry.
  if (response.status !== 503 && response.status !== 429) return undefined;
  const retryAfterS = parseRetryAfter(response.headers.get("retry-after"));
  const backoffMs = policy.baseDelayMs * 2 ** (attempt - 1);
  const waitMs = retryAfterS === undefined ? backoffMs : retryAfterS * 1000;
  return waitMs <= policy.maxRetryWaitMs ? waitMs : undefined;
}

// A wait the caller's abort ends with its reason.
async function delay(ms: number, signal = new AbortController().signal): Promise<void> {
  await sleep(SYSTEM_TIMERS, ms, signal);
  signal.throwIfAborted();
}
