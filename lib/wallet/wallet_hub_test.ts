import assert from "node:assert/strict";
import { PapertradeApiError, type WalletAccount } from "../papertrade/mod.ts";
import { createWalletHub } from "./wallet_hub.ts";
import {
  controlledStreams,
  manualTimers,
  replayMaterial,
  settle,
} from "../../tests/support/live.ts";

const { whale } = await replayMaterial();
const WHALE = whale.address;

/** A listener that records what it hears. */
function recorder() {
  const accounts: WalletAccount[] = [];
  const errors: unknown[] = [];
  return {
    accounts,
    errors,
    listener: {
      onAccount: (a: WalletAccount) => accounts.push(a),
      onError: (e: unknown) => errors.push(e),
    },
  };
}

function setup(graceMs = 5_000) {
  const timers = manualTimers();
  const streams = controlledStreams();
  const hub = createWalletHub(streams.client, {
    timers,
    graceMs,
    reopenDelayMs: 1_000,
    maxReopenFailures: 2,
  });
  return { timers, streams, hub };
}

Deno.test("forty viewers of one wallet share one upstream stream; a late one gets the account at once", async () => {
  const { streams, hub } = setup();
  const viewers = Array.from({ length: 40 }, () => recorder());
  const leaves = viewers.map((viewer) => hub.subscribe(WHALE, viewer.listener));
  await settle();
  assert.equal(streams.openings.length, 1);
  streams.openings[0].push({ type: "snapshot", account: whale });
  await settle();
  assert.ok(viewers.every((viewer) => viewer.accounts.length === 1));
  const late = recorder();
  leaves.push(hub.subscribe(WHALE.toUpperCase().replace("0X", "0x"), late.listener));
  assert.equal(late.accounts.length, 1, "the current account, before any new event");
  assert.equal(streams.openings.length, 1);
  assert.deepEqual(hub.stats(), { wallets: 1, viewers: 41, upstreamStreams: 1 });
  leaves.forEach((leave) => leave());
});

Deno.test("the upstream stream closes a grace period after the last viewer leaves, not before", async () => {
  const { timers, streams, hub } = setup();
  const leave = hub.subscribe(WHALE, recorder().listener);
  await settle();
  streams.openings[0].push({ type: "snapshot", account: whale });
  await settle();
  leave();
  assert.equal(hub.stats().viewers, 0, "the slot is free at once");
  await timers.advance(4_999);
  assert.equal(streams.open(), 1, "still open inside the grace period");
  // A viewer coming back inside the grace period reuses the stream.
  const back = recorder();
  const leaveAgain = hub.subscribe(WHALE, back.listener);
  assert.equal(back.accounts.length, 1);
  leaveAgain();
  await timers.advance(5_000);
  assert.equal(streams.open(), 0);
  assert.deepEqual(hub.stats(), { wallets: 0, viewers: 0, upstreamStreams: 0 });
  assert.equal(timers.pending(), 0);
});

Deno.test("leaving during a pending upstream read frees everything after the grace period", async () => {
  const { timers, streams, hub } = setup();
  const leave = hub.subscribe(WHALE, recorder().listener);
  await settle();
  assert.ok(streams.openings[0].reading(), "the hub is waiting on the upstream");
  leave();
  await timers.advance(5_000);
  assert.ok(streams.openings[0].signal.aborted);
  assert.equal(streams.open(), 0);
  assert.equal(hub.stats().wallets, 0);
});

Deno.test("leaving while the stream waits to reopen cancels the reopen", async () => {
  const { timers, streams, hub } = setup(500); // the grace ends inside the 1 s reopen pause
  const leave = hub.subscribe(WHALE, recorder().listener);
  await settle();
  streams.openings[0].push({ type: "snapshot", account: whale });
  streams.openings[0].end(); // an upstream restart
  await settle();
  assert.equal(streams.open(), 0, "between openings");
  leave();
  await timers.advance(500);
  assert.equal(hub.stats().wallets, 0);
  await timers.advance(60_000);
  assert.equal(streams.openings.length, 1, "no reopen after the last viewer left");
  assert.equal(hub.stats().wallets, 0);
});

Deno.test("leaving while a reopen is being answered closes that new stream too", async () => {
  const { timers, streams, hub } = setup();
  const viewer = recorder();
  const leave = hub.subscribe(WHALE, viewer.listener);
  await settle();
  streams.openings[0].push({ type: "snapshot", account: whale });
  streams.openings[0].fail(new PapertradeApiError("reset", { endpoint: "/s", kind: "network" }));
  await settle();
  await timers.advance(1_000);
  assert.equal(streams.openings.length, 2, "reopened after the pause");
  assert.ok(streams.openings[1].reading());
  leave();
  await timers.advance(5_000);
  assert.ok(streams.openings[1].signal.aborted);
  assert.equal(streams.open(), 0);
  assert.deepEqual(viewer.errors, [], "a reset the hub rode out is not the viewer's error");
});

Deno.test("a reset stream is reopened and its fresh snapshot reaches every viewer", async () => {
  const { timers, streams, hub } = setup();
  const a = recorder();
  const b = recorder();
  const leaves = [hub.subscribe(WHALE, a.listener), hub.subscribe(WHALE, b.listener)];
  await settle();
  streams.openings[0].push({ type: "snapshot", account: whale });
  streams.openings[0].fail(new PapertradeApiError("reset", { endpoint: "/s", kind: "network" }));
  await settle();
  await timers.advance(1_000);
  const newer = { ...whale, accountRevision: whale.accountRevision + 1 };
  streams.openings[1].push({ type: "snapshot", account: newer });
  await settle();
  assert.equal(a.accounts.at(-1), newer);
  assert.equal(b.accounts.at(-1), newer);
  leaves.forEach((leave) => leave());
});

Deno.test("an unknown wallet fails every viewer and the next one starts afresh", async () => {
  const { streams, hub } = setup();
  const viewer = recorder();
  hub.subscribe(WHALE, viewer.listener);
  await settle();
  streams.openings[0].fail(
    new PapertradeApiError("404", { endpoint: "/s", kind: "http", status: 404 }),
  );
  await settle();
  assert.equal(viewer.errors.length, 1);
  assert.equal(hub.stats().wallets, 0);
  const leave = hub.subscribe(WHALE, recorder().listener);
  await settle();
  assert.equal(streams.openings.length, 2);
  leave();
});

Deno.test("a listener that throws does not stop the others from hearing", async () => {
  const { streams, hub } = setup();
  const good = recorder();
  const original = console.error;
  console.error = () => {};
  try {
    const leaves = [
      hub.subscribe(WHALE, {
        onAccount: () => {
          throw new Error("broken viewer");
        },
        onError: () => {},
      }),
      hub.subscribe(WHALE, good.listener),
    ];
    await settle();
    streams.openings[0].push({ type: "snapshot", account: whale });
    await settle();
    assert.equal(good.accounts.length, 1);
    leaves.forEach((leave) => leave());
  } finally {
    console.error = original;
  }
});
