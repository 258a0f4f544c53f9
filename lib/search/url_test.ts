import assert from "node:assert/strict";
import { linkTargetPath, parsePastedUrl } from "./url.ts";

const A = "0xC2c1218b7b3aed50e24ceeaeabeca882053b8d98";
const a = A.toLowerCase() as `0x${string}`;
const H = "0x445bc8053665897960b9f99201d6bc9083fc5bcbaa750911a64245516bc90ee2";

Deno.test("our own page links resolve on any host", () => {
  assert.deepEqual(parsePastedUrl(`https://explorer.example/wallet/${A}`), {
    page: "wallet",
    value: a,
  });
  assert.deepEqual(parsePastedUrl(`http://localhost:8000/w/${A}`), { page: "wallet", value: a });
  assert.deepEqual(parsePastedUrl(`https://x.dev/tx/${H}`), { page: "tx", value: H });
  assert.deepEqual(parsePastedUrl(`https://x.dev/intent/${H}?wallet=${A}`), {
    page: "intent",
    value: H,
    wallet: a,
  });
  assert.deepEqual(parsePastedUrl("https://x.dev/position/053573"), {
    page: "position",
    value: "53573",
  });
});

Deno.test("the original edition's hash links resolve", () => {
  const base = "https://papertrade-explorer.pages.dev/#";
  assert.deepEqual(parsePastedUrl(`${base}/wallet/${A}`), { page: "wallet", value: a });
  assert.deepEqual(parsePastedUrl(`${base}/tx/${H}`), { page: "tx", value: H });
  assert.deepEqual(parsePastedUrl(`${base}/position/608544?wallet=${A}`), {
    page: "position",
    value: "608544",
    wallet: a,
  });
  assert.deepEqual(parsePastedUrl(`#/intent/${H}`), { page: "intent", value: H });
});

Deno.test("HyperEVM explorer links resolve, with or without the scheme", () => {
  assert.deepEqual(parsePastedUrl(`https://hyperevmscan.io/address/${A}`), {
    page: "wallet",
    value: a,
  });
  assert.deepEqual(parsePastedUrl(`https://purrsec.com/tx/${H}`), { page: "tx", value: H });
  assert.deepEqual(parsePastedUrl(`hyperevmscan.io/tx/${H}#eventlog`), { page: "tx", value: H });
  assert.deepEqual(parsePastedUrl(`https://www.hyperscan.com/en/address/${A}?tab=txs`), {
    page: "wallet",
    value: a,
  });
});

Deno.test("text that is not a page link is left to the search", () => {
  for (
    const text of [
      A,
      H,
      "53573",
      "Moby Dick",
      "https://hyperevmscan.io/block/48420000",
      "http://[bad",
    ]
  ) {
    assert.equal(parsePastedUrl(text), null, text);
  }
  // A malformed wallet parameter is dropped, not trusted.
  assert.deepEqual(parsePastedUrl(`https://x.dev/intent/${H}?wallet=0x12`), {
    page: "intent",
    value: H,
  });
});

Deno.test("a link target becomes our page path", () => {
  assert.equal(linkTargetPath({ page: "wallet", value: a }), `/wallet/${a}`);
  assert.equal(
    linkTargetPath({ page: "position", value: "1", wallet: a }),
    `/position/1?wallet=${a}`,
  );
});
