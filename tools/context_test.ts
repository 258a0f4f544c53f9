import assert from "node:assert/strict";
import { DEFAULT_CONFIG } from "../lib/config.ts";
import type { AppDeps } from "../lib/deps.ts";
import { createHyperEvmClient } from "../lib/hyperevm/mod.ts";
import { createPapertradeClient } from "../lib/papertrade/mod.ts";
import { createToolContext } from "./context.ts";

Deno.test("createToolContext hands over the clients, clock and signal, and trims the site URL", () => {
  const deps: AppDeps = {
    config: { ...DEFAULT_CONFIG, siteUrl: "https://explorer.example/" },
    papertrade: createPapertradeClient({ baseUrl: "http://127.0.0.1:9" }),
    hyperevm: createHyperEvmClient({ rpcUrl: "http://127.0.0.1:9" }),
    now: () => 42,
  };
  const controller = new AbortController();
  const context = createToolContext(deps, controller.signal);
  assert.equal(context.papertrade, deps.papertrade);
  assert.equal(context.hyperevm, deps.hyperevm);
  assert.equal(context.now(), 42);
  assert.equal(context.signal, controller.signal);
  assert.equal(context.siteUrl, "https://explorer.example");
});
