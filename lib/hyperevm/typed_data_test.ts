import { deepEqual, equal } from "node:assert/strict";
import {
  encodeAbiParameters,
  getTypesForEIP712Domain,
  hashDomain,
  keccak256,
  toHex,
  type TypedDataDomain,
} from "viem";
import {
  DOMAINS,
  INTENT_ID_TAG,
  INTENT_KINDS,
  intentTypedData,
  ZERO_ADDRESS,
} from "./contracts.ts";
import { DOMAIN_SEPARATORS, sampleMessage, walletA } from "../../tests/support/hyperevm.ts";

function viemSeparator(domain: TypedDataDomain) {
  return hashDomain(
    {
      domain,
      types: { EIP712Domain: getTypesForEIP712Domain({ domain }) },
    } as Parameters<typeof hashDomain>[0],
  );
}

// The standard four-field separator spelled out, independent of viem's typed-data code.
function handSeparator(domain: typeof DOMAINS.exchange | typeof DOMAINS.staking) {
  const typeHash = keccak256(
    toHex("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"),
  );
  return keccak256(encodeAbiParameters(
    [{ type: "bytes32" }, { type: "bytes32" }, { type: "bytes32" }, { type: "uint256" }, {
      type: "address",
    }],
    [
      typeHash,
      keccak256(toHex(domain.name)),
      keccak256(toHex(domain.version)),
      BigInt(domain.chainId),
      domain.verifyingContract,
    ],
  ));
}

Deno.test("the Exchange domain hashes to the published separator 0x53a2ab5a…7e77", () => {
  equal(viemSeparator(DOMAINS.exchange), DOMAIN_SEPARATORS.exchange);
  equal(handSeparator(DOMAINS.exchange), DOMAIN_SEPARATORS.exchange);
});

Deno.test("the PaperStaking domain hashes to the published separator 0x71706d56…7eb0", () => {
  equal(viemSeparator(DOMAINS.staking), DOMAIN_SEPARATORS.staking);
  equal(handSeparator(DOMAINS.staking), DOMAIN_SEPARATORS.staking);
});

Deno.test("INTENT_ID_TAG is keccak256 of the ASCII string papertrade:intent-id:v2", () => {
  equal(keccak256(toHex("papertrade:intent-id:v2")), INTENT_ID_TAG);
});

Deno.test("stake, unstake and claim use the staking domain, cancel its own, the rest the exchange", () => {
  const domainOf = (kind: typeof INTENT_KINDS[number]) =>
    intentTypedData(kind, sampleMessage(kind, walletA.address)).domain;
  const stakingKinds = INTENT_KINDS.filter((kind) => domainOf(kind) === DOMAINS.staking);
  deepEqual(stakingKinds, ["stakePaper", "unstakePaper", "claimRewards"]);
  equal(domainOf("cancelIntent"), DOMAINS.cancel);
  // Only the name and version of the cancel domain are modelled; it verifies on the Exchange.
  equal(DOMAINS.cancel.verifyingContract, DOMAINS.exchange.verifyingContract);
  equal(DOMAINS.cancel.chainId, DOMAINS.exchange.chainId);
});

Deno.test("a withdrawal signs no route; a session-key registration signs the zero fee address", () => {
  const withdraw = intentTypedData(
    "withdrawToCore",
    sampleMessage("withdrawToCore", walletA.address),
  );
  deepEqual(
    withdraw.types.WithdrawToCore.map((field) => field.name),
    ["user", "amount", "nonce", "deadline"],
  );
  const register = sampleMessage("registerSessionKey", walletA.address);
  equal(register.feeAddress, ZERO_ADDRESS);
  deepEqual(
    intentTypedData("registerSessionKey", register).types.RegisterSessionKey.map((f) => f.name),
    ["user", "sessionKey", "expiry", "feeAddress", "nonce", "deadline"],
  );
});

Deno.test("typed data names the primary type and lists its fields in the modelled order", () => {
  const typed = intentTypedData("claimRewards", sampleMessage("claimRewards", walletA.address));
  equal(typed.primaryType, "ClaimRewards");
  deepEqual(typed.types, {
    ClaimRewards: [
      { name: "user", type: "address" },
      { name: "nonce", type: "uint128" },
      { name: "deadline", type: "uint64" },
    ],
  });
});
