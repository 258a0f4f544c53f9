import assert from "node:assert/strict";
import { callTool, catalog, inputError, withHarness } from "../support/tools.ts";
import { getIntentsTool } from "../../tools/get_intents.ts";
import { type ToolContext, ToolError } from "../../tools/types.ts";

function pendingIntents(context: ToolContext) {
  return callTool(getIntentsTool, { address: catalog.wallets.pending_ops.address }, context);
}

Deno.test("get_intents lists every pending operation with its id, times, queue and params", async () => {
  await withHarness(async ({ context }) => {
    const wallet = catalog.wallets.pending_ops;
    const { structured, text } = await pendingIntents(context);
    assert.equal(structured.count, wallet.pendingOperations);
    assert.equal(structured.pending.length, structured.count);
    const byAction = Object.fromEntries(structured.pending.map((op) => [op.action, op]));
    for (const [action, id] of Object.entries(catalog.intents.pendingByAction)) {
      assert.equal(byAction[action]?.intent_id, id, `${action} is listed with its id`);
    }
    for (const op of structured.pending) {
      assert.ok(op.queue_position !== null && op.queue_position >= 1);
      assert.ok(op.accepted_at !== null && op.deadline !== null);
      assert.ok(Date.parse(op.deadline) > Date.parse(op.accepted_at), "deadline after acceptance");
    }
    const open = byAction.openPosition.params;
    assert.equal(open.market, "ETH");
    assert.equal(open.side, "long");
    assert.ok(open.margin_usd! > 0 && open.leverage! > 0);
    assert.ok(byAction.withdrawToCore.params.amount_usd! > 0, "withdrawal in dollars");
    assert.ok(byAction.PaperStake.params.amount_paper! > 0, "stake in PAPER");
    // The stream's row has no slot for the registered key (papertrade-facts.md 11.3).
    assert.deepEqual(byAction.registerSessionKey.params, {});
    // Queue positions come from /queue-rank/accounts/{wallet}: the open waits behind 36.
    assert.equal(byAction.openPosition.queue_position, 37);
    assert.deepEqual(structured.unavailable, []);
    for (const op of structured.pending) assert.ok(text.includes(op.intent_id), op.intent_id);
  });
});

Deno.test("get_intents reports a wallet with nothing pending as an empty list", async () => {
  await withHarness(async ({ context }) => {
    const wallet = catalog.wallets.near_bust;
    assert.equal(wallet.pendingOperations, 0);
    const { structured } = await callTool(getIntentsTool, { address: wallet.address }, context);
    assert.deepEqual(structured, {
      address: wallet.address,
      pending: [],
      count: 0,
      recent_outcomes: [],
      unavailable: [],
      rows_skipped: 0,
    });
  });
});

Deno.test("get_intents reports an unknown wallet and bad arguments clearly", async () => {
  await withHarness(async ({ context }) => {
    await assert.rejects(
      () => callTool(getIntentsTool, { address: catalog.wallets.unknown.address }, context),
      (error: unknown) => error instanceof ToolError && error.message.startsWith("address: wallet"),
    );
  });
  assert.equal(
    inputError(getIntentsTool, { address: "0xZZ" }),
    "address: expected 0x followed by 40 hex characters",
  );
  assert.equal(
    inputError(getIntentsTool, { address: catalog.wallets.whale.address, intent_id: "0x" }),
    "unknown argument 'intent_id'; accepted arguments: address",
  );
});

Deno.test("get_intents reports one outcome per ended intent, stamped when it was reported", async () => {
  // A clock that moves a second each time it is read: every report gets its own time.
  let clock = catalog.baseTimeMs;
  const now = () => (clock += 1_000);
  await withHarness(async ({ context }) => {
    const wallet = catalog.wallets.pending_ops.address;
    const controller = new AbortController();
    let patches = 0;
    const operations: string[] = [];
    // The replay ends an operation in patch 2, accepts it again in patch 3 (pending once more),
    // ends the next one in patch 5: read six patches.
    for await (const event of context.papertrade.openWalletStream(wallet, controller)) {
      if (event.type === "snapshot") {
        operations.push(...event.account.operations.map((op) => op.intentId));
      }
      if (event.type === "patch" && ++patches === 5) controller.abort();
    }
    const { structured, text } = await callTool(getIntentsTool, { address: wallet }, context);
    assert.deepEqual(structured.recent_outcomes.map((o) => [o.intent_id, o.outcome, o.verdict]), [
      [operations[1], "failed", "failed"],
    ]);
    const reported = Date.parse(structured.recent_outcomes[0].reported_at!);
    assert.ok(
      reported > catalog.baseTimeMs + 1_000 && reported <= clock,
      "the clock at the report",
    );
    const [outcome] = structured.recent_outcomes;
    assert.ok(text.includes(outcome.intent_id) && text.includes(outcome.reported_at!), text);
  }, { patchEveryMs: 5, now });
});

Deno.test("get_intents still lists the pending intents when the queue rank cannot be read", async () => {
  await withHarness(async ({ context }) => {
    const wallet = catalog.wallets.pending_ops;
    const { structured, text } = await pendingIntents(context);
    assert.equal(structured.count, wallet.pendingOperations);
    assert.ok(structured.pending.every((op) => op.queue_position === null));
    assert.deepEqual(structured.unavailable, [
      { part: "queue positions", reason: "/queue-rank/accounts/{wallet} answered HTTP 500" },
    ]);
    assert.match(text, /^Not available this time: queue positions/);
  }, { faults: { target: "api", path: "/queue-rank/", status: 500 } });
});
