import assert from "node:assert/strict";
import { createPapertradeClient } from "./client.ts";
import { PapertradeApiError } from "./http.ts";
import { applyWalletPatch } from "./apply_patch.ts";
import type { WalletAccount } from "./wire.ts";
import type { WalletStreamEvent } from "./wallet_stream.ts";
import type * as wire from "./wire.ts";
import type { Wire } from "./wire.ts";
import {
  hash,
  OTHER,
  sseFrame,
  sseResponse,
  WALLET,
  WALLET_LOWER,
  wireOperation,
  wirePosition,
  wireSnapshot,
  withServer,
} from "../../tests/support/papertrade.ts";

const WAD = 10n ** 18n;
const LIVENESS = sseFrame("liveness", { heartbeatIntervalMs: 10000 });
const HEARTBEAT = sseFrame("heartbeat", null);

const PATCH_CLOSE_AND_OPEN: Wire<typeof wire.walletPatch> = {
  baseAccountRevision: 10,
  accountRevision: 11,
  state: { indexedThroughTimestamp: 1791662700, balance: "1238000000000000000000" },
  addedPositions: [wirePosition("53600")],
  closedPositions: [[
    "53573",
    1,
    true,
    "250000000000000000000",
    50,
    false,
    "-12000000000000000000",
    "0",
  ]],
  endedIntents: [[hash(1), "succeeded"]],
};
const PATCH_NEW_INTENT: Wire<typeof wire.walletPatch> = {
  address: WALLET,
  baseAccountRevision: 11,
  accountRevision: 12,
  addedOperations: [wireOperation(2)],
  addedPositions: [wirePosition("53601")],
};
const PATCH_STALE: Wire<typeof wire.walletPatch> = {
  address: WALLET,
  baseAccountRevision: 10,
  accountRevision: 13,
};

/** Resolves when `promise` does, or fails the test after a generous bound. */
async function within<T>(promise: Promise<T>, what: string, ms = 3_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, limit]);
  } finally {
    clearTimeout(timer);
  }
}

Deno.test("fetchWalletSnapshot returns the first wallet frame and closes the stream", async () => {
  const closed = Promise.withResolvers<void>();
  let target = "";
  await withServer((request) => {
    target = new URL(request.url).search;
    return sseResponse([LIVENESS, sseFrame("wallet", wireSnapshot()), HEARTBEAT], {
      onCancel: closed.resolve,
      heartbeatEveryMs: 20,
    });
  }, async (base) => {
    const account = await createPapertradeClient({ baseUrl: base }).read("walletStream", {
      wallet: WALLET,
    });
    assert.equal(target, `?wallet=${WALLET_LOWER}`);
    assert.equal(account.address, WALLET_LOWER);
    assert.equal(account.accountRevision, 10);
    assert.equal(account.balances.balance, 1250n * WAD);
    assert.equal(account.lifetime.realizedPnl, -250n * WAD);
    assert.equal(account.indexedThroughTimestamp, 1791662616000);
    assert.deepEqual(account.sessionKeys, [{ key: OTHER, expiresAt: 1794254616000 }]);
    assert.deepEqual(account.operations[0], {
      intentId: hash(1),
      action: "closePositions",
      deadline: 1791662700,
      acceptedAt: 1791662616500,
      params: { positionIds: ["53573"] },
      queuePosition: null,
    });
    assert.deepEqual(account.openPositions[0], {
      positionId: "53573",
      instrumentId: 1,
      isLong: true,
      useDebt: false,
      entryPrice: 251215n,
      margin: 250n * WAD,
      leverage: 50,
      bustPrice: 246309n,
      openedAt: 1791662616000,
      intentId: null,
    });
    await within(closed.promise, "closing the stream");
  });
});

Deno.test("an unknown wallet is an http 404 error", async () => {
  await withServer(() => new Response("not found", { status: 404 }), async (base) => {
    const error = await createPapertradeClient({ baseUrl: base }).read("walletStream", {
      wallet: WALLET,
    })
      .catch((e) => e);
    assert.ok(error instanceof PapertradeApiError);
    assert.equal(error.kind, "http");
    assert.equal(error.status, 404);
    assert.equal(error.endpoint, "/state/user/live");
  });
});

Deno.test("a stream that sends heartbeats but no snapshot times out", async () => {
  await withServer(() => sseResponse([LIVENESS], { heartbeatEveryMs: 20 }), async (base) => {
    const client = createPapertradeClient({ baseUrl: base, timeoutMs: 250 });
    const error = await client.read("walletStream", { wallet: WALLET }).catch((e) => e);
    assert.ok(error instanceof PapertradeApiError);
    assert.equal(error.kind, "timeout");
    assert.equal(error.message, "/state/user/live sent no wallet snapshot within 250 ms");
  });
});

