/**
 * Exact labels: a distance to bust is shown cut at three decimals, so the value a face shows never
 * sits on the other side of its band's threshold ("0.030%" beside "near bust", whose rule is
 * "under 0.03%"). Marks are pinned a hair under each threshold, and every face that shows a
 * distance beside its band is read. Times say their true age: ages drawn on the server keep
 * counting while the page stays open, a chart's time is its data's, and no two ticks of a time
 * axis read alike.
 */
import assert from "node:assert/strict";
import { parseHTML } from "linkedom";
import { type Faces, withFaces } from "./support/faces.ts";
import { catalog } from "./harness.ts";
import { type RiskBand, riskBand } from "../lib/math/mod.ts";
import { distanceText, RISK_LABELS } from "../lib/figure_text.ts";
import { formatAge } from "../lib/format.ts";
import { AGES_BUNDLE, AGES_ENTRY, buildIslands, gzipSize } from "../scripts/build.ts";
import type { LiveWallet } from "../lib/wallet/mod.ts";
import type { OpenPosition } from "../lib/papertrade/mod.ts";
import { getPositionsTool } from "../tools/get_positions.ts";
import { getPositionsAtRiskTool } from "../tools/get_positions_at_risk.ts";

const WAD = 10n ** 18n;
const NEAR_BUST_EDGE = 3n * WAD / 100n; // 0.03 %
const CLOSE_EDGE = 8n * WAD / 100n; // 0.08 %

/** The integer mark that puts `position` as close under `edge` (a percent wad) as a mark can. */
function markJustUnder(position: OpenPosition, edge: bigint): bigint {
  const whole = 100n * WAD; // 100 % as a percent wad
  const bust = position.bustPrice;
  // long: (m − bust)/m < edge/100 ⇔ m < bust·100/(100 − edge); short: m > bust·100/(100 + edge)
  if (position.isLong) {
    const exact = bust * whole;
    const under = whole - edge;
    return exact % under === 0n ? exact / under - 1n : exact / under;
  }
  return (bust * whole) / (whole + edge) + 1n;
}

/** A shown distance (`0.029%`, `-0.001%`, or a tool's plain number) read back into its band. */
function bandOfShown(text: string): RiskBand {
  const match = /^(-?)(\d+)(?:\.(\d+))?%?$/.exec(text.trim());
  assert.ok(match, `a distance: ${text}`);
  const [, sign, whole, part = ""] = match;
  const wad = BigInt(whole) * WAD + BigInt(part.padEnd(18, "0"));
  return riskBand(sign ? -wad : wad);
}

const BAND_OF_LABEL = Object.fromEntries(
  Object.entries(RISK_LABELS).map(([band, label]) => [label, band as RiskBand]),
);

/**
 * Every distance a face shows beside its band, for one wallet: `[where, distance, band]`. The
 * live JSON's numbers are read as the islands show them (`distanceText`, their formatter).
 */
async function shownDistances(faces: Faces, wallet: string) {
  const shown: [string, string, string | null][] = [];
  const live: LiveWallet = JSON.parse(
    (await faces.get(`/wallet/${wallet}/positions.json`)).body,
  );
  for (const row of live.positions) {
    const text = distanceText(row.distance_to_bust_percent);
    shown.push([`positions.json #${row.position_id}`, text, row.risk]);
  }
  const nearest = live.summary.nearest!;
  shown.push([
    "positions.json worst",
    distanceText(nearest.distance_to_bust_percent),
    nearest.risk,
  ]);
  const watched = JSON.parse((await faces.get(`/watchlist.json?w=${wallet}`)).body);
  const { nearest: worst } = watched.wallets[0].summary;
  shown.push(["watchlist.json worst", distanceText(worst.distance_to_bust_percent), worst.risk]);
  for (const [path, where] of [[`/wallet/${wallet}`, "wallet page"], ["/at-risk", "at-risk"]]) {
    const page = parseHTML((await faces.get(path)).body).document;
    for (const row of page.querySelectorAll("tr[data-position]")) {
      const cell = row.querySelector('[data-col="distance"]');
      if (!cell) continue;
      const id = row.getAttribute("data-position");
      shown.push([`${where} #${id}`, cell.textContent!, row.getAttribute("data-risk")]);
    }
  }
  const card = parseHTML((await faces.get(`/w/${wallet}/image.svg`)).body).document;
  const risk = /Risk: ([a-z ]+), nearest bust (\S+%) away/.exec(
    card.querySelector("title")!.textContent!,
  );
  assert.ok(risk, "the card's risk line");
  shown.push(["card", risk[2], BAND_OF_LABEL[risk[1]]]);
  // The tool's text says the model's number itself, beside its band.
  const positions = await faces.tool(getPositionsTool, { address: wallet });
  for (
    const [, id, distance, band] of positions.text.matchAll(
      /position_id: (\d+), .*distance_to_bust_percent: (\S+), .*risk: "([a-z_]+)"/g,
    )
  ) shown.push([`get_positions text #${id}`, distance, band]);
  const board = await faces.tool(getPositionsAtRiskTool, { limit: 100 });
  for (
    const [, id, distance, band] of board.text.matchAll(
      /position_id: (\d+), .*distance_to_bust_percent: (\S+), .*risk: "([a-z_]+)"/g,
    )
  ) shown.push([`get_positions_at_risk text #${id}`, distance, band]);
  return shown;
}

