/**
 * docs/figures.md matches the code: every function it names is exported where it says, every tool
 * field it names is in that tool's output schema, every live-JSON key is in the live JSON, every
 * page label is one the pages use, every CSV column is in its export. And the other way round:
 * every label on the pages that says PnL is one of the glossary's labels, so a page never says
 * "PnL" without saying which.
 */
import assert from "node:assert/strict";
import { parseHTML } from "linkedom";
import { catalog, withPages } from "./harness.ts";
import { parseCsv } from "./support/faces.ts";
import { TOOLS } from "../tools/registry.ts";
import { findTool } from "../tools/types.ts";
import { TRADE_CSV_HEADER } from "../lib/wallet/trade_export.ts";

const ROOT = new URL("../", import.meta.url);
const DOC = await Deno.readTextFile(new URL("docs/figures.md", ROOT));

/** Each figure's table: its `###` heading and its rows, keyed by the first column. */
function figures(): Map<string, Map<string, string>> {
  const found = new Map<string, Map<string, string>>();
  for (const section of DOC.split(/^### /m).slice(1)) {
    const [heading, ...lines] = section.split("\n");
    const rows = new Map<string, string>();
    for (const line of lines) {
      const cells = /^\| ([^|]+?) +\| (.*) \|$/.exec(line);
      if (cells && !/^-+$/.test(cells[1]) && cells[1] !== "Of this figure") {
        rows.set(cells[1], cells[2].trim());
      }
    }
    found.set(heading.trim(), rows);
  }
  return found;
}

const FIGURES = figures();
const ROWS = ["Unit", "Computed by", "Tool fields", "Page labels", "CSV columns", "Elsewhere"];

/** Code spans of a cell grouped by the name before a colon: "`a`: `x`, `y`; `b`: `z`". */
function grouped(cell: string): [string, string[]][] {
  return cell.split(/; /).flatMap((part) => {
    const match = /^`([^`]+)`: (.*)$/.exec(part);
    return match ? [[match[1], [...match[2].matchAll(/`([^`]+)`/g)].map((m) => m[1])]] : [];
  });
}

type Schema = {
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
};

/** Whether `path` (`a[].b`) names a field of `schema`. */
function hasPath(schema: Schema, path: string): boolean {
  const [head, ...rest] = path.split(".");
  const options = [schema, ...(schema.anyOf ?? [])];
  const name = head.replace(/\[\]$/, "");
  return options.some((option) => {
    let child = option.properties?.[name];
    if (child === undefined) return false;
    if (head.endsWith("[]")) {
      child = [child, ...(child.anyOf ?? [])].find((c) => c.items)?.items;
      if (child === undefined) return false;
    }
    return rest.length === 0 || hasPath(child, rest.join("."));
  });
}

/** Whether `path` (`a[].b`) names a key of the JSON `value`. */
function hasKey(value: unknown, path: string): boolean {
  const [head, ...rest] = path.split(".");
  const name = head.replace(/\[\]$/, "");
  if (value === null || typeof value !== "object" || !(name in value)) return false;
  let child = (value as Record<string, unknown>)[name];
  if (head.endsWith("[]")) {
    if (!Array.isArray(child)) return false;
    // An empty list (no closes since the stream opened) shows no item's keys.
    if (child.length === 0) return true;
    child = child[0];
  }
  return rest.length === 0 || hasKey(child, rest.join("."));
}

Deno.test("every figure of docs/figures.md says its unit, computation and name on each face", () => {
  assert.ok(FIGURES.size >= 15, `${FIGURES.size} figures`);
  for (
    const name of [
      "Distance to bust",
      "Move to bust",
      "Band",
      "Unrealized PnL",
      "PnL if closed",
      "Payout if closed",
      "Equity",
      "Net PnL",
      "Rank and place",
      "Open interest",
      "As of",
      "Ages",
    ]
  ) assert.ok(FIGURES.has(name), name);
  for (const [name, rows] of FIGURES) assert.deepEqual([...rows.keys()], ROWS, name);
});

Deno.test("every function docs/figures.md names is exported by the module it names", async () => {
  let checked = 0;
  for (const [name, rows] of FIGURES) {
    const cell = rows.get("Computed by")!;
    for (
      const [, names, path] of cell.matchAll(/((?:`\w+`(?:, | and ))*`\w+`) in `([\w/]+\.ts)`/g)
    ) {
      const module = await import(new URL(path, ROOT).href);
      for (const [, exported] of names.matchAll(/`(\w+)`/g)) {
        assert.ok(exported in module, `${name}: ${exported} in ${path}`);
        checked += 1;
      }
    }
  }
  assert.ok(checked >= 20, `${checked} functions`);
});

