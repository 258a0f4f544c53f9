/**
 * HyperEVM chain id and the contract addresses (docs/data-sources.md, "Facts the code relies
 * on"), in a module that loads nothing, so the chain client can name the Exchange without an ABI
 * parser. `contracts.ts` re-exports them with the domains, types and ABIs.
 */
import type { Address } from "viem";

/** HyperEVM mainnet chain id. */
export const CHAIN_ID = 999;

/** Contract addresses on HyperEVM (docs/data-sources.md). */
export const CONTRACTS = {
  exchange: "0x6cd5661646289fb6e65ea5c032310fded797d0a2",
  batchExecutor: "0x233ff29b239abc1d7748605da9b205c3e008626e",
  priceOracle: "0xa9b4c7b7ca5835652d81e25739c870d49f39cc2e",
  sessionKeyManager: "0x8326eb8896e358717f10502ec73ce8d28e37b108",
  paperToken: "0xe40f17915daa230324030003a197cdaef2261c0e",
  paperStaking: "0xaad6c7b0cc3014fc80ffedae0ed7ce5967b0f016",
  paperTokenomics: "0x75174549dbbd44497d31a47e2e2d7406408d63d9",
  /** Native USDC on HyperEVM (papertrade-facts.md §13.2). */
  usdc: "0xb88339cb7199b77e23db6e890353e22632ba630f",
  /**
   * Circle's CoreDepositWallet on HyperEVM, the way USDC moves to HyperCore: not a token (tokens
   * sent to it directly are stuck). Some third-party configurations list it as "collateral".
   */
  coreDepositWallet: "0x6b9e773128f453f5c2c60935ee2de2cbc5390a24",
} as const satisfies Record<string, Address>;
