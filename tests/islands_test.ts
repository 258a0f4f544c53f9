/**
 * The island contract: props survive the trip through HTML, the server's markup is the island's
 * first client render, pages without islands ship no framework JavaScript, the wallet page
 * ships exactly the island bundle, and that bundle is small, free of zod and viem, and current.
 */
import assert from "node:assert/strict";
import { parseHTML } from "linkedom";
import { h } from "preact";
import { renderToString } from "preact-render-to-string";
import { fetchWalletPositions } from "../lib/position/positions.ts";
import { Island, ISLAND_SCRIPT_URL, serializeIslandProps } from "../client/island.tsx";
import { findIslands, hydrateIslands } from "../client/hydrate.ts";
import { allIslands } from "../client/island_registry.ts";
import { LivePositions } from "../islands/LivePositions.tsx";
import { type LiveWallet, liveWalletOf } from "../lib/wallet/mod.ts";
import { sampleLiveWallet, samplePosition } from "./support/live.ts";
import { buildIslands, gzipSize, ISLANDS_BUNDLE } from "../scripts/build.ts";
import { catalog, withTestApp } from "./harness.ts";
import { assetUrl } from "../lib/delivery/static_assets.ts";

const HOSTILE = [
  "</script><script>alert(1)</script>",
  `"'><img src=x onerror=alert(1)>&amp;`,
  "line\u2028separator\u2029paragraph",
  "\u202egnp.stiforp\u202c",
  'back\\slash and {"json": true}',
];

/** A live wallet whose every string is hostile. */
function hostileLive(): LiveWallet {
  const text = HOSTILE.join(" | ");
  return sampleLiveWallet({
    address: catalog.wallets.hostile_name.address,
    positions: [samplePosition({ position_id: "1", market: text, risk: "close" })],
    pending: [{ intent_id: text, action: text, deadline_at_ms: catalog.baseTimeMs }],
    queue_places: { [text]: 1 },
    outcomes: [{ intent_id: text, outcome: "failed", reported_at_ms: catalog.baseTimeMs }],
    closed_positions: [{ position_id: text, market: text, net_pnl_usd: -1, liquidated: true }],
  });
}

Deno.test("islands/ holds only the registered island components, one per file", async () => {
  const files: string[] = [];
  for await (const entry of Deno.readDir(new URL("../islands/", import.meta.url))) {
    files.push(entry.name);
  }
  assert.deepEqual(files.sort(), Object.keys(allIslands()).map((name) => `${name}.tsx`).sort());
});

Deno.test("island props with script tags, quotes, entities and line separators survive the HTML round trip", () => {
  const live = hostileLive();
  const html = renderToString(h(Island, { name: "LivePositions", props: { live } }));
  const attribute = /data-props="([^"]*)"/.exec(html)?.[1] ?? "";
  assert.doesNotMatch(
    attribute,
    /[<>\u2028\u2029]/,
    "nothing in the attribute can end it or a script",
  );
  assert.equal(
    (html.match(/<script/gi) ?? []).length,
    0,
    "no script element, not even an escaped one",
  );
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const [island] = findIslands(document);
  assert.equal(island.name, "LivePositions");
  assert.deepEqual(island.props, { live });
  // The JSON itself is inert too: it parses back without any HTML decoding.
  assert.deepEqual(JSON.parse(serializeIslandProps({ live })), { live });
});

