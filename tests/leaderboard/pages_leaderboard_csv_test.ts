/**
 * The leaderboard's figures and its CSV export: compact figures with the full value in the
 * cell's title, and `/leaderboard.csv` with the rows, order and exact figures of the board on
 * screen, linked from the page and safe to open in a spreadsheet.
 */
import assert from "node:assert/strict";
import {
  LEADERBOARD_SORT_KEYS as SORT_KEYS,
  type PapertradeClient,
  type ReadResult,
} from "../../lib/papertrade/mod.ts";
import { startReplayUpstream } from "../../fixtures/mod.ts";
import { LEADERBOARD_FIGURES } from "../../lib/leaderboard/model.ts";
import { buildApp, catalog, replayDeps, withPages } from "../harness.ts";

const VIEW = "window=all&sort=totalVolume&dir=asc&page=1";

/** The wallets of a leaderboard page's rows, in order. */
function rowWallets(html: string): string[] {
  return [...html.matchAll(/<a class="row-link" href="\/wallet\/(0x[0-9a-f]{40})"/g)]
    .map((m) => m[1]);
}

/** Parses the simple CSV the export writes (quoted cells may hold commas and doubled quotes). */
function parseCsv(text: string): string[][] {
  return text.trimEnd().split("\r\n").map((line) =>
    [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].slice(0, -1)
      .map((m) => m[1].startsWith('"') ? m[1].slice(1, -1).replaceAll('""', '"') : m[1])
  );
}

Deno.test("every board figure is compact with its full value in the cell's title", async () => {
  await withPages(async ({ get }) => {
    const { body } = await get("/leaderboard?window=all&sort=totalVolume");
    const cells = [...body.matchAll(/data-col="totalVolume" title="([^"]+)">([^<]+)</g)];
    assert.equal(cells.length, 25);
    for (const [, full, shown] of cells) {
      assert.match(shown, /^\$\d{1,3}(\.\d\d)?[KMB]?$/, shown);
      const value = Number(full.replace(/[$,]/g, ""));
      const scale = { K: 1e3, M: 1e6, B: 1e9 }[shown.at(-1)!] ?? 1;
      assert.ok(Math.abs(Number(shown.replace(/[$KMB]/g, "")) * scale - value) <= scale / 200);
    }
    assert.ok(cells.some(([, , shown]) => shown.endsWith("M")), "the whale's volume is in $M");
  });
});

Deno.test("the CSV link downloads the board on screen with exact figures", async () => {
  await withPages(async ({ get }) => {
    // /at-risk waits for the board's first refresh; the leaderboard waits 1.5 s at most.
    await get("/at-risk");
    const page = await get(`/leaderboard?${VIEW}`);
    const href = /<a class="lb-csv" href="([^"]+)"/.exec(page.body)?.[1].replaceAll("&amp;", "&");
    assert.equal(href, `/leaderboard.csv?${VIEW}`);
    const csv = await get(href!);
    assert.equal(csv.status, 200);
    assert.equal(csv.headers.get("content-type"), "text/csv; charset=utf-8; header=present");
    assert.equal(
      csv.headers.get("content-disposition"),
      'attachment; filename="papertrade-leaderboard-all-totalVolume-asc-page2.csv"',
    );
    const [header, ...rows] = parseCsv(csv.body);
    // Columns are named as get_leaderboard names its fields: position is the place, rank the
    // rank by PnL.
    assert.deepEqual(header, [
      "position",
      "rank",
      "address",
      "leaderboard_name",
      ...SORT_KEYS.map((key) => LEADERBOARD_FIGURES[key].field),
      "nearest_to_bust_percent",
    ]);
    // The board's nearest distance in percent (18 decimals at most), where the wallet has an
    // open position; blank otherwise (this test's parser drops a trailing blank field).
    const nearest = rows.map((row) => row[header.length - 1] ?? "");
    assert.ok(nearest.every((value) => /^(\d+(\.\d{1,18})?)?$/.test(value)), `${nearest}`);
    assert.ok(nearest.some((value) => value !== ""), "some wallet on the page has a position");
    assert.deepEqual(rows.map((row) => row[2]), rowWallets(page.body));
    assert.deepEqual(
      rows.map((row) => Number(row[0])),
      Array.from({ length: 25 }, (_, i) => i + 26),
    );
    const volume = 4 + SORT_KEYS.indexOf("totalVolume");
    const titles = [...page.body.matchAll(/data-col="totalVolume" title="\$([^"]+)"/g)];
    for (const [index, row] of rows.entries()) {
      assert.match(row[volume], /^\d+(\.\d+)?$/);
      assert.equal(Number(row[volume]).toFixed(2), titles[index][1].replaceAll(",", ""));
    }
    const names = rows.map((row) => row[3]);
    assert.ok(names.some((name) => name.includes(`"`)), "a quoted hostile name round-trips");
    // Negative PnL stays a number a spreadsheet can sum, not text.
    assert.ok(rows.some((row) => /^-\d/.test(row[4])));
  });
});

Deno.test("the CSV of a name search holds only the matching rows", async () => {
  await withPages(async ({ get }) => {
    const page = await get("/leaderboard?window=all&q=Moby");
    const href = /<a class="lb-csv" href="([^"]+)"/.exec(page.body)?.[1].replaceAll("&amp;", "&");
    assert.equal(href, "/leaderboard.csv?window=all&q=Moby");
    const rows = parseCsv((await get(href!)).body).slice(1);
    assert.deepEqual(rows.map((row) => row[2]), [catalog.wallets.whale.address]);
    assert.equal(rows[0][3], "Moby Dick Capital");
  });
});

Deno.test("a leaderboard name a spreadsheet would run is neutralised in the CSV", async () => {
  const upstream = await startReplayUpstream({ port: 0, now: () => catalog.baseTimeMs });
  try {
    const deps = replayDeps(upstream);
    const formula = '=HYPERLINK("https://evil.example","claim")';
    const real = deps.papertrade;
    const papertrade = {
      ...real,
      read: async (name: string, ...args: unknown[]) => {
        const answer = await (real.read as (...all: unknown[]) => Promise<unknown>)(name, ...args);
        if (name !== "leaderboard") return answer;
        const page = answer as ReadResult<"leaderboard">;
        return {
          ...page,
          accounts: page.accounts.map((row) => ({ ...row, leaderboardName: formula })),
        };
      },
    } as PapertradeClient;
    const response = await buildApp({ ...deps, papertrade }).request("/leaderboard.csv");
    assert.equal(response.status, 200);
    const rows = parseCsv(await response.text()).slice(1);
    assert.equal(rows.length, 25);
    for (const row of rows) assert.equal(row[3], `'${formula}`);
  } finally {
    await upstream.close();
  }
});
