/**
 * Best bid and ask of Hyperliquid perp assets from HyperEVM's BBO read precompile, the quote the
 * PriceOracle settles on (docs/data-sources.md, "Facts the code relies on"): all assets in one
 * hedged JSON-RPC batch. One word in, two out, encoded by hand: every page's marks come through
 * it and must not wait for viem to load.
 */
import type { Address } from "viem";
import { createRpc, type RpcOptions } from "./rpc.ts";

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

/** A reader over the configured RPC endpoints. */
export function createBboReader(options: RpcOptions): BboReader {
  const rpc = createRpc(options);
  return async (assets, { signal } = {}) => {
    const calls = assets.map((asset) => {
      if (!Number.isInteger(asset) || asset < 0 || asset >= 2 ** 32) {
        throw new RangeError(`an asset index is a uint32, got ${asset}`);
      }
      // The asset index as one 32-byte word.
      const data = `0x${asset.toString(16).padStart(64, "0")}`;
      return { method: "eth_call", params: [{ to: BBO_PRECOMPILE, data }, "latest"] };
    });
    // An answer this endpoint cannot give in full is its failure, so the other one is asked.
    const answers = await rpc(calls, signal, (answer, index) => {
      const words = /^0x([0-9a-fA-F]{64})([0-9a-fA-F]{64})$/.exec(answer as string);
      if (!words) {
        const got = Math.floor((String(answer).length - 2) / 2);
        throw new Error(
          `eth_call answer for asset ${assets[index]}: expected 64 bytes, got ${got}`,
        );
      }
      return { bid: BigInt(`0x${words[1]}`), ask: BigInt(`0x${words[2]}`) };
    });
    return answers.map((quote, index) => ({ assetIndex: assets[index], ...quote }));
  };
}