Deno.test("the hydrator hydrates known islands with their props and skips unknown or malformed ones", () => {
  const { document } = parseHTML(
    `<!doctype html><html><body>
      <div data-island="Probe" data-props="{&quot;label&quot;:&quot;a&lt;b&quot;}"><p>a&lt;b</p></div>
      <div data-island="Missing" data-props="{}"><p>static</p></div>
      <div data-island="Probe" data-props="{not json"><p>static</p></div>
    </body></html>`,
  );
  const seen: unknown[] = [];
  const Probe = (props: { label: string }) => {
    seen.push(props.label);
    return h("p", null, props.label);
  };
  const warn = console.warn;
  const warnings: string[] = [];
  console.warn = (message: string) => warnings.push(message);
  // Preact looks the document up globally, as it would in a browser.
  const scope = globalThis as { document?: unknown };
  scope.document = document;
  try {
    assert.equal(hydrateIslands(document, { Probe }), 1);
  } finally {
    console.warn = warn;
    delete scope.document;
  }
  assert.deepEqual(seen, ["a<b"]);
  const marked = [...document.querySelectorAll("[data-hydrated]")];
  assert.equal(marked.length, 1);
  assert.equal(marked[0].getAttribute("data-island"), "Probe");
  assert.equal(warnings.length, 2);
  assert.match(warnings.join("\n"), /Missing: not in this bundle/);
  assert.match(warnings.join("\n"), /Probe: unreadable props/);
});

Deno.test("the hydrator leaves an island whose props are JSON but not an object static", () => {
  const notObjects = ["null", "[1,2]", "42", "&quot;text&quot;", "true"];
  const { document } = parseHTML(
    `<!doctype html><html><body>${
      notObjects.map((json) => `<div data-island="Probe" data-props="${json}"><p>static</p></div>`)
        .join("")
    }<div data-island="Probe" data-props="{}"><p>static</p></div></body></html>`,
  );
  const Probe = () => h("p", null, "hydrated");
  const warn = console.warn;
  const warnings: string[] = [];
  console.warn = (message: string) => warnings.push(message);
  const scope = globalThis as { document?: unknown };
  scope.document = document;
  try {
    assert.deepEqual(findIslands(document).map((island) => island.props), [{}]);
    assert.equal(hydrateIslands(document, { Probe }), 1);
  } finally {
    console.warn = warn;
    delete scope.document;
  }
  const islands = [...document.querySelectorAll("[data-island]")];
  assert.deepEqual(
    islands.map((element) => element.hasAttribute("data-hydrated")),
    [...notObjects.map(() => false), true],
  );
  // Each skipped island is named in a warning, at each of the two reads above.
  assert.equal(warnings.length, 2 * notObjects.length);
  assert.ok(warnings.every((text) => text.includes("Probe")), warnings.join("\n"));
});

Deno.test("the positions island's server markup is exactly the island's first render from its JSON props", async () => {
  await withTestApp(async (app) => {
    const positions = await fetchWalletPositions(app.deps, catalog.wallets.whale.address);
    const live = liveWalletOf({ ...positions, accumulator: null }, catalog.baseTimeMs);
    const html = renderToString(h(Island, { name: "LivePositions", props: { live } }));
    const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
    const [island] = findIslands(document);
    assert.equal(island.name, "LivePositions");
    const clientFirstRender = renderToString(h(LivePositions, island.props as never));
    assert.equal(island.element.innerHTML, clientFirstRender);
    assert.equal(
      document.querySelectorAll("tbody tr[data-position]").length,
      catalog.wallets.whale.openPositions,
    );
  });
});

// withTestApp serves the full app, as main.ts builds it.
/** Pages whose ages tick load the small script that keeps them true (`client/ages.ts`). */
const TICKING = `<script type="module" src="${assetUrl("/static/build/ages.js")}">`;

const ISLAND_FREE = [
  { path: "/", route: "/", ticking: true },
  { path: "/leaderboard", route: "/leaderboard" },
  { path: "/markets", route: "/markets", ticking: true },
  { path: "/liquidations", route: "/liquidations", ticking: true },
  { path: "/docs/", route: "/docs/" },
  { path: `/tx/${catalog.transactions.multi_wallet_batch.hash}`, route: "/tx/:hash" },
];

