import { equal, notEqual, throws } from "node:assert/strict";
import { concat, encodeAbiParameters, encodePacked, keccak256, toHex } from "viem";
import { intentDigest } from "./contracts.ts";
import { DOMAIN_SEPARATORS, sampleMessage, walletA } from "../../tests/support/hyperevm.ts";

Deno.test("a claim digest equals keccak256(0x1901 ‖ staking separator ‖ struct hash) built by hand", () => {
  const message = sampleMessage("claimRewards", walletA.address);
  const typeHash = keccak256(toHex("ClaimRewards(address user,uint128 nonce,uint64 deadline)"));
  const structHash = keccak256(encodeAbiParameters(
    [{ type: "bytes32" }, { type: "address" }, { type: "uint128" }, { type: "uint64" }],
    [typeHash, walletA.address, message.nonce as bigint, message.deadline as bigint],
  ));
  equal(
    intentDigest("claimRewards", message),
    keccak256(concat(["0x1901", DOMAIN_SEPARATORS.staking, structHash])),
  );
});

Deno.test("a close digest hashes the position id array as its packed 32-byte words", () => {
  const message = sampleMessage("closePositions", walletA.address);
  const ids = message.positionIds as readonly bigint[];
  const typeHash = keccak256(
    toHex("ClosePositions(address user,uint256[] positionIds,uint128 nonce,uint64 deadline)"),
  );
  const structHash = keccak256(encodeAbiParameters(
    [
      { type: "bytes32" },
      { type: "address" },
      { type: "bytes32" },
      { type: "uint128" },
      { type: "uint64" },
    ],
    [
      typeHash,
      walletA.address,
      keccak256(encodePacked(ids.map(() => "uint256"), [...ids])),
      message.nonce as bigint,
      message.deadline as bigint,
    ],
  ));
  equal(
    intentDigest("closePositions", message),
    keccak256(concat(["0x1901", DOMAIN_SEPARATORS.exchange, structHash])),
  );
});

Deno.test("the same fields under a different kind give a different digest", () => {
  const stake = sampleMessage("stakePaper", walletA.address);
  notEqual(intentDigest("stakePaper", stake), intentDigest("unstakePaper", stake));
});

Deno.test("a leverage that does not fit uint32 is refused rather than hashed", () => {
  const open = { ...sampleMessage("openPosition", walletA.address), leverage: 2n ** 32n };
  throws(() => intentDigest("openPosition", open));
});
