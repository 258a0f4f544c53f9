import assert from "node:assert/strict";
import { quoted } from "./text.ts";

Deno.test("quoted wraps untrusted text in JSON quotes, escaping controls and bidi overrides", () => {
  assert.equal(quoted('say "hi"\nnow'), '"say \\"hi\\"\\nnow"');
  assert.equal(quoted("\u202egnp.stiforp\u202c x"), '"\\u202egnp.stiforp\\u202c x"');
  assert.equal(quoted(null), "(none)");
});

Deno.test("quoted caps very long text and says how much was left out", () => {
  const long = "a".repeat(300);
  assert.equal(quoted(long), `"${"a".repeat(120)}" (+180 more characters)`);
});
