/**
 * Band changes in a wallet's Atom feed, over the replay with a clock the test moves and marks it
 * pins (`/_control/marks`): the feed samples the live mark on each read, so a position whose mark
 * is driven near its bust between two reads gets a band-change entry, with the time of the read
 * that saw it, an id that stays on later reads, and a summary naming the samples it came from.
 */
import assert from "node:assert/strict";
import { DOMParser, type Element } from "@xmldom/xmldom";
import { catalog, startReplayUpstream } from "../../fixtures/mod.ts";
import { createApp } from "../../app.tsx";
import { replayDeps } from "../../replay_app.ts";
import { entryId } from "../../lib/feeds/feeds.ts";
import { createPapertradeClient } from "../../lib/papertrade/mod.ts";
import { distanceToBustPercentWad } from "../../lib/math/mod.ts";
import { formatDistanceToBust } from "../../lib/format.ts";
import { cacheQuoteSource, createLiveQuotes } from "../../lib/marks.ts";
import { TEST_SITE_URL } from "../harness.ts";

const ATOM = "http://www.w3.org/2005/Atom";

/** The feed's entries: id, updated (ms), title and summary. */
function entriesOf(xml: string) {
  const errors: string[] = [];
  const document = new DOMParser({
    onError: (level, message) => errors.push(`${level}: ${message}`),
  })
    .parseFromString(xml, "application/xml");
  assert.deepEqual(errors, []);
  const child = (parent: Element, name: string) =>
    Array.from(parent.childNodes as unknown as Element[]).find((node) =>
      node.namespaceURI === ATOM && node.localName === name
    );
  const feed = document.documentElement!;
  return Array.from(feed.childNodes as unknown as Element[])
    .filter((node) => node.namespaceURI === ATOM && node.localName === "entry")
    .map((entry) => ({
      id: child(entry, "id")!.textContent!,
      updated: Date.parse(child(entry, "updated")!.textContent!),
      title: child(entry, "title")!.textContent!,
      summary: child(entry, "summary")?.textContent ?? null,
    }));
}

Deno.test("a band change seen between two reads of a wallet's feed appears as an entry, and keeps its id", async () => {
  let clock = catalog.baseTimeMs;
  const upstream = await startReplayUpstream({ port: 0, now: () => clock });
  try {
    const now = () => clock;
    const deps = replayDeps(upstream, { siteUrl: TEST_SITE_URL, now });
    // The app's quote cache keeps a quote a second of the system clock; this one of the test's.
    const quotes = cacheQuoteSource(createLiveQuotes({ ...upstream, now }), { now });
    const app = createApp({ ...deps, quotes });
    const wallet = catalog.wallets.whale.address;
    const feed = async () => {
      const response = await app.request(`/wallet/${wallet}/feed.atom`);
      assert.equal(response.status, 200);
      return entriesOf(await response.text());
    };
    const pin = async (mids: Record<number, bigint>) => {
      const body = JSON.stringify(Object.fromEntries(
        Object.entries(mids).map(([id, mid]) => [id, mid.toString()]),
      ));
      const answer = await fetch(`${upstream.origin}/_control/marks`, { method: "POST", body });
      await answer.body?.cancel();
    };
    const account = await createPapertradeClient({ baseUrl: upstream.apiUrl })
      .read("walletStream", { wallet });
    const target = account.openPositions[0];
    // A mark 1 % from its bust (ok), then 0.02 % from it (near bust), then 1 % again.
    const at = (basisPoints: bigint) =>
      target.bustPrice * (target.isLong ? 10_000n + basisPoints : 10_000n - basisPoints) /
      10_000n;
    const nearId = entryId(target.positionId, "band:near_bust");
    const okId = entryId(target.positionId, "band:ok");
    const bandsOf = (entries: Awaited<ReturnType<typeof feed>>) =>
      entries.filter((entry) => entry.id.includes(`:position:${target.positionId}:band:`));

    await pin({ [target.instrumentId]: at(100n) });
    assert.deepEqual(bandsOf(await feed()), [], "ok since the first sample: no band change");

    clock += 10_000;
    await pin({ [target.instrumentId]: at(2n) });
    const near = bandsOf(await feed());
    assert.deepEqual(near.map((entry) => [entry.id, entry.updated]), [[nearId, clock]]);
    assert.ok(near[0].summary, "the entry says how it was derived");
    // The title carries the distance at the sample, as every face writes it.
    const distance = distanceToBustPercentWad({
      markRaw: at(2n),
      bustRaw: target.bustPrice,
      isLong: target.isLong,
    });
    assert.ok(near[0].title.includes(formatDistanceToBust(distance)), near[0].title);

    // A later read, still near bust: the same entry, same id and time.
    const seenAt = clock;
    clock += 10_000;
    assert.deepEqual(
      bandsOf(await feed()).map((entry) => [entry.id, entry.updated]),
      [[nearId, seenAt]],
    );

    // Back to 1 %: a change back to ok joins it, newest first.
    clock += 10_000;
    await pin({ [target.instrumentId]: at(100n) });
    assert.deepEqual(
      bandsOf(await feed()).map((entry) => [entry.id, entry.updated]),
      [[okId, clock], [nearId, seenAt]],
    );
  } finally {
    await upstream.close();
  }
});
