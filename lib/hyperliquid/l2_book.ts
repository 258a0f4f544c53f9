/**
 * Hyperliquid's public info API, the second source of the live mark: `POST /info` with
 * `{"type":"l2Book","coin":"BTC"}` answers the order book, best level of each side first
 * (docs/data-sources.md, "Facts the code relies on"). Only this folder knows that wire shape.
 */
import { z } from "zod";
import { upstreamFetch } from "../http/upstream_pool.ts";
import { type PapertradeErrorKind, requestFailure } from "../papertrade/http.ts";
import { fetchOnOrigin, readBoundedText, UPSTREAM_LIMITS } from "../http/upstream_answer.ts";
import { upstreamExcerpt } from "../untrusted_text.ts";

/** The request named in errors and in the unavailable parts of pages and tools. */
const L2_BOOK_ENDPOINT = "POST /info l2Book";

/** A failed info request (`l2Book` unless `endpoint` says), of a Papertrade request's kinds. */
export class HyperliquidApiError extends Error {
  declare readonly endpoint: string;
  declare readonly kind: PapertradeErrorKind;
  declare readonly status?: number;
  override readonly name = "HyperliquidApiError";

  constructor(
    message: string,
    options: { kind: PapertradeErrorKind; status?: number; endpoint?: string },
  ) {
    super(message);
    Object.assign(this, options, { endpoint: options.endpoint ?? L2_BOOK_ENDPOINT });
  }
}

/** The info endpoint (`https://api.hyperliquid.xyz/info`), the one attempt's timeout (8 s). */
interface InfoReaderOptions {
  url: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * One attempt of `POST /info` with `body` (the read cache or the marks coalesce reads), parsed,
 * at most `maxBytes` read; fails naming `endpoint`, or with the caller's abort reason.
 */
export async function postInfo(
  options: InfoReaderOptions,
  endpoint: string,
  body: unknown,
  maxBytes: number,
  signal?: AbortSignal,
): Promise<unknown> {
  const timeoutMs = options.timeoutMs ?? 8_000;
  const timeout = AbortSignal.timeout(timeoutMs);
  const fail = (problem: string, kind: PapertradeErrorKind, status?: number) =>
    new HyperliquidApiError(`${endpoint} ${problem}`, { kind, status, endpoint });
  let text: string;
  try {
    const response = await fetchOnOrigin(options.fetch ?? upstreamFetch, options.url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (!response.ok) {
      await response.body?.cancel();
      const kind = response.status === 429 ? "rate_limited" : "http";
      throw fail(`answered HTTP ${response.status}`, kind, response.status);
    }
    text = await readBoundedText(response, maxBytes);
  } catch (error) {
    if (error instanceof HyperliquidApiError) throw error;
    if (signal?.aborted) throw signal.reason;
    const timedOut = timeout.aborted && `timed out after ${timeoutMs} ms`;
    const { kind, problem } = requestFailure(error, timedOut);
    throw fail(problem, kind);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw fail("sent malformed JSON", "malformed_json");
  }
}

/** A decimal price × `priceScale`, exactly; a price finer than the scale is refused. */
export function scaledPrice(px: string, priceScale: bigint): bigint {
  const [whole, fraction = ""] = px.split(".");
  const scaled = BigInt(whole + fraction) * priceScale;
  const divisor = 10n ** BigInt(fraction.length);
  if (scaled % divisor !== 0n) throw new Error(`price ${px} is finer than the scale ${priceScale}`);
  return scaled / divisor;
}

export const DECIMAL = /^[0-9]+(\.[0-9]+)?$/;
export const decimalPrice = z.string().regex(DECIMAL, "expected a decimal price");
const level = z.object({ px: decimalPrice });

/** The l2Book answer, as far as the mark needs it: the time and each side's levels, best first. */
const l2BookSchema = z.object({
  coin: z.string(),
  time: z.number().int().nonnegative(),
  levels: z.tuple([z.array(level).min(1), z.array(level).min(1)]),
});

/** Reads the top of one coin's book (instrument units, and the book's time in ms). */
export type BookTopReader = (
  coin: string,
  priceScale: bigint,
  options?: { signal?: AbortSignal },
) => Promise<{ bid: bigint; ask: bigint; at: number }>;

/** A reader of `url`: one attempt per coin, no retries (it is the fallback source). */
export function createBookTopReader(options: InfoReaderOptions): BookTopReader {
  return async (coin, priceScale, { signal } = {}) => {
    const body = { type: "l2Book", coin };
    const json = await postInfo(options, L2_BOOK_ENDPOINT, body, UPSTREAM_LIMITS.infoJson, signal);
    const parsed = l2BookSchema.safeParse(json);
    const changed = (detail: string) =>
      new HyperliquidApiError(`upstream changed: ${L2_BOOK_ENDPOINT} ${detail}`, {
        kind: "schema",
      });
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
  };
}
