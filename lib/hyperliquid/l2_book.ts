/**
 * Hyperliquid's public info API, the second source of the live mark: `POST /info` with
 * `{"type":"l2Book","coin":"BTC"}` answers the order book, best level of each side first
 * (docs/data-sources.md, "Facts the code relies on"). Only this folder knows that wire shape.
 */
import { z } from "zod";
import { upstreamFetch } from "../http/upstream_pool.ts";
import type { PapertradeErrorKind } from "../papertrade/http.ts";
import {
  AnswerTooLargeError,
  fetchOnOrigin,
  readBoundedText,
  RedirectedAwayError,
  UnsupportedEncodingError,
  UPSTREAM_LIMITS,
} from "../http/upstream_answer.ts";
import { upstreamExcerpt } from "../untrusted_text.ts";

/** The request named in errors and in the unavailable parts of pages and tools. */
const L2_BOOK_ENDPOINT = "POST /info l2Book";

/** A failed info request; the message names the request and the problem. */
export class HyperliquidApiError extends Error {
  /** The request that failed: `l2Book` unless the error says (`candles.ts`). */
  readonly endpoint: string;
  /** What went wrong: the same kinds as a Papertrade API request's. */
  readonly kind: PapertradeErrorKind;
  readonly status?: number;

  constructor(
    message: string,
    options: { kind: PapertradeErrorKind; status?: number; endpoint?: string },
  ) {
    super(message);
    this.name = "HyperliquidApiError";
    this.kind = options.kind;
    this.status = options.status;
    this.endpoint = options.endpoint ?? L2_BOOK_ENDPOINT;
  }
}

const level = z.object({ px: z.string().regex(/^[0-9]+(\.[0-9]+)?$/, "expected a decimal price") });

/** The l2Book answer, as far as the mark needs it: the time and each side's levels, best first. */
const l2BookSchema = z.object({
  coin: z.string(),
  time: z.number().int().nonnegative(),
  levels: z.tuple([z.array(level).min(1), z.array(level).min(1)]),
});

/** The best bid and ask of one coin in instrument units, and the book's time (ms). */
interface BookTop {
  bid: bigint;
  ask: bigint;
  at: number;
}

/** Reads the top of one coin's book; fails with a {@link HyperliquidApiError}. */
export type BookTopReader = (
  coin: string,
  priceScale: bigint,
  options?: { signal?: AbortSignal },
) => Promise<BookTop>;

interface BookTopReaderOptions {
  /** The info endpoint, e.g. `https://api.hyperliquid.xyz/info`. */
  url: string;
  /** Timeout of the one attempt, in ms (default 8000). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** A reader of `url`: one attempt per coin, no retries (it is the fallback source). */
export function createBookTopReader(options: BookTopReaderOptions): BookTopReader {
  const fetchFn = options.fetch ?? upstreamFetch;
  const timeoutMs = options.timeoutMs ?? 8_000;
  return async (coin, priceScale, { signal } = {}) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    let text: string;
    try {
      const response = await fetchOnOrigin(fetchFn, options.url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ type: "l2Book", coin }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      if (!response.ok) {
        await response.body?.cancel();
        const kind = response.status === 429 ? "rate_limited" : "http";
        throw new HyperliquidApiError(`${L2_BOOK_ENDPOINT} answered HTTP ${response.status}`, {
          kind,
          status: response.status,
        });
      }
      text = await readBoundedText(response, UPSTREAM_LIMITS.infoJson);
    } catch (error) {
      if (error instanceof HyperliquidApiError) throw error;
      if (signal?.aborted) throw signal.reason;
      if (error instanceof AnswerTooLargeError) {
        throw new HyperliquidApiError(`${L2_BOOK_ENDPOINT} sent an ${error.message}`, {
          kind: "too_large",
        });
      }
      if (error instanceof UnsupportedEncodingError) {
        throw new HyperliquidApiError(`${L2_BOOK_ENDPOINT} sent an ${error.message}`, {
          kind: "malformed_json",
        });
      }
      if (error instanceof RedirectedAwayError) {
        throw new HyperliquidApiError(`${L2_BOOK_ENDPOINT} ${error.message}`, {
          kind: "redirected",
        });
      }
      if (timeout.aborted) {
        throw new HyperliquidApiError(`${L2_BOOK_ENDPOINT} timed out after ${timeoutMs} ms`, {
          kind: "timeout",
        });
      }
      throw new HyperliquidApiError(`${L2_BOOK_ENDPOINT} is unreachable`, { kind: "network" });
    }
    return bookTop(text, coin, priceScale);
  };
}

/** Parses an l2Book answer into the top of the book at `priceScale`. */
export function bookTop(text: string, coin: string, priceScale: bigint): BookTop {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new HyperliquidApiError(`${L2_BOOK_ENDPOINT} sent malformed JSON`, {
      kind: "malformed_json",
    });
  }
  const parsed = l2BookSchema.safeParse(json);
  const changed = (detail: string) =>
    new HyperliquidApiError(`upstream changed: ${L2_BOOK_ENDPOINT} ${detail}`, { kind: "schema" });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw changed(`${issue.path.join(".") || "answer"}: ${issue.message}`);
  }
  if (parsed.data.coin !== coin) {
    throw changed(`answered coin ${upstreamExcerpt(parsed.data.coin)}, not ${coin}`);
  }
  const [bids, asks] = parsed.data.levels;
  try {
    return {
      bid: scaledPrice(bids[0].px, priceScale),
      ask: scaledPrice(asks[0].px, priceScale),
      at: parsed.data.time,
    };
  } catch (error) {
    throw changed((error as Error).message);
  }
}

/** A decimal price × `priceScale`, exactly; a price finer than the scale is refused. */
function scaledPrice(px: string, priceScale: bigint): bigint {
  const [whole, fraction = ""] = px.split(".");
  const scaled = BigInt(whole + fraction) * priceScale;
  const divisor = 10n ** BigInt(fraction.length);
  if (scaled % divisor !== 0n) throw new Error(`price ${px} is finer than the scale ${priceScale}`);
  return scaled / divisor;
}
