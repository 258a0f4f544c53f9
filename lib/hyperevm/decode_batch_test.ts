import { deepEqual, equal, match } from "node:assert/strict";
import { concat, encodeFunctionData, erc20Abi, type Hex, keccak256, slice, toHex } from "viem";
import { CONTRACTS, INTENT_KINDS } from "./contracts.ts";
import { decodeBatchCalldata } from "./decode_batch.ts";
import {
  encodeBatch,
  encodePayload,
  sampleMessage,
  SESSION_KEY_KINDS,
  sessionA,
  signIntent,
  walletA,
} from "../../tests/support/hyperevm.ts";

Deno.test("the executeBatch selector is that of executeBatch((uint8,address,bytes,bytes)[])", () => {
  const empty = encodeBatch([]);
  equal(
    empty.slice(0, 10),
    slice(keccak256(toHex("executeBatch((uint8,address,bytes,bytes)[])")), 0, 4),
  );
  deepEqual(decodeBatchCalldata(empty), []);
  deepEqual(decodeBatchCalldata(`0x12345678${empty.slice(10)}`), null);
});

Deno.test("a batch of all eight kinds decodes back to the signed fields in order", async () => {
  const entries = await Promise.all(INTENT_KINDS.map(async (kind, kindNumber) => {
    const signer = SESSION_KEY_KINDS.includes(kind) ? sessionA : walletA;
    const fields = sampleMessage(kind, walletA.address);
    return {
      kind: kindNumber,
      signer: signer.address,
      payload: encodePayload(kind, fields),
      signature: await signIntent(kind, fields, signer),
      fields,
    };
  }));
  const decoded = decodeBatchCalldata(encodeBatch(entries))!;
  equal(decoded.length, 8);
  decoded.forEach((intent, i) => {
    equal(intent.index, i);
    equal(intent.action, INTENT_KINDS[i]);
    equal(intent.signer, entries[i].signer.toLowerCase());
    equal(intent.signature, entries[i].signature);
    equal(intent.decodeError, undefined);
    deepEqual(intent.fields, entries[i].fields);
  });
  deepEqual(decoded[1].fields!.positionIds, [53573n, 53574n, 60001n]);
  equal(decoded[0].fields!.isLong, true);
  equal(decoded[0].fields!.leverage, 50n);
  equal(decoded[4].fields!.sessionKey, sessionA.address.toLowerCase());
});

Deno.test("calldata of another function is not a batch", () => {
  const transfer = encodeFunctionData({
    abi: erc20Abi,
    functionName: "transfer",
    args: [CONTRACTS.exchange, 1n],
  });
  equal(decodeBatchCalldata(transfer), null);
  equal(decodeBatchCalldata("0x"), null);
});

Deno.test("executeBatch calldata that is cut short is not a batch", () => {
  const full = encodeBatch([{
    kind: 7,
    signer: walletA.address,
    payload: encodePayload("claimRewards", sampleMessage("claimRewards", walletA.address)),
    signature: `0x${"11".repeat(65)}`,
  }]);
  equal(decodeBatchCalldata(full.slice(0, 100) as Hex), null);
});

Deno.test("a payload that does not fit its kind is flagged while the rest of the batch decodes", () => {
  const claim = encodePayload("claimRewards", sampleMessage("claimRewards", walletA.address));
  const decoded = decodeBatchCalldata(encodeBatch([
    // a claim payload declared as an open: too short for eight fields
    { kind: 0, signer: sessionA.address, payload: claim, signature: "0x" },
    // trailing bytes make it a non-canonical claim
    { kind: 7, signer: walletA.address, payload: concat([claim, "0x00"]), signature: "0x" },
    { kind: 9, signer: walletA.address, payload: claim, signature: "0x" },
    { kind: 7, signer: walletA.address, payload: claim, signature: "0x" },
  ]))!;
  equal(decoded.length, 4);
  equal(decoded[0].fields, null);
  match(decoded[0].decodeError!, /^openPosition payload: /);
  equal(decoded[1].fields, null);
  match(decoded[1].decodeError!, /not the canonical encoding/);
  equal(decoded[2].action, null);
  equal(decoded[2].decodeError, "unknown intent kind 9");
  deepEqual(decoded[3].fields, sampleMessage("claimRewards", walletA.address));
});
