/**
 * The enhancement script's page features (old hash links, recent searches, the `/` shortcut)
 * run against the real home page in a small DOM (linkedom).
 */
import assert from "node:assert/strict";
import { parseHTML } from "linkedom";
import { withPages } from "./harness.ts";

// The minified build pages load (static/enhance.js is its readable source).
const SCRIPT_URL = new URL("../static/build/enhance.js", import.meta.url);
const WALLET = "0xc2c1218b7b3aed50e24ceeaeabeca882053b8d98";

// deno-lint-ignore no-explicit-any
type Any = any;

interface Page {
  window: Any;
  document: Any;
  stored: Map<string, string>;
  session: Map<string, string>;
  replaced: string[];
  focused: string[];
}

async function homeHtml(): Promise<string> {
  let html = "";
  await withPages(async ({ get }) => {
    html = (await get("/")).body;
  });
  return html;
}

async function run(
  html: string,
  options: {
    pathname?: string;
    hash?: string;
    recent?: string[];
    rawRecent?: string;
    /** A search submitted on the previous page of this tab. */
    pending?: string;
    /** HTTP status of this page's navigation. */
    status?: number;
    /** Shared storage, to carry state from one page to the next. */
    stored?: Map<string, string>;
    session?: Map<string, string>;
  } = {},
): Promise<Page> {
  const { window, document } = parseHTML(html) as Any;
  const replaced: string[] = [];
  const focused: string[] = [];
  Object.defineProperty(document, "location", {
    value: {
      pathname: options.pathname ?? "/",
      hash: options.hash ?? "",
      replace: (url: string) => replaced.push(url),
    },
  });
  for (const input of document.querySelectorAll("input")) {
    input.focus = () => focused.push(input.id);
    input.select = () => {};
  }
  const raw = options.rawRecent ?? (options.recent && JSON.stringify(options.recent));
  const stored = options.stored ?? new Map<string, string>(raw ? [["recent-searches", raw]] : []);
  const session = options.session ??
    new Map<string, string>(options.pending ? [["pending-search", options.pending]] : []);
  const globals = {
    document,
    navigator: {},
    localStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
    },
    sessionStorage: {
      getItem: (key: string) => session.get(key) ?? null,
      setItem: (key: string, value: string) => session.set(key, value),
      removeItem: (key: string) => session.delete(key),
    },
    performance: {
      getEntriesByType: () => [{ responseStatus: options.status ?? 200 }],
    },
    matchMedia: () => ({ matches: false }),
    Element: window.Element,
    HTMLElement: window.HTMLElement,
    setTimeout: () => 0,
  };
  const source = await Deno.readTextFile(SCRIPT_URL);
  new Function(...Object.keys(globals), source)(...Object.values(globals));
  return { window, document, stored, session, replaced, focused };
}

Deno.test("the original edition's hash links on the home page open the new paths", async () => {
  const html = await homeHtml();
  const cases: Array<[string, string]> = [
    [`#/wallet/${WALLET}`, `/wallet/${WALLET}`],
    ["#/tx/0xabc123", "/tx/0xabc123"],
    [`#/intent/0xdef?wallet=${WALLET}`, `/intent/0xdef?wallet=${WALLET}`],
    ["#/position/53573", "/position/53573"],
    ["#/leaderboard", "/leaderboard"],
    ["#/leaderboard/7d", "/leaderboard?window=7d"],
    ["#/markets", "/markets"],
    ["#/search/Moby%20Dick", "/search?q=Moby%20Dick"],
    ["#/search/<script>", "/search?q=%3Cscript%3E"],
  ];
  for (const [hash, path] of cases) {
    assert.deepEqual((await run(html, { hash })).replaced, [path], hash);
  }
  for (
    const hash of [
      "",
      "#tools",
      "#/wallet/<script>",
      "#/wallet/0x1/../../evil",
      "#/admin/1",
      "#/leaderboard/1y",
      "#/search/",
      "#/search/%E0%A4%A",
    ]
  ) {
    assert.deepEqual((await run(html, { hash })).replaced, [], hash);
  }
  // Only the home page forwards: elsewhere a fragment is an anchor.
  assert.deepEqual((await run(html, { pathname: "/docs/", hash: "#/tx/0x1" })).replaced, []);
});

Deno.test("recent searches appear as text links under the main search", async () => {
  const html = await homeHtml();
  const page = await run(html, { recent: ["Moby Dick", "<img src=x onerror=alert(1)>"] });
  const box = page.document.querySelector("[data-recent]");
  assert.equal(box.hidden, false);
  const links = [...box.querySelectorAll("a")];
  assert.deepEqual(links.map((link: Any) => link.textContent), [
    "Moby Dick",
    "<img src=x onerror=alert(1)>",
  ]);
  const href = links[0].getAttribute("href");
  assert.ok(href.startsWith("/search?q="), href);
  assert.equal(new URL(href, "http://x").searchParams.get("q"), "Moby Dick");
  assert.equal(box.querySelector("img"), null, "a stored query is never parsed as markup");
  const empty = await run(html);
  assert.equal(empty.document.querySelector("[data-recent]").hidden, true);
  // A damaged list is dropped without stopping the rest of the script.
  const damaged = await run(html, { rawRecent: "{not json" });
  assert.equal(damaged.document.querySelector("[data-recent]").hidden, true);
  assert.equal(damaged.document.querySelector("[data-theme-toggle]").hidden, false);
});

