// Papertrade Explorer's one enhancement script (plain JS, deferred; every page works without
// it): copy buttons, `/` to search, the theme switch (a cookie the server paints from), recent
// searches, old hash links, the docs menu and filter. Kept under 2 KB gzipped.
(() => {
  const doc = document, root = doc.documentElement, all = (s) => doc.querySelectorAll(s);
  const loc = doc.location;
  // The first edition's hash links (#/wallet/<a>, #/leaderboard/7d, #/search/<q>, …) name the
  // new paths.
  const old = loc && loc.pathname == "/" &&
    /^#\/(?:((?:wallet|tx|intent|position)\/\w+(?:\?wallet=\w+)?|markets|leaderboard)|leaderboard\/(24h|7d|30d|all)|search\/(.+))$/
      .exec(loc.hash);
  try {
    if (old) {
      loc.replace(
        old[1]
          ? "/" + old[1]
          : old[2]
          ? "/leaderboard?window=" + old[2]
          : "/search?q=" + encodeURIComponent(decodeURIComponent(old[3])),
      );
    }
  } catch { /* a damaged escape: stay on the home page */ }

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
  // Shows or hides a listbox's box and says so on its combobox, forgetting the active option.
  const expand = (list, open) => {
    const input = doc.querySelector(`[aria-controls="${list.id}"]`);
    input.setAttribute("aria-expanded", !(list.parentElement.hidden = !open));
    input.removeAttribute("aria-activedescendant");
  };
  // One spelling per address or hash (0x, lower case), so c2c1… and 0xC2C1… are one search.
  const norm = (q) => {
    const hex = /^(0x)?([\da-f]{40}|[\da-f]{64})$/i.exec(q);
    return hex && (hex[1] || /[a-f]/i.test(hex[2])) ? "0x" + hex[2].toLowerCase() : q;
  };
  let recent = [];
  const remember = (list) => recent = [...new Set(list.map(norm))].slice(0, 5);
  try {
    remember(JSON.parse(store(0, RECENT) || "[]").filter((q) => typeof q == "string"));
  } catch { /* damaged: start over */ }
  // A search is kept only once the page it lands on answered below 400 and found something.
  const pending = store(1, PENDING);
  if (pending) {
    store(1, PENDING, null);
    const nav = performance.getEntriesByType("navigation")[0];
    if (nav && nav.responseStatus < 400 && !doc.querySelector("[data-nothing-matched]")) {
      remember([pending, ...recent]);
      store(0, RECENT, JSON.stringify(recent));
    }
  }
  // Each box holds the listbox of its search input, an ARIA combobox (SearchForm.tsx).
  const fillRecent = () => {
    for (const list of all("[data-recent] [role=listbox]")) {
      list.replaceChildren(...recent.map((q, i) => {
        const option = Object.assign(doc.createElement("a"), {
          href: "/search?q=" + encodeURIComponent(q),
          id: list.id + "-" + i,
          textContent: q.length > 28 ? q.slice(0, 14) + "…" + q.slice(-8) : q,
          title: q,
        });
        option.setAttribute("role", "option");
        return option;
      }));
      expand(list, recent.length);
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
    const el = event.target, key = event.key;
    const list = el.getAttribute && el.getAttribute("role") == "combobox" &&
      doc.getElementById(el.getAttribute("aria-controls"));
    const options = list ? [...list.children] : [];
    const active = list && doc.getElementById(el.getAttribute("aria-activedescendant"));
    if (options.length && /^Arrow(Down|Up)$/.test(key)) {
      // Arrows move through the recent searches; focus stays in the box.
      event.preventDefault();
      const up = key == "ArrowUp", at = options.indexOf(active);
      const next = options[(at + options.length + (up ? (at < 0 ? 0 : -1) : 1)) % options.length];
      expand(list, 1);
      for (const option of options) option.setAttribute("aria-selected", option == next);
      el.setAttribute("aria-activedescendant", next.id);
    } else if (active && key == "Enter") {
      event.preventDefault();
      active.click();
    } else if (key == "/" && !event.ctrlKey && !event.metaKey && !event.altKey) {
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
    } else if (key == "Escape") {
      if (list) expand(list, 0);
      for (const menu of all("[data-docs-menu][open]")) menu.removeAttribute("open");
    }
  });

  // Docs filter: hide nav and "On this page" entries that miss any word ("On this page" keeps
  // every entry when none matches, rather than going empty).
  const filter = doc.querySelector("[data-docs-filter]");
  if (!filter) return;
  const empty = doc.querySelector("[data-filter-empty]");
  filter.addEventListener("input", () => {
    const words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    let matches = 0;
    const toc = [];
    for (const item of all("[data-filter-text]")) {
      const text = item.getAttribute("data-filter-text") || "";
      item.hidden = !words.every((word) => text.includes(word));
      if (item.closest(".docs-toc")) toc.push(item);
      else if (!item.hidden && item.closest(".docs-nav")) matches++;
    }
    if (toc.every((item) => item.hidden)) { for (const item of toc) item.hidden = false; }
    for (const group of all(".docs-nav-group")) {
      group.hidden = !group.querySelector("li:not([hidden])");
    }
    if (empty) empty.hidden = matches > 0;
    const menu = doc.querySelector("[data-docs-menu]");
    if (menu && words.length) menu.setAttribute("open", "");
  });
})();
