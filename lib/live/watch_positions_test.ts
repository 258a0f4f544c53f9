import assert from "node:assert/strict";
import { PapertradeApiError, type WalletStreamEvent } from "../papertrade/mod.ts";
import { createMarketFeed } from "./market_feed.ts";
import { createWalletHub } from "./wallet_hub.ts";
import { type LiveEvent, watchWalletPositions } from "./watch_positions.ts";
import {
  aborted,
  replayMaterial,
  scriptedClient,
  type ScriptedStream,
  shiftPrices,
  snapshotThenWait,
} from "./_testing.ts";

const material = await replayMaterial();
const WHALE = material.whale.address;

/** Runs a watch over scripted streams; `body` pulls events; everything is closed after. */
async function withWatch(
  streams: ScriptedStream[],
  body: (
    next: () => Promise<LiveEvent | undefined>,
    scripted: ReturnType<typeof scriptedClient>,
  ) => Promise<void>,
) {
  const scripted = scriptedClient(material, streams);
  const feed = createMarketFeed(scripted.client, { pollMs: 5 });
  const control = new AbortController();
  const watch = watchWalletPositions(scripted.client, WHALE, {
    feed,
    now: () => 1_000,
    signal: control.signal,
    hub: createWalletHub(scripted.client, { reopenDelayMs: 1, maxReopenFailures: 2, graceMs: 0 }),
  });
  try {
    await body(async () => (await watch.next()).value ?? undefined, scripted);
  } finally {
    control.abort();
    await watch.return();
  }
  // The hub closes its stream once the (zero) grace period has passed.
  for (let waited = 0; scripted.calls.openStreams > 0; waited += 5) {
    if (waited > 2_000) assert.fail("the upstream stream was never closed");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function positionsOf(event: LiveEvent | undefined) {
  assert.equal(event?.type, "positions");
  return event.view;
}

Deno.test("a watch yields the valued snapshot, then a new view only when a mark moves", async () => {
  await withWatch([snapshotThenWait(material.whale)], async (next, scripted) => {
    const first = positionsOf(await next());
    assert.equal(first.rows.length, material.whale.openPositions.length);
    assert.equal(first.generatedAt, 1_000);
    // Polls keep coming with the same prices; nothing is yielded until one moves.
    const polled = scripted.calls.prices;
    await new Promise((resolve) => setTimeout(resolve, 30));
    assert.ok(scripted.calls.prices > polled);
    scripted.setPrices(shiftPrices(material.prices, 50n, material.prices[0].timestamp + 1_000));
    const second = positionsOf(await next());
    assert.notDeepEqual(second.rows.map((row) => row.mark), first.rows.map((row) => row.mark));
  });
});

Deno.test("a patch that does not fit the account reopens the stream for a fresh snapshot", async () => {
  const [kept, ...closed] = material.whale.openPositions;
  const outOfSync: ScriptedStream = async function* () {
    yield { type: "snapshot", account: material.whale };
    yield {
      type: "patch",
      patch: {
        address: WHALE,
        baseAccountRevision: material.whale.accountRevision + 5,
        accountRevision: material.whale.accountRevision + 6,
        addedPositions: [],
        removedPositions: [],
        closedPositions: [],
        addedOperations: [],
        removedOperations: [],
        endedIntents: [],
      },
    } satisfies WalletStreamEvent;
    await new Promise(() => {}); // never reached: the watch leaves after the bad patch
  };
  const fresh = { ...material.whale, accountRevision: 99, openPositions: [kept] };
  await withWatch([outOfSync, snapshotThenWait(fresh)], async (next, scripted) => {
    assert.equal(positionsOf(await next()).rows.length, closed.length + 1);
    assert.deepEqual(positionsOf(await next()).rows.map((row) => row.id), [kept.positionId]);
    assert.equal(scripted.calls.streams, 2);
  });
});

Deno.test("a patch that fits is applied: a closed position leaves the view", async () => {
  const [gone] = material.whale.openPositions;
  const patched: ScriptedStream = async function* (signal) {
    yield { type: "snapshot", account: material.whale };
    yield {
      type: "patch",
      patch: {
        address: WHALE,
        baseAccountRevision: material.whale.accountRevision,
        accountRevision: material.whale.accountRevision + 1,
        addedPositions: [],
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
        removedPositions: [],
        addedOperations: [],
        removedOperations: [],
        endedIntents: [],
      },
    };
    await aborted(signal);
  };
  await withWatch([patched], async (next) => {
    const views = [positionsOf(await next())];
    while (views.at(-1)!.rows.some((row) => row.id === gone.positionId)) {
      views.push(positionsOf(await next()));
    }
    assert.equal(views.at(-1)!.rows.length, material.whale.openPositions.length - 1);
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
  await withWatch([notFound], async (next, scripted) => {
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
  await withWatch([snapshotOnce(), drops], async (next, scripted) => {
    positionsOf(await next());
    const event = await next();
    assert.equal(event?.type, "error");
    assert.match(String(event.error), /connection reset/);
    assert.equal(scripted.calls.streams, 1 + 3, "the first stream and three failed reopens");
  });
});

Deno.test("marks that cannot be read before the first view end the watch with that failure", async () => {
  await withWatch([snapshotThenWait(material.whale)], async (next, scripted) => {
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
