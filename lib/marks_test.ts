import assert from "node:assert/strict";
import { catalog, withReplayClients } from "../tests/support/replay_clients.ts";
import { createQuoteSource, fetchLiveMarks, type QuoteSource } from "./marks.ts";
import { type Bbo, createBboReader, HyperEvmError } from "./hyperevm/mod.ts";
import { HyperliquidApiError } from "./hyperliquid/l2_book.ts";
import { isUpstreamFailure, unavailablePart } from "./parts.ts";
import type { Instrument } from "./papertrade/mod.ts";

const mid = (id: "0" | "1") => BigInt(catalog.marks[id].mid);

Deno.test("marks come from the BBO precompile, both markets in one JSON-RPC batch", async () => {
  await withReplayClients(async ({ papertrade, quotes, upstream }) => {
    const { instruments } = await papertrade.read("tradingState");
    const marks = await fetchLiveMarks(quotes, instruments);
    assert.deepEqual([...marks.values()].map((m) => [m.symbol, m.source]), [
      ["BTC", "bbo"],
      ["ETH", "bbo"],
    ]);
    // At the catalog's moment the moving quote sits within 1 bp of the base mark.
    for (const [id, mark] of marks) {
      const base = mid(String(id) as "0" | "1");
      assert.equal(mark.markRaw, (mark.bid + mark.ask) / 2n);
      assert.ok(
        mark.markRaw * 10_000n >= base * 9_999n && mark.markRaw * 10_000n <= base * 10_001n,
      );
    }
    const bodies: unknown[] = [];
    const counting: typeof fetch = async (input, init) => {
      bodies.push(JSON.parse(String(init?.body)));
      return await fetch(input, init);
    };
    const read = await createBboReader({ rpcUrl: upstream.rpcUrl, fetch: counting })([0, 1]);
    assert.equal(bodies.length, 1, "one HTTP request");
    assert.deepEqual(
      (bodies[0] as Array<{ method: string; params: unknown[] }>).map((call) => [
        call.method,
        call.params[1],
      ]),
      [["eth_call", "latest"], ["eth_call", "latest"]],
    );
    assert.deepEqual(read.map((q) => [q.bid, q.ask]), [
      [marks.get(0)!.bid, marks.get(0)!.ask],
      [marks.get(1)!.bid, marks.get(1)!.ask],
    ]);
  });
});

Deno.test("when the precompile fails on both RPC endpoints the marks come from l2Book", async () => {
  await withReplayClients(async ({ papertrade, quotes, upstream }) => {
    const { instruments } = await papertrade.read("tradingState");
    const fromBbo = await fetchLiveMarks(quotes, instruments);
    upstream.setFaults({ target: "rpc", rpcMethod: "eth_call", status: 500 });
    const fromBook = await fetchLiveMarks(quotes, instruments);
    assert.deepEqual([...fromBook.values()].map((m) => m.source), ["l2Book", "l2Book"]);
    for (const [id, mark] of fromBook) assert.equal(mark.markRaw, fromBbo.get(id)!.markRaw);
  });
});

Deno.test("when both sources fail the read names both, as one upstream failure", async () => {
  await withReplayClients(async ({ papertrade, quotes, upstream }) => {
    const { instruments } = await papertrade.read("tradingState");
    upstream.setFaults([
      { target: "rpc", rpcMethod: "eth_call", status: 500 },
      { target: "api", path: "/info", status: 503 },
    ]);
    const error = await fetchLiveMarks(quotes, instruments).then(() => null, (e) => e);
    assert.ok(isUpstreamFailure(error), String(error));
    const part = unavailablePart(error, "live marks");
    assert.equal(part.endpoint, "eth_call, POST /info l2Book");
    // The reason names each source and how it failed.
    assert.match(part.reason, /eth_call\b.*\bHTTP 500\b/);
    assert.match(part.reason, /l2Book\b.*\bHTTP 503\b/);
  });
});

/** The two fixture instruments, with ETH's book frozen when asked. */
async function instrumentsOf(options: { freezeEth?: boolean } = {}): Promise<Instrument[]> {
  let found: Instrument[] = [];
  await withReplayClients(async ({ papertrade }) => {
    found = (await papertrade.read("tradingState")).instruments;
  });
  if (!options.freezeEth) return found;
  return found.map((i) =>
    i.id === 1 ? { ...i, frozenBid: 251_200n, frozenAsk: 251_230n, pausedAt: 7 } : i
  );
}

/** A source over scripted precompile answers and a book that always answers. */
function scripted(bbo: (assets: readonly number[]) => Promise<Bbo[]>) {
  const asked = { bbo: [] as number[][], book: [] as string[] };
  const source: QuoteSource = createQuoteSource({
    bbo: (assets) => (asked.bbo.push([...assets]), bbo(assets)),
    bookTop: (coin) => {
      asked.book.push(coin);
      return Promise.resolve({ bid: 100n, ask: 102n, at: 5 });
    },
    now: () => 9,
  });
  return { source, asked };
}

Deno.test("a frozen book is read from the trading state, a zero quote from l2Book", async () => {
  const instruments = await instrumentsOf({ freezeEth: true });
  const { source, asked } = scripted((assets) =>
    Promise.resolve(assets.map((assetIndex) => ({ assetIndex, bid: 0n, ask: 0n })))
  );
  const marks = await fetchLiveMarks(source, instruments);
  assert.deepEqual(asked.bbo, [[0]], "the frozen market is not read");
  assert.deepEqual(asked.book, ["BTC"], "the unpriced one falls back");
  assert.deepEqual(
    [...marks.values()].map((m) => [m.symbol, m.source, m.markRaw, m.at]),
    [["BTC", "l2Book", 101n, 5], ["ETH", "frozen", 251_215n, 7]],
  );
});

Deno.test("a precompile quote is stamped with the clock and wins over the book", async () => {
  const { source, asked } = scripted((assets) =>
    Promise.resolve(assets.map((assetIndex) => ({ assetIndex, bid: 10n, ask: 13n })))
  );
  const quotes = await source.fetchQuotes(await instrumentsOf());
  assert.deepEqual(quotes.map((q) => [q.instrumentId, q.bid, q.ask, q.at, q.source]), [
    [0, 10n, 13n, 9, "bbo"],
    [1, 10n, 13n, 9, "bbo"],
  ]);
  assert.deepEqual(asked.book, []);
});

Deno.test("errors that are not upstream failures are not taken for a missing quote", async () => {
  const instruments = await instrumentsOf();
  const bug = scripted(() => Promise.reject(new TypeError("bug")));
  await assert.rejects(bug.source.fetchQuotes(instruments), TypeError);
  const down = scripted(() =>
    Promise.reject(new HyperEvmError("eth_call", "down", { failures: ["x"] }))
  );
  assert.equal((await down.source.fetchQuotes(instruments)).length, 2, "the book stands in");
  const neither = createQuoteSource({
    bbo: () => Promise.reject(new HyperEvmError("eth_call", "down", { failures: ["x"] })),
    bookTop: () => Promise.reject(new HyperliquidApiError("gone", { kind: "network" })),
  });
  await assert.rejects(neither.fetchQuotes(instruments), AggregateError);
});
