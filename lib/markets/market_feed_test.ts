import assert from "node:assert/strict";
import { createMarketFeed, type MarketFeed, type MarketState } from "./market_feed.ts";
import {
  manualTimers,
  replayMaterial,
  scriptedClient,
  settle,
  shiftPrices,
  snapshotThenWait,
} from "../../tests/support/live.ts";

const material = await replayMaterial();
const POLL_MS = 1_500;

/** A feed over a scripted client, on a clock the test moves. */
function scriptedFeed() {
  const scripted = scriptedClient(material, [snapshotThenWait(material.whale)]);
  const timers = manualTimers();
  const feed = createMarketFeed(scripted.sources, {
    pollMs: POLL_MS,
    now: timers.now,
    timers,
  });
  return { scripted, timers, feed };
}

/** Subscribes and records every state and error the listener hears. */
function listen(feed: MarketFeed) {
  const states: MarketState[] = [];
  const errors: unknown[] = [];
  const leave = feed.subscribe({
    onMarket: (state) => states.push(state),
    onError: (error) => errors.push(error),
  });
  return { states, errors, leave };
}

Deno.test("subscribers share one price poll and the poll stops when the last one leaves", async () => {
  const { scripted, timers, feed } = scriptedFeed();
  const first = listen(feed);
  const second = listen(feed);
  await settle();
  assert.equal(scripted.calls.prices, 1, "the first subscriber starts one poll at once");
  assert.equal(first.states.length, 1);
  assert.equal(second.states.length, 1);
  await timers.advance(POLL_MS - 1);
  assert.equal(scripted.calls.prices, 1, "no poll before the interval has passed");
  await timers.advance(1);
  await timers.advance(POLL_MS);
  // Two listeners over three polls: one read per poll, not per listener.
  assert.equal(scripted.calls.prices, 3);
  assert.equal(first.states.length, 3);
  assert.equal(second.states.length, 3);
  assert.equal(scripted.calls.trading, 1, "the trading state is read once per refresh period");
  await first.leave();
  await timers.advance(POLL_MS);
  assert.equal(scripted.calls.prices, 4, "one listener left keeps the poll going");
  await second.leave();
  assert.equal(timers.pending(), 0, "no poll is scheduled after the last listener left");
  await timers.advance(10 * POLL_MS);
  assert.equal(scripted.calls.prices, 4);
});

Deno.test("the trading state is read again once its refresh period has passed", async () => {
  const { scripted, timers, feed } = scriptedFeed();
  const listener = listen(feed);
  await settle();
  await timers.advance(30_000 - POLL_MS);
  assert.equal(scripted.calls.trading, 1);
  await timers.advance(POLL_MS);
  assert.equal(scripted.calls.trading, 2);
  await listener.leave();
});

Deno.test("the feed builds marks from the latest prices and follows them as they move", async () => {
  const { scripted, timers, feed } = scriptedFeed();
  const listener = listen(feed);
  await settle();
  const btc = listener.states[0].marks.get(0)!;
  scripted.setPrices(shiftPrices(material.prices, 100n, btc.at! + 1000));
  await timers.advance(POLL_MS);
  assert.equal(listener.states.length, 2);
  assert.equal(listener.states[1].marks.get(0)!.markRaw, btc.markRaw + 100n);
  const late = listen(feed);
  assert.equal(late.states.length, 1, "a new subscriber hears the latest state at once");
  assert.equal(late.states[0].marks.get(0)!.markRaw, btc.markRaw + 100n);
  await listener.leave();
  await late.leave();
});

Deno.test("a failed poll reaches every listener and the feed keeps polling", async () => {
  const { scripted, timers, feed } = scriptedFeed();
  scripted.failPrices(new Error("prices down"));
  const first = listen(feed);
  const second = listen(feed);
  await settle();
  await timers.advance(POLL_MS);
  assert.equal(first.errors.length, 2);
  assert.equal(second.errors.length, 2);
  assert.match(String(first.errors[0]), /prices down/);
  assert.equal(first.states.length, 0);
  scripted.failPrices(null);
  await timers.advance(POLL_MS);
  assert.equal(first.states.length, 1);
  assert.equal(second.states.length, 1);
  assert.ok(first.states[0].marks.size > 0);
  await first.leave();
  await second.leave();
});
