import assert from "node:assert/strict";
import { PapertradeApiError, type WalletStreamEvent } from "../papertrade/mod.ts";
import { createMarketFeed } from "../markets/market_feed.ts";
import { createWalletHub } from "./wallet_hub.ts";
import { type LiveEvent, watchWalletPositions } from "./watch_positions.ts";
import {
  aborted,
  type ManualTimers,
  manualTimers,
  replayMaterial,
  scriptedClient,
  type ScriptedStream,
  settle,
  shiftPrices,
  snapshotThenWait,
} from "../../tests/support/live.ts";
import { walletPatch } from "../../tests/support/papertrade.ts";

const material = await replayMaterial();
const WHALE = material.whale.address;

const POLL_MS = 1_500;

/** What a test body gets: the next event (moving the clock until it comes), and the fakes. */
interface WatchHarness {
  next: () => Promise<LiveEvent | undefined>;
  watch: AsyncGenerator<LiveEvent, void, undefined>;
  scripted: ReturnType<typeof scriptedClient>;
  timers: ManualTimers;
}

/**
 * Moves the test clock in small steps until `promise` settles: timers (polls, reopen delays)
 * fire only as the clock moves, and nothing waits on real time.
 */
async function untilSettled<T>(promise: Promise<T>, timers: ManualTimers): Promise<T> {
  let settled = false;
  promise.then(() => settled = true, () => settled = true);
  await settle();
  for (let moved = 0; !settled; moved += 10) {
    if (moved > 120_000) assert.fail("no event within two minutes of test clock");
    await timers.advance(10);
    // A turn of the event loop too: the market history's samples are written to a real
    // (in-memory) KV beside the feed's polls, and the feed's stop waits for that write.
    if (moved % 1_000 === 0) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return promise;
}

/** Runs a watch over scripted streams on a test clock; everything is closed after. */
async function withWatch(
  streams: ScriptedStream[],
  body: (harness: WatchHarness) => Promise<void>,
) {
  const scripted = scriptedClient(material, streams);
  const timers = manualTimers();
  const feed = createMarketFeed(scripted.sources, { pollMs: POLL_MS, now: timers.now, timers });
  const control = new AbortController();
  const watch = watchWalletPositions(scripted.client, WHALE, {
    feed,
    now: () => 1_000,
    signal: control.signal,
    hub: createWalletHub(scripted.client, {
      reopenDelayMs: 1_000,
      maxReopenFailures: 2,
      graceMs: 0,
      timers,
    }),
  });
  const next = async () => (await untilSettled(watch.next(), timers)).value ?? undefined;
  try {
    await body({ next, watch, scripted, timers });
  } finally {
    control.abort();
    await untilSettled(watch.return(), timers);
  }
  // The hub closes its stream once the (zero) grace period has passed.
  for (let moved = 0; scripted.calls.openStreams > 0; moved++) {
    if (moved > 100) assert.fail("the upstream stream was never closed");
    await timers.advance(1);
  }
  assert.equal(timers.pending(), 0, "no timer outlives the watch");
}

function positionsOf(event: LiveEvent | undefined) {
  assert.equal(event?.type, "positions");
  return event.view;
}

Deno.test("a watch yields the valued snapshot, then a new view only when a mark moves", async () => {
  await withWatch([snapshotThenWait(material.whale)], async ({ next, watch, scripted, timers }) => {
    const first = positionsOf(await next());
    assert.equal(first.positions.length, material.whale.openPositions.length);
    assert.equal(first.generated_at_ms, 1_000);
    // Polls keep coming with the same prices; nothing is yielded until one moves.
    const polled = scripted.calls.prices;
    let yielded = false;
    const pending = watch.next().then((result) => {
      yielded = true;
      return result.value ?? undefined;
    });
    await timers.advance(3 * POLL_MS);
    assert.equal(scripted.calls.prices, polled + 3);
    assert.equal(yielded, false, "unchanged prices yield no view");
    scripted.setPrices(shiftPrices(material.prices, 50n, material.prices[0].at + 1_000));
    await timers.advance(POLL_MS);
    const second = positionsOf(await untilSettled(pending, timers));
    assert.notDeepEqual(
      second.positions.map((row) => row.mark_price),
      first.positions.map((row) => row.mark_price),
    );
  });
});

Deno.test("a patch that does not fit the account reopens the stream for a fresh snapshot", async () => {
  const [kept, ...closed] = material.whale.openPositions;
  const outOfSync: ScriptedStream = async function* () {
    yield { type: "snapshot", account: material.whale };
    yield {
      type: "patch",
      patch: walletPatch({
        address: WHALE,
        baseAccountRevision: material.whale.accountRevision + 5,
        accountRevision: material.whale.accountRevision + 6,
      }),
    } satisfies WalletStreamEvent;
    await new Promise(() => {}); // never reached: the watch leaves after the bad patch
  };
  const fresh = { ...material.whale, accountRevision: 99, openPositions: [kept] };
  await withWatch([outOfSync, snapshotThenWait(fresh)], async ({ next, scripted }) => {
    assert.equal(positionsOf(await next()).positions.length, closed.length + 1);
    assert.deepEqual(positionsOf(await next()).positions.map((row) => row.position_id), [
      kept.positionId,
    ]);
    assert.equal(scripted.calls.streams, 2);
  });
});

Deno.test("a patch that fits is applied: a closed position leaves the view", async () => {
  const [gone] = material.whale.openPositions;
  const patched: ScriptedStream = async function* (signal) {
    yield { type: "snapshot", account: material.whale };
    yield {
      type: "patch",
      patch: walletPatch({
        address: WHALE,
        baseAccountRevision: material.whale.accountRevision,
        accountRevision: material.whale.accountRevision + 1,
        closedPositions: [{
          positionId: gone.positionId,
          instrumentId: gone.instrumentId,
          isLong: gone.isLong,
          margin: gone.margin,
          leverage: gone.leverage,
          liquidated: false,
          netPnl: 0n,
          paperMinted: 0n,
        }],
      }),
    };
    await aborted(signal);
  };
  await withWatch([patched], async ({ next }) => {
    const views = [positionsOf(await next())];
    while (views.at(-1)!.positions.some((row) => row.position_id === gone.positionId)) {
      views.push(positionsOf(await next()));
    }
    assert.equal(views.at(-1)!.positions.length, material.whale.openPositions.length - 1);
  });
});

Deno.test("an unknown wallet ends the watch with its 404 at once", async () => {
  const notFound: ScriptedStream = () => {
    throw new PapertradeApiError("wallet not found", {
      endpoint: "/state/user/live",
      kind: "http",
      status: 404,
    });
  };
  await withWatch([notFound], async ({ next, scripted }) => {
    const event = await next();
    assert.equal(event?.type, "error");
    assert.equal((event.error as PapertradeApiError).status, 404);
    assert.equal(await next(), undefined, "nothing follows the error");
    assert.equal(scripted.calls.streams, 1, "a 404 is not retried");
  });
});

Deno.test("a stream that keeps dropping is reopened a bounded number of times, then fails", async () => {
  const drops: ScriptedStream = () => {
    throw new PapertradeApiError("connection reset", {
      endpoint: "/state/user/live",
      kind: "network",
    });
  };
  await withWatch([snapshotOnce(), drops], async ({ next, scripted }) => {
    positionsOf(await next());
    const event = await next();
    assert.equal(event?.type, "error");
    assert.match(String(event.error), /connection reset/);
    assert.equal(scripted.calls.streams, 1 + 3, "the first stream and three failed reopens");
  });
});

Deno.test("marks that cannot be read before the first view end the watch with that failure", async () => {
  await withWatch([snapshotThenWait(material.whale)], async ({ next, scripted }) => {
    scripted.failPrices(new Error("prices down"));
    const event = await next();
    assert.equal(event?.type, "error");
    assert.match(String(event.error), /prices down/);
  });
});

/** A stream that sends its snapshot and ends (the upstream closed it). */
function snapshotOnce(): ScriptedStream {
  return async function* () {
    yield { type: "snapshot", account: material.whale };
  };
}
