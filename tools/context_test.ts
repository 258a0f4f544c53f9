import assert from "node:assert/strict";
import { DEFAULT_CONFIG } from "../lib/config.ts";
import { createDeps } from "../lib/boot.ts";
import { createToolContext } from "./context.ts";

Deno.test("createToolContext hands over the clients, clock and signal, and trims the site URL", () => {
  const deps = createDeps({ ...DEFAULT_CONFIG, siteUrl: "https://explorer.example/" }, {
    now: () => 42,
  });
  const controller = new AbortController();
  const context = createToolContext(deps, controller.signal);
  assert.equal(context.papertrade, deps.papertrade);
  assert.equal(context.hyperevm, deps.hyperevm);
  assert.equal(context.quotes, deps.quotes);
  assert.equal(context.now(), 42);
  assert.equal(context.signal, controller.signal);
  assert.equal(context.siteUrl, "https://explorer.example");
});
