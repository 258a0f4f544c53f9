/**
 * The public upstreams read when nothing else is configured (papertrade-facts.md section 1): the
 * one home of these URLs for the config, the chain definition and the record/verify tools.
 */
export const DEFAULT_UPSTREAMS = {
  /** Papertrade API origin (PAPERTRADE_API_URL). */
  papertradeApiUrl: "https://exchange.papertrade.xyz",
  /** Primary HyperEVM JSON-RPC endpoint (HYPEREVM_RPC_URL). */
  rpcUrl: "https://rpc.hyperliquid.xyz/evm",
  /** HyperEVM JSON-RPC endpoint tried when the primary fails (HYPEREVM_RPC_FALLBACK_URL). */
  fallbackRpcUrl: "https://rpc.hypurrscan.io",
  /** Hyperliquid info API, the second source of the live mark (HYPERLIQUID_INFO_URL). */
  hyperliquidInfoUrl: "https://api.hyperliquid.xyz/info",
} as const;
