/**
 * One state per intent (issue 24, point 5): pending, ended (an outcome the wallet's stream
 * reported) and settled exclude each other, and the intent page, lookup_intent, get_intents and
 * the live islands' data (the stream and positions.json) say the same at the same moment. The
 * replay's wallet streams are moved one patch at a time (`POST /_control/patch`), so "the same
 * moment" is a state the test holds still.
 */
import assert from "node:assert/strict";
import { createParser } from "eventsource-parser";
import type { Hono } from "hono";
import { createApp } from "../../app.tsx";
import { catalog, type ReplayUpstream, startReplayUpstream } from "../../fixtures/mod.ts";
import { replayDeps } from "../harness.ts";
import type { LiveWallet } from "../../lib/wallet/mod.ts";
import { mergeLive } from "../../client/wallet_store.ts";

const PENDING_OPS = catalog.wallets.pending_ops.address;

interface Faces {
  app: Hono;
  upstream: ReplayUpstream;
}

/** The app over a replay upstream whose streams patch only when the test says so. */
async function withFaces(
  body: (faces: Faces) => Promise<void>,
  options: { dataDir?: string } = {},
): Promise<void> {
  const upstream = await startReplayUpstream({
    now: () => catalog.baseTimeMs,
    dataDir: options.dataDir,
  });
  try {
    // Tool calls read a limiter clock that moves a minute per call: the test makes many.
    let minutes = 0;
    const app = createApp(replayDeps(upstream), {
      live: { pricePollMs: 50, heartbeatMs: 50, hub: { graceMs: 0 } },
      limiter: { now: () => catalog.baseTimeMs + 60_000 * minutes++ },
    });
    await body({ app, upstream });
  } finally {
    await upstream.close();
  }
}

/** A wallet's live stream as the island reads it: each view, in order. */
async function openLive(app: Hono, wallet: string) {
  const response = await app.request(`/wallet/${wallet}/live`);
  assert.equal(response.status, 200);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const views: LiveWallet[] = [];
  const parser = createParser({
    onEvent: (event) => {
      if (event.event === "positions") views.push(JSON.parse(event.data));
    },
  });
  return {
    views,
    /** Reads until a view satisfies `test` (the 10 s guard only ends a failing case). */
    async until(test: (view: LiveWallet, index: number) => boolean): Promise<LiveWallet> {
      const guard = Date.now() + 10_000;
      while (Date.now() < guard) {
        const found = views.find((view, index) => test(view, index));
        if (found) return found;
        const chunk = await reader.read();
        if (chunk.done) break;
        parser.feed(chunk.value);
      }
      throw new Error("the live stream never showed the view waited for");
    },
    close: () => reader.cancel(),
  };
}

/** Sends the next patch on the wallet's open replay streams. */
async function step(upstream: ReplayUpstream, wallet: string): Promise<void> {
  const response = await fetch(`${upstream.origin}/_control/patch`, {
    method: "POST",
    body: JSON.stringify({ wallet }),
  });
  assert.ok((await response.json()).sent >= 1, "a stream of the wallet is open");
}

