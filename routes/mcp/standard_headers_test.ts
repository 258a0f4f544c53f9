import assert from "node:assert/strict";
import { decodeHeaderValue } from "./standard_headers.ts";

Deno.test("the base64 sentinel is decoded as UTF-8 and plain values pass through", () => {
  const encoded = btoa(String.fromCharCode(...new TextEncoder().encode("Hello, 世界")));
  assert.equal(decodeHeaderValue(`=?base64?${encoded}?=`), "Hello, 世界");
  assert.equal(decodeHeaderValue("get_wallet"), "get_wallet");
  assert.equal(decodeHeaderValue("=?base64?SGVsbG8="), "=?base64?SGVsbG8=", "no suffix: literal");
});

Deno.test("bad base64 padding or characters inside the sentinel are malformed", () => {
  assert.equal(decodeHeaderValue("=?base64?SGVsbG8?="), undefined);
  assert.equal(decodeHeaderValue("=?base64?SGVs!!!bG8=?="), undefined);
  assert.equal(decodeHeaderValue("=?base64?SGVsbG8=?="), "Hello");
});
