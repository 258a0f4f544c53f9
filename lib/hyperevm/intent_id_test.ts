import { equal, throws } from "node:assert/strict";
import { type Hex, keccak256 } from "viem";
import { INTENT_ID_TAG, intentId } from "./contracts.ts";
import { sessionA } from "../../tests/support/hyperevm.ts";

const DIGEST: Hex = "0x5e1f6a1c0ffee0000000000000000000000000000000000000000000000b0a7d";

Deno.test("the intent id hashes the 84-byte preimage tag ‖ digest ‖ signer", () => {
  const preimage = `${INTENT_ID_TAG}${DIGEST.slice(2)}${sessionA.address.slice(2)}` as Hex;
  equal((preimage.length - 2) / 2, 84);
  equal(intentId(DIGEST, sessionA.address), keccak256(preimage).toLowerCase());
});

Deno.test("the intent id does not depend on the signer's letter case", () => {
  equal(
    intentId(DIGEST, sessionA.address),
    intentId(DIGEST, sessionA.address.toLowerCase() as Hex),
  );
});

Deno.test("a digest that is not 32 bytes or a signer that is not 20 bytes is refused", () => {
  throws(() => intentId(DIGEST.slice(0, 64) as Hex, sessionA.address), RangeError);
  throws(() => intentId(DIGEST, `${sessionA.address}00` as Hex), RangeError);
});
