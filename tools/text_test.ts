import assert from "node:assert/strict";
import { percent, quoted, signedUsd, usd } from "./text.ts";

Deno.test("quoted wraps untrusted text in JSON quotes, escaping controls and bidi overrides", () => {
  assert.equal(quoted('say "hi"\nnow'), '"say \\"hi\\"\\nnow"');
  assert.equal(quoted("\u202egnp.stiforp\u202c x"), '"\\u202egnp.stiforp\\u202c x"');
  assert.equal(quoted(null), "(none)");
});

Deno.test("quoted caps very long text and says how much was left out", () => {
  const long = "a".repeat(300);
  assert.equal(quoted(long), `"${"a".repeat(120)}" (+180 more characters)`);
});

Deno.test("money and percent renderings keep the sign and two decimals", () => {
  assert.equal(usd(1234.5), "$1,234.50");
  assert.equal(usd(-0.004), "$0.00");
  assert.equal(signedUsd(5), "+$5.00");
  assert.equal(signedUsd(-5), "-$5.00");
  assert.equal(percent(0.05), "0.0500%");
  assert.equal(usd(null), "n/a");
});
