/**
 * A wallet page's size is bounded whatever the number of open positions: the live wallet lists
 * the nearest to bust (`LIVE_POSITIONS_LISTED`) and sums the others, on the page and in
 * `positions.json`, and says so. Read through the replay's wallet with 1,000 open positions.
 */
import assert from "node:assert/strict";
import { parseHTML } from "linkedom";
import { createParser, type EventSourceMessage } from "eventsource-parser";
import { withTestApp } from "../harness.ts";
import { manyPositionsAddress } from "../../fixtures/mod.ts";
import { fetchWalletPositions, totalPositions, totalsJson } from "../../lib/position/mod.ts";
import { LIVE_POSITIONS_LISTED, type LiveWallet, liveWalletSchema } from "../../lib/wallet/mod.ts";

const OPEN = 1_000;
/** The most gzipped HTML a wallet page may send, whatever the number of its positions. */
const PAGE_BUDGET_BYTES = 150 * 1024;

/** The live wallet the page embeds for its islands (its one props blob). */
function liveOfPage(html: string): LiveWallet {
  const { document } = parseHTML(html);
  const blob = document.querySelector("[data-island-props]")!.getAttribute("data-island-props")!;
  return liveWalletSchema.parse(JSON.parse(blob).live) as LiveWallet;
}

/** The stream's first `positions` event; the stream is then cancelled. */
async function firstPositions(response: Response): Promise<EventSourceMessage> {
  const events: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => events.push(event) });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  try {
    while (!events.some((event) => event.event === "positions")) {
      const chunk = await reader.read();
      if (chunk.done) assert.fail("the stream ended before a positions event");
      parser.feed(chunk.value);
    }
    return events.find((event) => event.event === "positions")!;
  } finally {
    await reader.cancel();
  }
}

Deno.test("a wallet with 1,000 open positions: at most 150 KB of gzipped HTML, the nearest to bust listed, the others summed and said so", async () => {
  await withTestApp(async (app) => {
    const wallet = manyPositionsAddress();
    const response = await app.fetch(`/wallet/${wallet}`, {
      headers: { "accept-encoding": "gzip" },
    });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-encoding"), "gzip");
    const html = await response.text(); // fetch inflates; the budget is on the gzipped bytes
    const gzipped = await new Response(
      new Blob([html]).stream().pipeThrough(new CompressionStream("gzip")),
    ).arrayBuffer();
    assert.ok(gzipped.byteLength <= PAGE_BUDGET_BYTES, `${gzipped.byteLength} bytes gzipped`);

    // The domain's valuation of all 1,000, nearest to bust first: what the page must list.
    const all = await fetchWalletPositions(app.deps, wallet);
    assert.equal(all.positions.length, OPEN);
    const byDistance = [...all.positions].sort((a, b) =>
      a.distanceToBustPercent! < b.distanceToBustPercent! ? -1 : 1
    );
    const nearest = byDistance.slice(0, LIVE_POSITIONS_LISTED);
    const others = byDistance.slice(LIVE_POSITIONS_LISTED);

    const live = liveOfPage(html);
    assert.deepEqual(
      live.positions.map((row) => row.position_id),
      nearest.map((valuation) => valuation.position.positionId),
    );
    assert.deepEqual(live.positions_not_listed, totalsJson.of(totalPositions(others)));
    assert.equal(live.totals.count, OPEN);

    // The page's table: the listed rows, and one row saying how many are not listed.
    const { document } = parseHTML(html);
    const section = document.querySelector(".wallet-positions")!;
    assert.equal(section.querySelectorAll("tr[data-position]").length, LIVE_POSITIONS_LISTED);
    const notListed = section.querySelector("tr[data-not-listed]");
    assert.equal(notListed?.getAttribute("data-not-listed"), String(others.length));
    assert.match(notListed!.textContent!, new RegExp(`\\b${others.length}\\b`));

    // positions.json is the same bounded model; a far position is listed when asked for.
    const polled = liveWalletSchema.parse(
      await (await app.fetch(`/wallet/${wallet}/positions.json`)).json(),
    );
    assert.deepEqual(
      polled.positions.map((row) => row.position_id),
      live.positions.map((row) => row.position_id),
    );
    const farthest = others.at(-1)!.position.positionId;
    const kept = liveWalletSchema.parse(
      await (await app.fetch(`/wallet/${wallet}/positions.json?position=${farthest}`)).json(),
    );
    assert.equal(kept.positions.length, LIVE_POSITIONS_LISTED + 1);
    assert.equal(kept.positions.at(-1)!.position_id, farthest);
    assert.equal(kept.positions_not_listed!.count, others.length - 1);

    // The live stream's frames too (the position page follows its position by it).
    const stream = await app.fetch(`/wallet/${wallet}/live?position=${farthest}`);
    const frame = liveWalletSchema.parse(JSON.parse((await firstPositions(stream)).data));
    assert.equal(frame.positions.length, LIVE_POSITIONS_LISTED + 1);
    assert.equal(frame.positions.at(-1)!.position_id, farthest);
    assert.equal(frame.totals.count, OPEN);

    for (const path of ["positions.json", "live"]) {
      const bad = await app.fetch(`/wallet/${wallet}/${path}?position=x1`);
      assert.equal(bad.status, 400, path);
      await bad.body?.cancel();
    }
  }, { manyPositions: OPEN });
});