async function tool(app: Hono, name: string, args: Record<string, unknown>) {
  const response = await app.request(`/api/tools/${name}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(args),
  });
  assert.equal(response.status, 200, name);
  return await response.json();
}

type Phase = "settled" | "ended" | "pending" | "not_found";

/** The state the intent page says, from its headline's data attribute. */
async function pagePhase(app: Hono, id: string, wallet: string): Promise<Phase> {
  const response = await app.request(`/intent/${id}?wallet=${wallet}`);
  const html = await response.text();
  const phase = /<div data-intent-state="(\w+)"><h1/.exec(html)?.[1];
  assert.ok(phase, `the page of ${id} states its state`);
  return phase as Phase;
}

const TOOL_PHASES: Record<string, Phase> = {
  feed: "settled",
  settled: "settled",
  history: "settled",
  ended: "ended",
  pending: "pending",
  not_found: "not_found",
};

/** Where an intent stands in a list of pending intents and a list of outcomes. */
function listed(
  pending: readonly { intentId?: string; intent_id?: string }[],
  outcomes: readonly { intentId?: string; intent_id?: string }[],
  id: string,
): Phase | "neither" {
  const has = (items: typeof pending) => items.some((i) => (i.intentId ?? i.intent_id) === id);
  assert.ok(!(has(pending) && has(outcomes)), `${id} is listed as pending and with an outcome`);
  return has(pending) ? "pending" : has(outcomes) ? "ended" : "neither";
}

Deno.test("a settled intent's page never says the intent did not settle", async () => {
  // Settled 2.5 hours ago, before the blocks the explorer scans: found in the trade history.
  const old = catalog.intents.settled_too_old;
  await withFaces(async ({ app }) => {
    const response = await app.request(`/intent/${old.id}?wallet=${old.wallet}`);
    const html = await response.text();
    assert.match(html, /Intent: settled/);
    assert.doesNotMatch(html, /No settlement in blocks/);
    assert.match(html, /data-intent-state="settled"/);
    const result = await tool(app, "lookup_intent", { intent_id: old.id, wallet: old.wallet });
    assert.equal(result.state, "history");
    assert.equal(result.history.tx_hash, old.txHash);
  });
});

Deno.test("an intent the relayer still lists but the chain shows settled is settled, not pending", async () => {
  // The relayer's list lags the chain: the whale's settled open is still among its operations.
  const settled = catalog.intents.settled_in_window;
  const dataDir = await Deno.makeTempDir();
  try {
    const source = new URL("../../fixtures/data/", import.meta.url);
    for await (const entry of Deno.readDir(source)) {
      await Deno.copyFile(new URL(entry.name, source), `${dataDir}/${entry.name}`);
    }
    const wallets = JSON.parse(await Deno.readTextFile(`${dataDir}/wallets.json`));
    const owner = wallets[settled.wallet];
    const queued = [...owner.operations[0]];
    queued[0] = settled.id;
    owner.operations = [queued, ...owner.operations];
    await Deno.writeTextFile(`${dataDir}/wallets.json`, JSON.stringify(wallets));
    await withFaces(async ({ app }) => {
      const result = await tool(app, "lookup_intent", {
        intent_id: settled.id,
        wallet: settled.wallet,
      });
      assert.equal(result.state, "settled");
      assert.equal(result.pending, null);
      assert.equal(result.settlement.tx_hash, settled.txHash);
      const html = await (await app.request(`/intent/${settled.id}?wallet=${settled.wallet}`))
        .text();
      assert.doesNotMatch(html, /<h2>Queued at the relayer<\/h2>/);
      assert.equal(await pagePhase(app, settled.id, settled.wallet), "settled");
    }, { dataDir });
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

/** The live view a wallet page renders (its islands' one props blob). */
async function renderedView(
  app: Hono,
  wallet: string,
): Promise<{ html: string; view: LiveWallet }> {
  const html = await (await app.request(`/wallet/${wallet}`)).text();
  const blob = /data-island-props="([^"]*)"/.exec(html)![1].replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&").replaceAll("&lt;", "<").replaceAll("&gt;", ">");
  return { html, view: (JSON.parse(blob) as { live: LiveWallet }).live };
}

Deno.test("a close settled two minutes ago is a recent outcome on its wallet's page, never 'no outcome yet'", async () => {
  // A close in the live feed, settled in a batch two minutes before the data's "now".
  const feed = catalog.intents.feed;
  await withFaces(async ({ app }) => {
    const { html, view } = await renderedView(app, feed.wallet);
    assert.doesNotMatch(html, /No intent outcome/);
    const outcome = view.outcomes.find((item) => item.intent_id === feed.id);
    assert.equal(outcome?.outcome, "settled");
    assert.equal(listed(view.pending, view.outcomes, feed.id), "ended");
    // Its page and lookup_intent say settled too; the live updates keep it.
    assert.equal(await pagePhase(app, feed.id, feed.wallet), "settled");
    const live = await openLive(app, feed.wallet);
    try {
      const merged = mergeLive(view, await live.until(() => true));
      assert.equal(merged.outcomes.find((item) => item.intent_id === feed.id)?.outcome, "settled");
    } finally {
      await live.close();
    }
  });
});

Deno.test("while a wallet page is open, get_intents never lists an ended intent as pending too", async () => {
  await withFaces(async ({ app, upstream }) => {
    const live = await openLive(app, PENDING_OPS);
    try {
      await live.until(() => true);
      // Every third patch ends an operation: succeeded, failed, expired, cancelled in turn;
      // the patch after it accepts the operation again.
      const seen = new Set<string>();
      for (let k = 1; k <= 11; k++) {
        const before = live.views.length;
        await step(upstream, PENDING_OPS);
        const view = await live.until((_, i) => i >= before);
        const result = await tool(app, "get_intents", { address: PENDING_OPS });
        for (const ended of view.outcomes) {
          seen.add(ended.outcome);
          assert.equal(
            listed(result.pending, result.recent_outcomes, ended.intent_id),
            "ended",
            `patch ${k}: the live view's ${ended.outcome} intent`,
          );
          const reported = result.recent_outcomes.find((o: { intent_id: string }) =>
            o.intent_id === ended.intent_id
          );
          assert.equal(reported.outcome, ended.outcome);
        }
        for (const intent of view.pending) {
          assert.equal(listed(result.pending, result.recent_outcomes, intent.intent_id), "pending");
        }
        assert.equal(result.count, view.pending.length, `patch ${k}: the same pending intents`);
      }
      assert.ok(seen.has("expired") && seen.has("cancelled"), [...seen].join());
    } finally {
      await live.close();
    }
  });
});

