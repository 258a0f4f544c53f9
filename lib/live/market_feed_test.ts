import assert from "node:assert/strict";
import { createMarketFeed, type MarketState } from "./market_feed.ts";
import { replayMaterial, scriptedClient, shiftPrices, snapshotThenWait } from "./_testing.ts";

const material = await replayMaterial();

/** Resolves with the next `count` market states a new subscriber hears. */
function listen(feed: ReturnType<typeof createMarketFeed>, count: number) {
  const states: MarketState[] = [];
  const { promise, resolve } = Promise.withResolvers<MarketState[]>();
  const leave = feed.subscribe({
    onMarket(state) {
      states.push(state);
      if (states.length === count) resolve(states);
    },
    onError: () => {},
  });
  return { states: promise, leave };
}

Deno.test("subscribers share one price poll and the poll stops when the last one leaves", async () => {
  const scripted = scriptedClient(material, [snapshotThenWait(material.whale)]);
  const feed = createMarketFeed(scripted.client, { pollMs: 10 });
  const first = listen(feed, 3);
  const second = listen(feed, 2);
  await Promise.all([first.states, second.states]);
  await first.leave();
  await second.leave();
  const pricesRead = scripted.calls.prices;
  // Two listeners over at least three polls: one read per poll, not per listener.
  assert.ok(pricesRead >= 3 && pricesRead <= 4, `prices read ${pricesRead} times`);
  assert.equal(scripted.calls.trading, 1, "the trading state is read once per refresh period");
  await new Promise((resolve) => setTimeout(resolve, 40));
  assert.equal(scripted.calls.prices, pricesRead, "no poll after the last listener left");
});

Deno.test("the feed builds marks from the latest prices and follows them as they move", async () => {
  const scripted = scriptedClient(material, [snapshotThenWait(material.whale)]);
  const feed = createMarketFeed(scripted.client, { pollMs: 5 });
  const before = listen(feed, 1);
  const [state] = await before.states;
  const btc = state.marks.get(0)!;
  scripted.setPrices(shiftPrices(material.prices, 100n, btc.at! + 1000));
  const { promise, resolve } = Promise.withResolvers<bigint>();
  const leave = feed.subscribe({
    onMarket(next) {
      const mark = next.marks.get(0)!.markRaw;
      if (mark !== btc.markRaw) resolve(mark);
    },
    onError: () => {},
  });
  assert.equal(await promise, btc.markRaw + 100n);
  await before.leave();
  await leave();
});

Deno.test("a failed poll reaches every listener and the feed keeps polling", async () => {
  const scripted = scriptedClient(material, [snapshotThenWait(material.whale)]);
  scripted.failPrices(new Error("prices down"));
  const feed = createMarketFeed(scripted.client, { pollMs: 5 });
  const errors: unknown[] = [];
  const { promise, resolve } = Promise.withResolvers<MarketState>();
  const leave = feed.subscribe({
    onMarket: resolve,
    onError(error) {
      errors.push(error);
      if (errors.length === 2) scripted.failPrices(null);
    },
  });
  const state = await promise;
  assert.equal(errors.length, 2);
  assert.match(String(errors[0]), /prices down/);
  assert.ok(state.marks.size > 0);
  await leave();
});