Deno.test("every tool field docs/figures.md names is in that tool's output schema", () => {
  let checked = 0;
  for (const [name, rows] of FIGURES) {
    for (const [tool, paths] of grouped(rows.get("Tool fields")!)) {
      const definition = findTool(TOOLS, tool);
      assert.ok(definition, `${name}: no tool ${tool}`);
      const schema = definition.outputSchema.toJSONSchema({ io: "input" }) as Schema;
      for (const path of paths) {
        assert.ok(hasPath(schema, path), `${name}: ${tool} has no ${path}`);
        checked += 1;
      }
    }
  }
  assert.ok(checked >= 40, `${checked} fields`);
});

Deno.test("every live-JSON key, CSV column and page label docs/figures.md names is one the explorer serves", async () => {
  const sources: string[] = [];
  const read = async (folder: string): Promise<void> => {
    for await (const entry of Deno.readDir(new URL(`${folder}/`, ROOT))) {
      if (entry.isDirectory) await read(`${folder}/${entry.name}`);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.includes("_test")) {
        sources.push(await Deno.readTextFile(new URL(`${folder}/${entry.name}`, ROOT)));
      }
    }
  };
  for (const folder of ["client", "components", "islands", "lib", "routes"]) await read(folder);
  const source = sources.join("\n");
  await withPages(async ({ get }) => {
    const wallet = catalog.wallets.whale.address;
    const json: Record<string, unknown> = {
      "positions.json": JSON.parse((await get(`/wallet/${wallet}/positions.json`)).body),
      "/watchlist.json": JSON.parse((await get(`/watchlist.json?w=${wallet}`)).body).wallets[0],
    };
    const csv = {
      trades: [...TRADE_CSV_HEADER] as string[],
      leaderboard: parseCsv((await get("/leaderboard.csv")).body)[0],
    };
    let checked = 0;
    for (const [name, rows] of FIGURES) {
      for (const [face, keys] of grouped(rows.get("Elsewhere")!)) {
        if (!(face in json)) continue;
        for (const key of keys) {
          assert.ok(hasKey(json[face], key), `${name}: ${face} has no ${key}`);
          checked += 1;
        }
      }
      for (const [, column, file] of rows.get("CSV columns")!.matchAll(/`(\w+)` \((\w+)\)/g)) {
        assert.ok(csv[file as keyof typeof csv].includes(column), `${name}: ${file} ${column}`);
        checked += 1;
      }
      for (
        const [, multiple, file] of rows.get("CSV columns")!.matchAll(
          /((?:`\w+`, )+`\w+`) \((\w+)\)/g,
        )
      ) {
        for (const [, column] of multiple.matchAll(/`(\w+)`/g)) {
          assert.ok(csv[file as keyof typeof csv].includes(column), `${name}: ${file} ${column}`);
        }
      }
      for (const [, label] of rows.get("Page labels")!.matchAll(/"([^"]+)"/g)) {
        assert.ok(source.includes(label), `${name}: no page shows "${label}"`);
        checked += 1;
      }
    }
    assert.ok(checked >= 60, `${checked} names`);
  });
});

/** Every label on a page: column heads, field names, cell labels, chart titles, card figures. */
function labelsOf(html: string): string[] {
  const { document } = parseHTML(html);
  const labels = [
    ...[...document.querySelectorAll("thead th, dt, figcaption strong, option")].map((element) =>
      element.textContent!
    ),
    ...[...document.querySelectorAll("[data-label]")].map((element) =>
      element.getAttribute("data-label")!
    ),
  ];
  return labels.map((label) => label.replace(/[▲▼]/g, "").trim());
}

Deno.test("every label on the pages that says PnL says which one, in the glossary's words", async () => {
  const glossary = new Set(
    [...FIGURES.values()].flatMap((rows) =>
      [...rows.get("Page labels")!.matchAll(/"([^"]+)"/g)].map((match) => match[1])
    ),
  );
  await withPages(async ({ get }) => {
    const whale = catalog.wallets.whale.address;
    const closed = catalog.positions.closed;
    const paths = [
      "/",
      "/markets",
      `/wallet/${whale}`,
      "/leaderboard",
      "/leaderboard?window=all&sort=currentUnrealizedPnl",
      `/position/${closed.id}?wallet=${closed.owner}`,
      "/search?q=e",
    ];
    const said: string[] = [];
    for (const path of paths) {
      const answer = await get(path);
      assert.equal(answer.status, 200, path);
      for (const label of labelsOf(answer.body)) {
        if (/PnL/.test(label)) said.push(label);
        if (/PnL/.test(label)) assert.ok(glossary.has(label), `${path}: "${label}"`);
      }
    }
    // The card's figures are drawn as SVG text.
    const card = (await get(`/w/${whale}/image.svg`)).body;
    for (const [, label] of card.matchAll(/<text fill="#9aa4b2" font-size="28">([^<]+)</g)) {
      if (/PnL/.test(label)) assert.ok(glossary.has(label), `card: "${label}"`);
    }
    assert.ok(said.length >= 8, `${said.length} PnL labels read`);
  });
});