Deno.test("live updates keep the recent outcomes the server rendered", async () => {
  await withFaces(async ({ app, upstream }) => {
    // A first viewer sees an operation end, then leaves: the stream closes.
    const first = await openLive(app, PENDING_OPS);
    await first.until(() => true);
    for (let k = 1; k <= 2; k++) {
      const before = first.views.length;
      await step(upstream, PENDING_OPS);
      await first.until((_, i) => i >= before);
    }
    const ended = first.views.at(-1)!.outcomes[0];
    assert.ok(ended, "the second patch ended an operation");
    await first.close();
    // The page rendered now lists that outcome, and not the intent as pending.
    const rendered = (await renderedView(app, PENDING_OPS)).view;
    assert.equal(listed(rendered.pending, rendered.outcomes, ended.intent_id), "ended");
    // A new stream (a fresh upstream snapshot) and the polling twin update that page: the
    // outcome stays, and the intent does not come back as pending.
    const second = await openLive(app, PENDING_OPS);
    try {
      const update = await second.until(() => true);
      const merged = mergeLive(rendered, update);
      assert.equal(listed(merged.pending, merged.outcomes, ended.intent_id), "ended");
      const polled = await (await app.request(`/wallet/${PENDING_OPS}/positions.json`)).json();
      const mergedPoll = mergeLive(rendered, polled);
      assert.equal(listed(mergedPoll.pending, mergedPoll.outcomes, ended.intent_id), "ended");
    } finally {
      await second.close();
    }
  });
});

Deno.test("an intent has one state on its page, in lookup_intent, in get_intents and in the live views", async () => {
  await withFaces(async ({ app, upstream }) => {
    const live = await openLive(app, PENDING_OPS);
    try {
      await live.until(() => true);
      const ids = Object.values(catalog.intents.pendingByAction);
      for (let k = 1; k <= 8; k++) {
        const before = live.views.length;
        await step(upstream, PENDING_OPS);
        const view = await live.until((_, i) => i >= before);
        // Nothing moves until the next step: every face is read at this moment.
        const intents = await tool(app, "get_intents", { address: PENDING_OPS });
        const polled = await (await app.request(`/wallet/${PENDING_OPS}/positions.json`)).json();
        for (const id of ids) {
          const stream = listed(view.pending, view.outcomes, id);
          const faces = {
            stream,
            polled: listed(polled.pending, polled.outcomes, id),
            get_intents: listed(intents.pending, intents.recent_outcomes, id),
            lookup_intent: TOOL_PHASES[
              (await tool(app, "lookup_intent", { intent_id: id, wallet: PENDING_OPS })).state
            ],
            page: await pagePhase(app, id, PENDING_OPS),
          };
          const expected = stream === "neither" ? "not_found" : stream;
          assert.deepEqual(faces, {
            stream,
            polled: stream,
            get_intents: stream,
            lookup_intent: expected,
            page: expected,
          }, `patch ${k}, intent ${id}`);
        }
      }
    } finally {
      await live.close();
    }
  });
  // Intents outside the relayer's queue: the faces that know them agree too.
  await withFaces(async ({ app }) => {
    const cases: Array<[string, string, Phase]> = [
      [catalog.intents.settled_in_window.id, catalog.intents.settled_in_window.wallet, "settled"],
      [catalog.intents.settled_too_old.id, catalog.intents.settled_too_old.wallet, "settled"],
      [catalog.intents.feed.id, catalog.intents.feed.wallet, "settled"],
      [catalog.intents.failed.id, catalog.intents.failed.wallet, "settled"],
      [catalog.intents.unknown.id, PENDING_OPS, "not_found"],
    ];
    for (const [id, wallet, phase] of cases) {
      const intents = await tool(app, "get_intents", { address: wallet });
      assert.equal(listed(intents.pending, intents.recent_outcomes, id), "neither", id);
      const result = await tool(app, "lookup_intent", { intent_id: id, wallet });
      assert.equal(TOOL_PHASES[result.state], phase, id);
      assert.equal(await pagePhase(app, id, wallet), phase, id);
    }
  });
});
