/**
 * The shared enhancement script (the build of static/enhance.js), run against a real rendered docs page in a
 * small DOM (linkedom): it must stay small, and each feature must work on the markup the docs
 * layout produces.
 */
import assert from "node:assert/strict";
import { parseHTML } from "linkedom";
import { docsRoutes } from "../routes/docs.tsx";
import { SAMPLE_TOOLS } from "./support/sample_tools.ts";

import { buildIslands, ENHANCE_BUNDLE, ENHANCE_SOURCE, gzipSize } from "../scripts/build.ts";

// The minified build pages load (static/enhance.js is its readable source).
const SCRIPT_URL = new URL("../static/build/enhance.js", import.meta.url);

// deno-lint-ignore no-explicit-any
type Any = any;

interface Page {
  window: Any;
  document: Any;
  clipboard: string[];
  stored: Map<string, string>;
  focused: string[];
}

async function loadPage(
  options: { storedTheme?: string; systemDark?: boolean } = {},
): Promise<Page> {
  const app = docsRoutes({ siteUrl: "https://enh.example", tools: SAMPLE_TOOLS });
  const html = await (await app.request("/docs/mcp")).text();
  const { window, document } = parseHTML(html) as Any;
  const clipboard: string[] = [];
  const stored = new Map<string, string>(
    options.storedTheme ? [["theme", options.storedTheme]] : [],
  );
  const focused: string[] = [];
  const input = document.querySelector("[data-docs-filter]");
  input.focus = () => focused.push(input.id);
  input.select = () => {};
  const globals = {
    document,
    navigator: {
      clipboard: { writeText: (text: string) => (clipboard.push(text), Promise.resolve()) },
    },
    localStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
    },
    matchMedia: () => ({ matches: options.systemDark ?? false }),
    Element: window.Element,
    HTMLElement: window.HTMLElement,
    setTimeout: () => 0,
  };
  const source = await Deno.readTextFile(SCRIPT_URL);
  new Function(...Object.keys(globals), source)(...Object.values(globals));
  return { window, document, clipboard, stored, focused };
}

function fire(page: Page, target: Any, type: string, extra: Record<string, unknown> = {}) {
  const event = new page.window.Event(type, { bubbles: true });
  Object.assign(event, extra);
  target.dispatchEvent(event);
}

Deno.test("the enhancement script pages load stays under 2 KB gzipped and matches its source", async () => {
  const shipped = await Deno.readFile(ENHANCE_BUNDLE);
  const size = await gzipSize(shipped);
  assert.ok(size <= 2048, `static/build/enhance.js is ${size} bytes gzipped`);
  const fresh = await Deno.makeTempFile({ prefix: "enhance_", suffix: ".js" });
  try {
    const rebuilt = await buildIslands(fresh, ENHANCE_SOURCE);
    assert.ok(
      rebuilt.byteLength === shipped.byteLength && rebuilt.every((b, i) => b === shipped[i]),
      "static/build/enhance.js is stale: run `deno task build`",
    );
  } finally {
    await Deno.remove(fresh);
  }
});

Deno.test("copy buttons appear and copy their code block's text", async () => {
  const page = await loadPage();
  const buttons = page.document.querySelectorAll("button[data-copy]");
  assert.ok(buttons.length >= 3);
  for (const button of buttons) assert.equal(button.hasAttribute("hidden"), false);
  fire(page, buttons[0], "click");
  await Promise.resolve();
  assert.equal(page.clipboard.length, 1);
  assert.equal(page.clipboard[0], buttons[0].parentElement.querySelector("code").textContent);
  assert.match(page.clipboard[0], /^curl -s https:\/\/enh\.example\/mcp/);
});

Deno.test("the theme switch shows, flips the theme and remembers the choice", async () => {
  const page = await loadPage({ systemDark: true });
  const toggle = page.document.querySelector("[data-theme-toggle]");
  assert.equal(toggle.hasAttribute("hidden"), false);
  assert.equal(toggle.textContent, "Light");
  fire(page, toggle, "click");
  assert.equal(page.document.documentElement.getAttribute("data-theme"), "light");
  assert.equal(page.stored.get("theme"), "light");
  assert.equal(toggle.textContent, "Dark");
  const again = await loadPage({ storedTheme: "dark" });
  assert.equal(again.document.documentElement.getAttribute("data-theme"), "dark");
});

Deno.test("'/' focuses the docs search unless the user is typing in a field", async () => {
  const page = await loadPage();
  fire(page, page.document.body, "keydown", { key: "/" });
  assert.deepEqual(page.focused, ["docs-search-input"]);
  fire(page, page.document.querySelector("[data-docs-filter]"), "keydown", { key: "/" });
  assert.equal(page.focused.length, 1);
});

Deno.test("typing in the search box filters the nav; no match shows the hint", async () => {
  const page = await loadPage();
  const input = page.document.querySelector("[data-docs-filter]");
  input.value = "connect";
  fire(page, input, "input");
  const visible = [...page.document.querySelectorAll(".docs-nav li:not([hidden]) a")]
    .map((link: Any) => link.textContent);
  assert.deepEqual(visible, ["Connect your AI"]);
  assert.equal(page.document.querySelector("[data-filter-empty]").hasAttribute("hidden"), true);
  assert.equal(page.document.querySelector("[data-docs-menu]").hasAttribute("open"), true);
  input.value = "zzzz";
  fire(page, input, "input");
  assert.equal(page.document.querySelector("[data-filter-empty]").hasAttribute("hidden"), false);
  input.value = "";
  fire(page, input, "input");
  assert.equal(page.document.querySelectorAll(".docs-nav li[hidden]").length, 0);
});

Deno.test('the filter never empties "On this page": with no heading matching, all stay', async () => {
  const page = await loadPage();
  const input = page.document.querySelector("[data-docs-filter]");
  const toc = () =>
    [...page.document.querySelectorAll(".docs-toc li")].filter((item: Any) => !item.hidden)
      .length;
  const headings = toc();
  assert.ok(headings >= 3);
  // "connect" names a docs page, not a heading of the MCP page.
  input.value = "connect";
  fire(page, input, "input");
  assert.equal(toc(), headings);
  const first = page.document.querySelector(".docs-toc li").getAttribute("data-filter-text");
  input.value = first;
  fire(page, input, "input");
  assert.ok(toc() >= 1 && toc() < headings, "a word that matches a heading still narrows it");
});

Deno.test("the mobile menu closes on Escape and after choosing a link", async () => {
  const page = await loadPage();
  const menu = page.document.querySelector("[data-docs-menu]");
  menu.setAttribute("open", "");
  fire(page, page.document.body, "keydown", { key: "Escape" });
  assert.equal(menu.hasAttribute("open"), false);
  menu.setAttribute("open", "");
  fire(page, menu.querySelector("a"), "click");
  assert.equal(menu.hasAttribute("open"), false);
});
