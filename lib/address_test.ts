import assert from "node:assert/strict";
import { ADDRESS_INPUT_PATTERN, ADDRESS_PATTERN, LOWERCASE_ADDRESS_PATTERN } from "./address.ts";

const MIXED = "0x67891C4B5d4474ffcab2e09b8dfa3d4c4236828C";

Deno.test("an address is 0x and 40 hex digits in any case, and nothing around it", () => {
  assert.ok(ADDRESS_PATTERN.test(MIXED));
  assert.ok(!ADDRESS_PATTERN.test(MIXED.slice(0, -1)));
  assert.ok(!ADDRESS_PATTERN.test(`${MIXED}0`));
  assert.ok(!ADDRESS_PATTERN.test(` ${MIXED}`));
  assert.ok(!ADDRESS_PATTERN.test(MIXED.replace("0x", "0X")));
  assert.ok(!LOWERCASE_ADDRESS_PATTERN.test(MIXED));
  assert.ok(LOWERCASE_ADDRESS_PATTERN.test(MIXED.toLowerCase()));
});

Deno.test("the HTML input pattern is the same shape without anchors", () => {
  assert.equal(`^${ADDRESS_INPUT_PATTERN}$`, ADDRESS_PATTERN.source);
});