/** Every script, module preload and island bundle reference in a page. */
function scriptsOf(html: string) {
  return {
    scripts: html.match(/<script[^>]*>/g) ?? [],
    preloads: html.match(/<link[^>]*modulepreload[^>]*>/g) ?? [],
    bundleReferences: html.split(ISLAND_SCRIPT_URL).length - 1,
  };
}

for (const page of ISLAND_FREE) {
  Deno.test({
    name: `${page.route} ships no island bundle, no Preact runtime and no modulepreload`,
    fn: async () => {
      await withTestApp(async (app) => {
        const response = await app.fetch(page.path);
        assert.equal(response.status, 200);
        const found = scriptsOf(await response.text());
        assert.deepEqual(found.scripts, [
          `<script src="${assetUrl("/static/build/enhance.js")}" defer>`,
          ...("ticking" in page ? [TICKING] : []),
        ]);
        assert.deepEqual(found.preloads, []);
        assert.equal(found.bundleReferences, 0);
      });
    },
  });
}

Deno.test("/at-risk ships no island bundle, only its own small live script beside the enhancement", async () => {
  await withTestApp(async (app) => {
    const found = scriptsOf(await (await app.fetch("/at-risk")).text());
    assert.deepEqual(found.scripts, [
      `<script src="${assetUrl("/static/build/enhance.js")}" defer>`,
      TICKING,
      `<script type="module" src="${assetUrl("/static/at_risk.js")}">`,
    ]);
    assert.deepEqual(found.preloads, []);
    assert.equal(found.bundleReferences, 0);
    const script = await Deno.readFile(new URL("../static/at_risk.js", import.meta.url));
    const gzipped = await gzipSize(script);
    assert.ok(gzipped <= 1024, `static/at_risk.js is ${gzipped} bytes gzipped`);
  });
});

Deno.test({
  name:
    "the wallet page loads exactly the island bundle and hydrates its three live islands and the star",
  fn: async () => {
    await withTestApp(async (app) => {
      const response = await app.fetch(`/wallet/${catalog.wallets.whale.address}`);
      assert.equal(response.status, 200);
      const html = await response.text();
      const found = scriptsOf(html);
      assert.deepEqual(found.scripts, [
        `<script src="${assetUrl("/static/build/enhance.js")}" defer>`,
        `<script type="module" src="${ISLAND_SCRIPT_URL}">`,
      ]);
      assert.deepEqual(found.preloads, []);
      assert.equal((html.match(/data-island="/g) ?? []).length, 4);
      for (const name of ["WalletRiskBand", "LivePositions", "LiveAccount", "StarWallet"]) {
        assert.ok(html.includes(`data-island="${name}"`), name);
      }
    });
  },
});

Deno.test("the committed island bundle is small, carries no zod or viem code, and matches a fresh build", async () => {
  const committed = await Deno.readFile(ISLANDS_BUNDLE);
  const text = new TextDecoder().decode(committed);
  for (const marker of [/zod/i, /viem/i, /keccak/i, /abitype/i, /BigInt\(/]) {
    assert.doesNotMatch(text, marker, `bundle contains ${marker}`);
  }
  assert.ok(text.includes("data-island"), "the hydrator is in the bundle");
  const gzipped = await gzipSize(committed);
  // The wallet page loads it with the enhancement script: the page's 15 KB holds both.
  const enhance = await gzipSize(
    await Deno.readFile(new URL("../static/build/enhance.js", import.meta.url)),
  );
  assert.ok(
    gzipped + enhance <= 15 * 1024,
    `the wallet page loads ${gzipped} + ${enhance} B gzipped`,
  );
  const fresh = await Deno.makeTempFile({ prefix: "islands_", suffix: ".js" });
  try {
    const rebuilt = await buildIslands(fresh);
    assert.ok(
      rebuilt.byteLength === committed.byteLength && rebuilt.every((b, i) => b === committed[i]),
      "static/build/islands.js is stale: run `deno task build`",
    );
  } finally {
    await Deno.remove(fresh);
  }
});
