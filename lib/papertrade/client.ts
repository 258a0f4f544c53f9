/** The Papertrade API client: one typed `read` for every row of the endpoint table. */
import { fetchUpstream, type RetryPolicy } from "./http.ts";
import {
  PAPERTRADE_ENDPOINTS,
  type PapertradeEndpoint,
  type PapertradeEndpointName,
  type ReadParams,
  type ReadResult,
  requestTarget,
} from "./endpoints.ts";
import { fetchWalletEvents, fetchWalletSnapshot, type WalletStreamEvent } from "./wallet_stream.ts";
import { OutcomeLog } from "./outcome_log.ts";
import type { WalletAccount } from "./wire.ts";

/**
 * The API origin (`https://exchange.papertrade.xyz`; a trailing slash is ignored), the
 * per-request timeout (default 8000 ms), and the clock stamping a stream's reported outcomes.
 */
interface PapertradeClientOptions {
  baseUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  retry?: Partial<RetryPolicy>;
  now?: () => number;
}

/** Per-call options: a caller signal, e.g. the tool's 25 s deadline. */
export interface CallOptions {
  signal?: AbortSignal;
}

// A read's parameters (optional when none is required), then options.
type ReadArgs<N extends PapertradeEndpointName> = Record<string, never> extends ReadParams<N>
  ? [params?: ReadParams<N>, options?: CallOptions]
  : [params: ReadParams<N>, options?: CallOptions];

/** A typed, validated, bounded reader of the Papertrade API. */
export interface PapertradeClient {
  /**
   * One read of the endpoint table, as domain values: `read("leaderboard", { window: "7d" })`.
   * The wallet stream's read is its first snapshot (404 → PapertradeApiError kind `http`),
   * reconciled (see `reconcile`) with what this client's streams reported after it.
   */
  read<N extends PapertradeEndpointName>(name: N, ...args: ReadArgs<N>): Promise<ReadResult<N>>;
  /** The wallet's live events until `signal` aborts; see `fetchWalletEvents`. */
  openWalletStream(address: string, options: CallOptions): AsyncIterable<WalletStreamEvent>;
  /**
   * An account brought up to what this client's streams reported after its revision
   * (`outcome_log.ts`). Every reader of a wallet (pages, tools, live views) goes through it, so
   * an intent is pending or has an outcome, never both.
   */
  reconcile(account: WalletAccount): WalletAccount;
}

export function createPapertradeClient(options: PapertradeClientOptions): PapertradeClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const outcomes = new OutcomeLog();
  const now = options.now ?? Date.now;
  const streamOptions = (call: CallOptions = {}) => ({ ...options, baseUrl, signal: call.signal });
  return {
    read<N extends PapertradeEndpointName>(name: N, ...[params, call]: ReadArgs<N>) {
      const endpoint: PapertradeEndpoint = PAPERTRADE_ENDPOINTS[name];
      if (endpoint.format === "sse") {
        const { wallet } = params as ReadParams<"walletStream">;
        return fetchWalletSnapshot(wallet, streamOptions(call))
          .then((account) => outcomes.reconcile(account)) as Promise<ReadResult<N>>;
      }
      return fetchUpstream(`${baseUrl}${requestTarget(name, params)}`, endpoint.schema, {
        ...streamOptions(call),
        // Named by its template: the wallet in a path is not part of the endpoint's name.
        endpoint: endpoint.path,
      }) as Promise<ReadResult<N>>;
    },
    async *openWalletStream(address, call) {
      for await (const event of fetchWalletEvents(address, streamOptions(call))) {
        // Stamped when this server received it: a stream reopened later replays no old time.
        if (event.type === "patch") outcomes.record(address, event.patch, now());
        yield event;
      }
    },
    reconcile: (account) => outcomes.reconcile(account),
  };
}