Deno.test("a search is remembered only once the page it lands on answers without an error", async () => {
  const html = await homeHtml();
  const page = await run(html, { recent: ["older", "Moby"] });
  const form = page.document.querySelector("form.search-main");
  // linkedom lacks a form's named-element access, which browsers provide.
  form.q = form.querySelector("[name=q]");
  form.q.value = "  Moby  ";
  form.dispatchEvent(new page.window.Event("submit", { bubbles: true }));
  assert.deepEqual(JSON.parse(page.stored.get("recent-searches")!), ["older", "Moby"]);
  assert.equal(page.session.get("pending-search"), "Moby");
  // The result page answered 200: the query moves to the front, once.
  const landed = await run(html, { stored: page.stored, session: page.session, status: 200 });
  assert.deepEqual(JSON.parse(landed.stored.get("recent-searches")!), ["Moby", "older"]);
  assert.equal(landed.session.has("pending-search"), false);
  // A rejected search (a 404 or 400 page) is never kept.
  const rejected = await run(html, { recent: ["older"], pending: "nonsense", status: 404 });
  assert.deepEqual(JSON.parse(rejected.stored.get("recent-searches")!), ["older"]);
  assert.equal(rejected.session.has("pending-search"), false);
  // Blank queries are not even pending.
  const header = page.document.querySelector("form.header-search");
  header.q = header.querySelector("[name=q]");
  header.q.value = "   ";
  page.session.clear();
  header.dispatchEvent(new page.window.Event("submit", { bubbles: true }));
  assert.equal(page.session.has("pending-search"), false);
});

Deno.test("recent searches hold one spelling of an address, and no search that found nothing", async () => {
  const html = await homeHtml();
  const bare = WALLET.slice(2).toUpperCase();
  const page = await run(html, { recent: [bare, WALLET, "Moby", `0x${bare}`, "Moby"] });
  const shown = [...page.document.querySelectorAll("[data-recent] [role=option]")]
    .map((option: Any) => option.getAttribute("title"));
  assert.deepEqual(shown.slice(0, 2), [WALLET, "Moby"]);
  const landed = await run(html, { stored: page.stored, pending: bare, status: 200 });
  assert.deepEqual(JSON.parse(landed.stored.get("recent-searches")!), [WALLET, "Moby"]);
  // A 200 page that says nothing matched is not remembered.
  let nothing = "";
  await withPages(async ({ get }) => {
    nothing = (await get("/search?q=no-such-name-anywhere")).body;
  });
  assert.match(nothing, /data-nothing-matched/);
  const missed = await run(nothing, { recent: ["Moby"], pending: "no-such-name-anywhere" });
  assert.deepEqual(JSON.parse(missed.stored.get("recent-searches") ?? '["Moby"]'), ["Moby"]);
});

Deno.test("the recent searches are a listbox: arrows move through it, Enter opens, Escape closes", async () => {
  const page = await run(await homeHtml(), { recent: ["Moby", "delta", "#411142"] });
  const input = page.document.querySelector("#site-search");
  const list = page.document.getElementById(input.getAttribute("aria-controls"));
  assert.equal(input.getAttribute("role"), "combobox");
  assert.equal(list.getAttribute("role"), "listbox");
  assert.equal(input.getAttribute("aria-expanded"), "true");
  const key = (name: string) => {
    const event = new page.window.Event("keydown", { bubbles: true, cancelable: true });
    event.key = name;
    input.dispatchEvent(event);
    return event.defaultPrevented;
  };
  const active = () => page.document.getElementById(input.getAttribute("aria-activedescendant"));
  assert.equal(key("ArrowDown"), true, "the arrow does not move the caret");
  assert.equal(active().textContent, "Moby");
  assert.equal(active().getAttribute("aria-selected"), "true");
  key("ArrowDown");
  key("ArrowDown");
  assert.equal(active().textContent, "#411142");
  key("ArrowDown");
  assert.equal(active().textContent, "Moby", "it wraps around");
  key("ArrowUp");
  assert.equal(active().textContent, "#411142");
  const opened: string[] = [];
  active().addEventListener("click", (event: Any) => opened.push(event.target.textContent));
  assert.equal(key("Enter"), true, "Enter opens the option instead of submitting");
  assert.deepEqual(opened, ["#411142"]);
  key("Escape");
  assert.equal(list.parentElement.hidden, true);
  assert.equal(input.getAttribute("aria-expanded"), "false");
  assert.equal(input.hasAttribute("aria-activedescendant"), false);
  key("ArrowUp");
  assert.equal(list.parentElement.hidden, false, "an arrow opens it again");
  assert.equal(active().textContent, "#411142");
});

Deno.test("recent searches are shortened in the dropdown and a button clears them", async () => {
  const hash = `0x${"ab".repeat(32)}`;
  const page = await run(await homeHtml(), { recent: [hash] });
  const box = page.document.querySelector(".header-search [data-recent]");
  const link = box.querySelector("a");
  assert.ok(link.textContent.length < 30 && link.textContent.includes("…"), link.textContent);
  assert.equal(link.getAttribute("title"), hash);
  const clear = box.querySelector("[data-clear-recent]");
  clear.dispatchEvent(new page.window.Event("click", { bubbles: true }));
  assert.deepEqual(JSON.parse(page.stored.get("recent-searches")!), []);
  assert.equal(page.document.querySelector(".header-search [data-recent]").hidden, true);
});

Deno.test("'/' focuses the home page's main search, not the header box", async () => {
  const page = await run(await homeHtml());
  const event = new page.window.Event("keydown", { bubbles: true });
  event.key = "/";
  page.document.body.dispatchEvent(event);
  assert.deepEqual(page.focused, ["main-search"]);
});
