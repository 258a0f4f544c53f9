/**
 * Best bid and ask of Hyperliquid perp assets, read from HyperEVM's BBO read precompile: the
 * quote the protocol's PriceOracle settles on (papertrade-facts.md 12.3). Every asset goes in one
 * JSON-RPC batch (one HTTP request), hedged between the primary and the fallback endpoint as
 * every call of the client is.
 */
import {
  type Address,
  decodeAbiParameters,
  encodeAbiParameters,
  type Hex,
  RpcRequestError,
} from "viem";
import { getHttpRpcClient } from "viem/utils";
import {
  DEFAULT_HEDGE_DELAY_MS,
  DEFAULT_RPC_TIMEOUT_MS,
  endpointsFailed,
  hedged,
} from "./client.ts";
import { upstreamFetch } from "../http/upstream_pool.ts";

/** The precompile: `abi.encode(uint32 asset)` in, `abi.encode(uint64 bid, uint64 ask)` out. */
export const BBO_PRECOMPILE: Address = "0x000000000000000000000000000000000000080e";

/** One asset's best bid and ask, in HyperCore price units (the instruments' raw units). */
export interface Bbo {
  assetIndex: number;
  bid: bigint;
  ask: bigint;
}

/** Reads the BBO of every asset at `latest`; fails with a HyperEvmError of method `eth_call`. */
export type BboReader = (
  assets: readonly number[],
  options?: { signal?: AbortSignal },
) => Promise<Bbo[]>;

/** Options of {@link createBboReader}: the endpoints and timing of the HyperEVM client. */
export interface BboReaderOptions {
  rpcUrl: string;
  fallbackRpcUrl?: string;
  /** Per-request timeout on each endpoint, in ms (default 8000). */
  timeoutMs?: number;
  /** When the fallback is asked as well (default 1000 ms, never more than the timeout). */
  hedgeDelayMs?: number;
  fetch?: typeof fetch;
}

/** The calldata of one read: the asset index as one 32-byte word. */
export function bboCalldata(assetIndex: number): Hex {
  return encodeAbiParameters([{ type: "uint32" }], [assetIndex]);
}

/** Decodes the 64-byte answer; throws on any other length. */
export function decodeBbo(data: Hex): { bid: bigint; ask: bigint } {
  if (data.length !== 2 + 128) {
    throw new Error(`expected 64 bytes, got ${(data.length - 2) / 2}`);
  }
  const [bid, ask] = decodeAbiParameters([{ type: "uint64" }, { type: "uint64" }], data);
  return { bid, ask };
}

/** A reader over the configured RPC endpoints. */
export function createBboReader(options: BboReaderOptions): BboReader {
  const timeoutMs = options.timeoutMs ?? DEFAULT_RPC_TIMEOUT_MS;
  const urls = options.fallbackRpcUrl ? [options.rpcUrl, options.fallbackRpcUrl] : [options.rpcUrl];
  const hedgeDelayMs = Math.min(options.hedgeDelayMs ?? DEFAULT_HEDGE_DELAY_MS, timeoutMs);
  const fetchFn = options.fetch ?? upstreamFetch;

  async function ask(url: string, assets: readonly number[], signal: AbortSignal) {
    const body = assets.map((asset, id) => ({
      id,
      method: "eth_call",
      params: [{ to: BBO_PRECOMPILE, data: bboCalldata(asset) }, "latest"],
    }));
    const answers = await getHttpRpcClient(url, { timeout: timeoutMs, fetchFn }).request({
      body,
      fetchOptions: { signal },
    });
    // Any answer this endpoint cannot give in full is its failure, so the other one is asked.
    return assets.map((assetIndex, id) => {
      const answer = Array.isArray(answers) ? answers.find((a) => a.id === id) : undefined;
      if (answer && "error" in answer && answer.error) {
        throw new RpcRequestError({ body: body[id], error: answer.error, url });
      }
      const result = answer && "result" in answer ? answer.result : undefined;
      if (typeof result !== "string" || !/^0x[0-9a-fA-F]*$/.test(result)) {
        throw new Error(`no eth_call answer for asset ${assetIndex}`);
      }
      try {
        return { assetIndex, ...decodeBbo(result as Hex) };
      } catch (error) {
        throw new Error(`eth_call answer for asset ${assetIndex}: ${(error as Error).message}`);
      }
    });
  }

  return async (assets, { signal } = {}) => {
    try {
      return await hedged(
        urls.map((url) => (lost: AbortSignal) =>
          ask(url, assets, signal ? AbortSignal.any([signal, lost]) : lost)
        ),
        hedgeDelayMs,
      );
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      throw endpointsFailed("eth_call", error, { endpoints: urls.length, timeoutMs });
    }
  };
}
