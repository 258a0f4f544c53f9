/**
 * The context of one tool call, seen through a real tool over the replay: its links start at the
 * configured site (trailing slashes trimmed), its clock is the app's, and its signal reaches
 * the tool's upstream reads, so a caller who leaves ends the call (the shared read itself runs
 * on for other callers: `ReadCache.getOrLoad`).
 */
import assert from "node:assert/strict";
import { DEFAULT_CONFIG } from "../lib/config.ts";
import { createDeps } from "../lib/boot.ts";
import { catalog, startReplayUpstream } from "../fixtures/mod.ts";
import { replayDeps } from "../replay_app.ts";
import { callTool } from "../tests/support/tools.ts";
import { createToolContext } from "./context.ts";
import { getWalletTool } from "./get_wallet.ts";

const ADDRESS = catalog.wallets.whale.address.toLowerCase();

Deno.test("createToolContext hands over the app's clients, clock and the call's signal", () => {
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
});

Deno.test("a tool run with the context links from the configured site, however many slashes end it", async () => {
  const upstream = await startReplayUpstream({ port: 0, now: () => catalog.baseTimeMs });
  try {
    for (const siteUrl of ["https://explorer.example", "https://explorer.example///"]) {
      const context = createToolContext(
        replayDeps(upstream, { siteUrl }),
        new AbortController().signal,
      );
      const { structured } = await callTool(getWalletTool, { address: ADDRESS }, context);
      assert.equal(
        structured.links.wallet_page,
        `https://explorer.example/wallet/${ADDRESS}`,
        siteUrl,
      );
      assert.equal(structured.links.share_link, `https://explorer.example/w/${ADDRESS}`, siteUrl);
    }
  } finally {
    await upstream.close();
  }
});

Deno.test("aborting the context's signal ends a tool call whose upstream read hangs", async () => {
  const upstream = await startReplayUpstream({
    port: 0,
    now: () => catalog.baseTimeMs,
    faults: { target: "api", hang: true },
  });
  // A minute per read: only the signal can end the call before the guard below.
  const deps = replayDeps(upstream, { upstreamTimeoutMs: 60_000 });
  const caller = new AbortController();
  const call = callTool(getWalletTool, { address: ADDRESS }, createToolContext(deps, caller.signal))
    .then(() => "answered", () => "ended");
  // The guards only end a failing case; no duration is asserted.
  try {
    const giveUp = Date.now() + 10_000;
    while (upstream.stats().openHangs === 0 && Date.now() < giveUp) {
      await new Promise((ok) => setTimeout(ok, 5));
    }
    assert.ok(upstream.stats().openHangs > 0, "the tool's read is held");
    caller.abort(new Error("the caller left"));
    let guard: ReturnType<typeof setTimeout> | undefined;
    const stillRunning = new Promise((ok) => (guard = setTimeout(ok, 10_000, "still running")));
    assert.equal(await Promise.race([call, stillRunning]), "ended");
    clearTimeout(guard);
  } finally {
    await upstream.close();
  }
});
