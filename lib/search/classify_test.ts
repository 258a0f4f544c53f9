import assert from "node:assert/strict";
import { classifyQuery } from "./classify.ts";

const ADDRESS = "0x44623c92310d1b9b430b3228487a1b88fcc1c517";
const HASH = "0x531910b4501387c024114cd898a93c577edaa3643a2b68c86775afa295d14693";

Deno.test("classifyQuery lower-cases addresses and hashes and trims whitespace", () => {
  assert.deepEqual(classifyQuery(` ${ADDRESS.toUpperCase().replace("0X", "0x")} `), {
    kind: "address",
    value: ADDRESS,
  });
  assert.deepEqual(classifyQuery(HASH.toUpperCase().replace("0X", "0x")), {
    kind: "hash",
    value: HASH,
  });
});

Deno.test("classifyQuery reads bare numbers, with or without #, as position ids", () => {
  assert.deepEqual(classifyQuery("53573"), { kind: "position", value: "53573" });
  assert.deepEqual(classifyQuery("#0042"), { kind: "position", value: "42" });
  assert.deepEqual(classifyQuery("0"), { kind: "position", value: "0" });
});

Deno.test("classifyQuery treats anything else, short hex included, as a name fragment", () => {
  assert.deepEqual(classifyQuery("Moby Dick"), { kind: "name", value: "Moby Dick" });
  assert.deepEqual(classifyQuery("0x4462"), { kind: "name", value: "0x4462" });
  assert.deepEqual(classifyQuery("<script>alert(1)</script>"), {
    kind: "name",
    value: "<script>alert(1)</script>",
  });
  assert.equal(classifyQuery("   ").kind, "unknown");
});

Deno.test("classifyQuery unpacks explorer links, preferring hashes to addresses to ids", () => {
  assert.deepEqual(classifyQuery(`https://explorer.test/wallet/${ADDRESS}`), {
    kind: "address",
    value: ADDRESS,
  });
  assert.deepEqual(classifyQuery(`https://explorer.test/#/wallet/${ADDRESS}?page=2`), {
    kind: "address",
    value: ADDRESS,
  });
  assert.deepEqual(classifyQuery(`https://hyperevmscan.io/tx/${HASH}?block=123`), {
    kind: "hash",
    value: HASH,
  });
  assert.deepEqual(classifyQuery("https://explorer.test/position/53573"), {
    kind: "position",
    value: "53573",
  });
  assert.equal(classifyQuery("https://example.com/about").kind, "unknown");
});
