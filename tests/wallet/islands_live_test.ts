/**
 * The wallet islands after hydration, driven by a fake stream, clock and one-second timer (the
 * real island code in a small DOM, linkedom; the browser tests run the real stream): the
 * "Updated" age counts up until the figures change, and live rows keep their order until the
 * reader re-sorts.
 */
import assert from "node:assert/strict";
import { parseHTML } from "linkedom";
import { h, options } from "preact";
import { renderToString } from "preact-render-to-string";
import { Island } from "../../client/island.tsx";
import { hydrateIslands } from "../../client/hydrate.ts";
import { ISLANDS } from "../../client/island_registry.ts";
import { connectWallet } from "../../client/wallet_store.ts";
import type { FollowHandlers } from "../../client/wallet_follow.ts";
import { type LiveWallet, liveWalletOf } from "../../lib/wallet/mod.ts";
import { fetchWalletPositions } from "../../lib/position/mod.ts";
import { catalog, withTestApp } from "../harness.ts";

// deno-lint-ignore no-explicit-any
type Any = any;

/** The real whale's live wallet, at catalog time. */
async function whaleLive(): Promise<LiveWallet> {
  let live: LiveWallet | undefined;
  await withTestApp(async (app) => {
    const positions = await fetchWalletPositions(app.deps, catalog.wallets.whale.address);
    live = liveWalletOf({ ...positions, accumulator: null }, catalog.baseTimeMs);
  });
  return live!;
}

Deno.test("hydrated wallet islands count ages up, keep row order and re-sort on request", async () => {
  const initial = await whaleLive();
  assert.ok(initial.positions.length >= 2, "the whale has positions to reorder");
  const html = renderToString(h(Island, { name: "LivePositions", props: { live: initial } }));
  const { window, document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`) as Any;
  const scope = globalThis as Any;
  const debounce = options.debounceRendering;
  // Signal updates re-render at once, so each step below sees its result.
  options.debounceRendering = (render) => render();
  scope.window = window;
  scope.document = document;
  let browserMs = 1_000_000;
  let everySecond = () => {};
  let stream: FollowHandlers | undefined;
  try {
    connectWallet(initial, {
      now: () => browserMs,
      everySecond: (run) => everySecond = run,
      follow: (_address, handlers) => {
        stream = handlers;
        return () => {};
      },
    });
    assert.equal(hydrateIslands(document, ISLANDS), 1);
    const freshness = () => document.querySelector(".freshness").textContent as string;
    const ids = () =>
      [...document.querySelectorAll("tr[data-position]")].map((row: Any) =>
        row.getAttribute("data-position")
      );
    const second = () => {
      browserMs += 1_000;
      everySecond();
    };
    assert.match(freshness(), /Updated 0 s ago/);
    stream!.onMode("live");
    second();
    second();
    second();
    assert.match(freshness(), /^Live Updated 3 s ago/);
    // A heartbeat confirms the figures; it does not make them newer.
    stream!.onConfirmed(initial.generated_at_ms + 3_000);
    second();
    assert.match(freshness(), /Updated 4 s ago/);

    // New figures: the last position is now the nearest to bust.
    const order = ids();
    const moved = [initial.positions.at(-1)!, ...initial.positions.slice(0, -1)];
    stream!.onView({
      ...initial,
      positions: moved,
      generated_at_ms: initial.generated_at_ms + 4_000,
    });
    assert.match(freshness(), /Updated 0 s ago/);
    assert.deepEqual(ids(), order, "rows keep their places");
    const note = document.querySelector(".order-note");
    assert.ok(note, "a note offers the new order");
    note.querySelector("button").dispatchEvent(new window.Event("click", { bubbles: true }));
    assert.deepEqual(ids(), moved.map((row) => row.position_id));
    assert.equal(document.querySelector(".order-note"), null);
  } finally {
    options.debounceRendering = debounce;
    delete scope.window;
    delete scope.document;
  }
});

Deno.test("a server render shows its own props, whatever a page's store in this process holds", async () => {
  const whale = await whaleLive();
  const scope = globalThis as Any;
  const { window } = parseHTML("<!doctype html><html><body></body></html>") as Any;
  scope.window = window;
  try {
    // A page's store, as the test above leaves it (a no-op if that test already connected it).
    connectWallet(whale, { follow: () => () => {}, everySecond: () => {} });
  } finally {
    delete scope.window;
  }
  const empty = { ...whale, positions: [], generated_at_ms: whale.generated_at_ms + 60_000 };
  const html = renderToString(h(Island, { name: "LivePositions", props: { live: empty } }));
  assert.doesNotMatch(html, /data-position=/, "no row of the store's live wallet");
  assert.ok(whale.positions.length > 0);
});