Deno.test("stream patches apply in order and a stale patch is detected", async () => {
  const closed = Promise.withResolvers<void>();
  const frames = [
    LIVENESS,
    sseFrame("wallet", wireSnapshot()),
    HEARTBEAT,
    sseFrame("wallet", PATCH_CLOSE_AND_OPEN),
    sseFrame("wallet", PATCH_NEW_INTENT),
    sseFrame("wallet", PATCH_STALE),
  ];
  await withServer(() => sseResponse(frames, { onCancel: closed.resolve }), async (base) => {
    const controller = new AbortController();
    // The client stamps each outcome with its own clock when it receives the patch.
    const client = createPapertradeClient({ baseUrl: base, now: () => 1791662800000 });
    const seen: WalletStreamEvent["type"][] = [];
    const revisions: number[] = [];
    let account: WalletAccount | undefined;
    let snapshot: WalletAccount | undefined;
    let outOfSync = "";
    for await (const event of client.openWalletStream(WALLET, { signal: controller.signal })) {
      seen.push(event.type);
      if (event.type === "snapshot") account = snapshot = event.account;
      if (event.type !== "patch" || !account) continue;
      const result = applyWalletPatch(account, event.patch);
      if (!result.inSync) {
        outOfSync = result.message;
        controller.abort();
        continue;
      }
      account = result.account;
      revisions.push(account.accountRevision);
    }
    assert.deepEqual(seen, ["liveness", "snapshot", "heartbeat", "patch", "patch", "patch"]);
    assert.deepEqual(revisions, [11, 12]);
    assert.equal(outOfSync, "patch is based on revision 10, account is at 12");
    assert.ok(account);
    assert.deepEqual(account.openPositions.map((p) => p.positionId), ["53601", "53600"]);
    assert.deepEqual(account.operations.map((op) => op.intentId), [hash(2)]);
    assert.equal(account.balances.balance, 1238n * WAD);
    assert.equal(account.indexedThroughTimestamp, 1791662700000);
    assert.equal(account.recentClosedPositions[0].netPnl, -12n * WAD);
    assert.deepEqual(account.recentEndedIntents, [
      { intentId: hash(1), outcome: "succeeded", reportedAt: 1791662700000 },
    ]);
    // The client remembers what the stream reported, for every later read of the wallet.
    assert.deepEqual(client.reconcile(snapshot!).recentEndedIntents, [
      { intentId: hash(1), outcome: "succeeded", reportedAt: 1791662800000 },
    ]);
    await within(closed.promise, "closing the stream after abort");
  });
});

Deno.test("aborting a quiet open stream ends the iteration without an error", async () => {
  const closed = Promise.withResolvers<void>();
  await withServer(
    () => sseResponse([LIVENESS, sseFrame("wallet", wireSnapshot())], { onCancel: closed.resolve }),
    async (base) => {
      const controller = new AbortController();
      const stream = createPapertradeClient({ baseUrl: base })
        .openWalletStream(WALLET, { signal: controller.signal });
      const types: string[] = [];
      for await (const event of stream) {
        types.push(event.type);
        // Abort while the iterator waits on a read that would never complete.
        if (event.type === "snapshot") setTimeout(() => controller.abort(), 30);
      }
      assert.deepEqual(types, ["liveness", "snapshot"]);
      await within(closed.promise, "closing the stream after abort");
    },
  );
});

Deno.test("a stream silent for three heartbeat intervals ends as a timeout", async () => {
  const liveness = sseFrame("liveness", { heartbeatIntervalMs: 60 });
  await withServer(
    () => sseResponse([liveness, sseFrame("wallet", wireSnapshot())]),
    async (base) => {
      const stream = createPapertradeClient({ baseUrl: base, timeoutMs: 100 }).openWalletStream(
        WALLET,
        {},
      );
      const types: string[] = [];
      const error = await (async () => {
        for await (const event of stream) types.push(event.type);
      })().catch((e) => e);
      assert.deepEqual(types, ["liveness", "snapshot"]);
      assert.ok(error instanceof PapertradeApiError);
      assert.equal(error.kind, "timeout");
      assert.equal(error.message, "/state/user/live went quiet for 180 ms");
    },
  );
});

Deno.test("a malformed frame is malformed_json and a wrong snapshot shape names the field", async () => {
  const cases: Array<[string, string, string]> = [
    ["event: wallet\ndata: {oops\n\n", "malformed_json", "/state/user/live sent malformed JSON"],
    [
      sseFrame("wallet", { ...wireSnapshot(), balance: 1250 }),
      "schema",
      "upstream changed: /state/user/live ✖ expected a non-negative integer string, got number → at balance",
    ],
    [
      sseFrame("wallet", wireSnapshot(OTHER)),
      "schema",
      `/state/user/live sent the snapshot of ${OTHER} on the stream of ${WALLET_LOWER}`,
    ],
  ];
  for (const [frame, kind, message] of cases) {
    await withServer(() => sseResponse([LIVENESS, frame]), async (base) => {
      const stream = createPapertradeClient({ baseUrl: base }).openWalletStream(WALLET, {});
      const types: string[] = [];
      const error = await (async () => {
        for await (const event of stream) types.push(event.type);
      })().catch((e) => e);
      assert.deepEqual(types, ["liveness"]);
      assert.ok(error instanceof PapertradeApiError, String(error));
      assert.equal(error.kind, kind);
      assert.ok(error.message.startsWith(message), error.message);
    });
  }
});
