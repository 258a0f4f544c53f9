import { defineChain } from "viem";
import { CHAIN_ID } from "./contracts.ts";
import { DEFAULT_UPSTREAMS } from "../default_upstreams.ts";

/** Public HyperEVM JSON-RPC endpoints: the primary and the one tried when it fails. */
export const HYPEREVM_DEFAULT_RPC = {
  primary: DEFAULT_UPSTREAMS.rpcUrl,
  fallback: DEFAULT_UPSTREAMS.fallbackRpcUrl,
} as const;

/** HyperEVM mainnet (chain 999) as a viem chain; HYPE is the gas token. */
export const hyperEvm = defineChain({
  id: CHAIN_ID,
  name: "HyperEVM",
  nativeCurrency: { name: "HYPE", symbol: "HYPE", decimals: 18 },
  rpcUrls: {
    default: { http: [HYPEREVM_DEFAULT_RPC.primary, HYPEREVM_DEFAULT_RPC.fallback] },
  },
});
