// Papertrade Explorer's one enhancement script (plain JS, deferred; every page works without
// it): copy buttons, `/` to search, the theme switch (a cookie the server paints from), recent
// searches, old hash links, the docs menu and filter. Kept under 2 KB gzipped.
(() => {
  const doc = document, root = doc.documentElement, all = (s) => doc.querySelectorAll(s);
  const loc = doc.location;
  // The first edition's hash links (#/wallet/<a>, …) name the new paths.
  if (
    loc && loc.pathname == "/" &&
    /^#\/(wallet|tx|intent|position)\/\w+(\?wallet=\w+)?$/.test(loc.hash)
  ) loc.replace(loc.hash.slice(1));

  // Blocked storage returns null: defaults apply, choices last for this page.
  const store = (area, key, value) => {
    try {
      const s = area == 1 ? sessionStorage : localStorage;
      return value === undefined
        ? s.getItem(key)
        : value === null
        ? s.removeItem(key)
        : s.setItem(key, value);
    } catch {
      return null;
    }
  };
  const RECENT = "recent-searches", PENDING = "pending-search";
  let recent = [];
  try {
    recent = JSON.parse(store(0, RECENT) || "[]").filter((q) => typeof q == "string").slice(0, 5);
  } catch { /* damaged: start over */ }
  // A search is kept only once the page it lands on answered below 400.
  const pending = store(1, PENDING);
  if (pending) {
    store(1, PENDING, null);
    const nav = performance.getEntriesByType("navigation")[0];
    if (nav && nav.responseStatus < 400) {
      recent = [pending, ...recent.filter((q) => q != pending)].slice(0, 5);
      store(0, RECENT, JSON.stringify(recent));
    }
  }
  const make = (tag, props) => Object.assign(doc.createElement(tag), props);
  const fillRecent = () => {
    for (const box of all("[data-recent]")) {
      box.replaceChildren();
      if ((box.hidden = !recent.length)) continue;
      box.append(make("span", { textContent: "Recent searches" }));
      for (const q of recent) {
        box.append(make("a", {
          href: "/search?q=" + encodeURIComponent(q),
          textContent: q.length > 28 ? q.slice(0, 14) + "…" + q.slice(-8) : q,
          title: q,
        }));
      }
      const clear = make("button", { type: "button", textContent: "Clear recent searches" });
      clear.dataset.clearRecent = "";
      box.append(clear);
    }
  };
  fillRecent();
  doc.addEventListener("submit", ({ target }) => {
    const q = target.getAttribute("action") == "/search" && target.q.value.trim();
    if (q) store(1, PENDING, q);
  });

  const setTheme = (theme) => {
    root.dataset.theme = theme;
    doc.cookie = `theme=${theme}; path=/; max-age=31536000; samesite=lax`;
  };
  // A choice saved before the cookie existed moves into it.
  const legacy = store(0, "theme");
  if (!/theme=(light|dark)/.test(doc.cookie) && /^(light|dark)$/.test(legacy)) setTheme(legacy);
  const current = () =>
    root.dataset.theme || (matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light");
  const labelThemeButtons = () => {
    const next = current() == "dark" ? "light" : "dark";
    for (const button of all("[data-theme-toggle]")) {
      button.hidden = false;
      button.textContent = next == "dark" ? "Dark" : "Light";
      button.setAttribute("aria-label", `Switch to the ${next} theme`);
    }
  };
  labelThemeButtons();

  // Copy buttons are rendered hidden: they only appear where they can work.
  if (navigator.clipboard) { for (const button of all("button[data-copy]")) button.hidden = false; }
  const flash = (button, text) => {
    button.textContent = text;
    setTimeout(() => (button.textContent = "Copy"), 1500);
  };

  doc.addEventListener("click", (event) => {
    const target = event.target instanceof Element && event.target;
    if (!target) return;
    const copy = target.closest("button[data-copy]");
    const code = copy && copy.parentElement.querySelector("code");
    if (code) {
      navigator.clipboard.writeText(code.textContent).then(
        () => flash(copy, "Copied"),
        () => flash(copy, "Press Ctrl+C"),
      );
    } else if (target.closest("[data-theme-toggle]")) {
      const next = current() == "dark" ? "light" : "dark";
      setTheme(next);
      store(0, "theme", next);
      labelThemeButtons();
    } else if (target.closest("[data-clear-recent]")) {
      recent = [];
      store(0, RECENT, "[]");
      fillRecent();
    } else if (target.closest("a")) {
      const menu = target.closest("[data-docs-menu]");
      if (menu) menu.removeAttribute("open");
    }
  });

  doc.addEventListener("keydown", (event) => {
    const el = event.target;
    if (event.key == "/" && !event.ctrlKey && !event.metaKey && !event.altKey) {
      if (
        el instanceof HTMLElement &&
        (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName))
      ) return;
      const input = doc.querySelector("[data-docs-filter], [data-search-main]") ||
        doc.querySelector("input[type=search]");
      if (!input) return;
      event.preventDefault();
      input.focus();
      input.select();
    } else if (event.key == "Escape") {
      for (const menu of all("[data-docs-menu][open]")) menu.removeAttribute("open");
    }
  });

  // Docs filter: hide nav and "On this page" entries that miss any word.
  const filter = doc.querySelector("[data-docs-filter]");
  if (!filter) return;
  const empty = doc.querySelector("[data-filter-empty]");
  filter.addEventListener("input", () => {
    const words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    let matches = 0;
    for (const item of all("[data-filter-text]")) {
      const text = item.getAttribute("data-filter-text") || "";
      item.hidden = !words.every((word) => text.includes(word));
      if (!item.hidden && item.closest(".docs-nav")) matches++;
    }
    for (const group of all(".docs-nav-group")) {
      group.hidden = !group.querySelector("li:not([hidden])");
    }
    if (empty) empty.hidden = matches > 0;
    const menu = doc.querySelector("[data-docs-menu]");
    if (menu && words.length) menu.setAttribute("open", "");
  });
})();
