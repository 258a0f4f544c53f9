/**
 * Every internal link reachable from the home page, the leaderboard and the top wallets
 * answers below 400: a breadth-first crawl over HTTP with `fetch` against the served app. The
 * islands render their links on the server too (hydration changes nothing in that markup:
 * `tests/browser/live_positions_test.ts`), so the served HTML holds every link a browser shows.
 */
import assert from "node:assert/strict";
import { Parser } from "htmlparser2";
import { withTestApp } from "./harness.ts";

/** Most links the crawl checks (the whole reachable demo site is about 3,800). */
const CRAWL_LIMIT = 6_000;

/**
 * Internal page links of an HTML document. htmlparser2's streaming parser (the one linkedom
 * builds its DOM with) reads the tags without building a document: the crawl parses about
 * 3,800 pages, and a DOM each was half of its time.
 */
function linksOf(html: string): string[] {
  const links: string[] = [];
  const parser = new Parser({
    onopentag(name, attributes) {
      const href = attributes.href;
      if (name === "a" && href?.startsWith("/") && !href.startsWith("//")) links.push(href);
    },
  }, { decodeEntities: true });
  parser.end(html);
  return links;
}

Deno.test("no internal link from home, leaderboard or top wallets is broken", async () => {
  await withTestApp(async (app) => {
    const html = async (path: string) => await (await app.fetch(path)).text();
    const topWallets = [
      ...new Set(
        linksOf(await html("/leaderboard?window=all"))
          .filter((href) => /^\/wallet\/0x[0-9a-f]{40}$/.test(href)),
      ),
    ].slice(0, 5);
    assert.ok(topWallets.length >= 3, "the leaderboard links its wallets");
    const start = ["/", "/leaderboard", ...topWallets];
    // Each link once, with the page that first printed it, so a broken one names where it was
    // found; a link is marked seen when queued, which keeps the queue to the site's size.
    const seen = new Set<string>(start);
    const queue: Array<[href: string, from: string]> = [];
    const enqueue = (html: string, from: string) => {
      for (const link of linksOf(html)) {
        const href = link.replace(/#.*$/, "");
        if (seen.has(href)) continue;
        seen.add(href);
        queue.push([href, from]);
      }
    };
    for (const path of start) enqueue(await html(path), path);
    const broken: string[] = [];
    let checked = 0;
    for (; checked < queue.length && checked < CRAWL_LIMIT; checked++) {
      const [href, from] = queue[checked];
      // Uncompressed: the links are the point here (tests/delivery_test.ts checks gzip).
      const response = await app.fetch(href, { headers: { "accept-encoding": "identity" } });
      const type = response.headers.get("content-type") ?? "";
      const body = type.startsWith("text/html") ? await response.text() : "";
      if (!type.startsWith("text/html")) await response.body?.cancel();
      if (response.status >= 400) {
        broken.push(`${response.status} ${href} (linked from ${from})`);
        continue;
      }
      // Onwards through every page found (breadth first, up to the limit).
      if (body && !href.startsWith("/docs")) enqueue(body, href);
    }
    assert.ok(checked >= 1_000, `only ${checked} links checked`);
    assert.equal(checked, queue.length, "the crawl reached every link it found");
    assert.deepEqual(broken, []);
  });
});