Deno.test("a distance to bust shown a hair under its band's threshold reads in that band on every face", async () => {
  await withFaces(async (faces) => {
    const wallet = catalog.wallets.near_bust.address;
    const { openPositions } = await faces.account(wallet);
    // One market a hair under 0.03 %, the other a hair under 0.08 %.
    const [first, second] = [0, 1].map((id) =>
      openPositions.find((position) => position.instrumentId === id)!
    );
    await faces.pinMarks({
      [first.instrumentId]: markJustUnder(first, NEAR_BUST_EDGE),
      [second.instrumentId]: markJustUnder(second, CLOSE_EDGE),
    });
    const shown = await shownDistances(faces, wallet);
    for (const id of [first.positionId, second.positionId]) {
      assert.ok(shown.filter(([where]) => where.endsWith(`#${id}`)).length >= 5, `#${id} found`);
    }
    for (const [where, distance, band] of shown) {
      assert.equal(bandOfShown(distance), band, `${where}: ${distance} beside ${band}`);
    }
    const edge = shown.find(([where]) => where === `positions.json #${first.positionId}`)!;
    assert.deepEqual(edge.slice(1), ["0.029%", "near_bust"], "just under 0.03 % reads 0.029%");
  });
});

/** Runs the shipped ticker on `html` with a clock the test moves; returns the document and a tick. */
async function tickerOn(html: string, startAt: number) {
  const { document } = parseHTML(html);
  let now = startAt;
  let tick = () => {};
  const source = await Deno.readTextFile(new URL("../static/build/ages.js", import.meta.url));
  const clock = {
    now: () => now,
    parse: Date.parse,
  };
  new Function("document", "Date", "setInterval", source)(
    document,
    clock,
    (fn: () => void) => tick = fn,
  );
  return {
    document,
    later(ms: number) {
      now += ms;
      tick();
    },
  };
}

Deno.test("ages on home and the markets pages keep counting while the page stays open", async () => {
  await withFaces(async (faces) => {
    for (const path of ["/", "/markets", "/markets/BTC", "/at-risk"]) {
      const html = (await faces.get(path)).body;
      assert.match(html, /<script type="module" src="\/static\/build\/ages\.[0-9a-f]+\.js">/, path);
      const page = await tickerOn(html, 1_000_000);
      const times = [...page.document.querySelectorAll("time[data-now]")];
      assert.ok(times.length > 0, `${path} shows ages`);
      const before = times.map((time) => time.textContent);
      page.later(75_000);
      times.forEach((time, i) => {
        const at = Date.parse(time.getAttribute("datetime")!);
        const drawnAt = Number(time.getAttribute("data-now"));
        assert.equal(time.textContent, formatAge(at, drawnAt + 75_000), `${path}: ${before[i]}`);
      });
      if (path === "/markets") {
        const updated = times.find((time) => time.closest("td") !== null)!;
        assert.deepEqual([before[times.indexOf(updated)], updated.textContent], [
          "0 s ago",
          "1 min ago",
        ], "the mark's Updated column counts up");
      }
    }
  });
});

Deno.test("the ticker leaves an island's times to the island", async () => {
  const html = '<div data-island="X"><time datetime="2026-10-13T13:00:00.000Z" ' +
    'data-now="1791896400000">0 s ago</time></div><p><time datetime="2026-10-13T13:00:00.000Z" ' +
    'data-now="1791896400000">0 s ago</time></p>';
  const page = await tickerOn(html, 0);
  page.later(5_000);
  const [inside, outside] = page.document.querySelectorAll("time");
  assert.equal(inside.textContent, "0 s ago");
  assert.equal(outside.textContent, "5 s ago");
});

Deno.test("a chart says when its data is as of, never that it was read then", async () => {
  await withFaces(async (faces) => {
    // The replay's protocol history is as of the catalog's moment: read it 32 min later.
    await faces.moveMarks(32 * 60_000);
    const page = parseHTML((await faces.get("/markets")).body).document;
    const captions = [...page.querySelectorAll("#history figcaption, section figcaption")];
    assert.ok(captions.length > 0);
    for (const caption of captions) {
      assert.doesNotMatch(caption.textContent!, /\bRead\b/, "the read is now, not its data's time");
    }
    const history = [...page.querySelectorAll("[data-as-of] time")].filter((time) =>
      time.getAttribute("datetime") === new Date(catalog.baseTimeMs).toISOString()
    );
    assert.ok(history.length >= 5, "every history chart states its data's time");
    for (const time of history) assert.equal(time.textContent, "32 min ago");
  });
});

Deno.test("the ticking script is small and matches a fresh build", async () => {
  const shipped = await Deno.readFile(AGES_BUNDLE);
  const gzipped = await gzipSize(shipped);
  assert.ok(gzipped <= 1024, `static/build/ages.js is ${gzipped} bytes gzipped`);
  const fresh = await Deno.makeTempFile({ prefix: "ages_", suffix: ".js" });
  try {
    const rebuilt = await buildIslands(fresh, AGES_ENTRY);
    assert.ok(
      rebuilt.byteLength === shipped.byteLength && rebuilt.every((b, i) => b === shipped[i]),
      "static/build/ages.js is stale: run `deno task build`",
    );
  } finally {
    await Deno.remove(fresh);
  }
});
