// Papertrade Explorer's one shared enhancement script: plain JS, deferred. Every page works
// without it. It adds copy buttons, the `/` shortcut, the theme switch, recent searches,
// old hash-link forwarding, the docs menu and the docs filter.
(() => {
  const doc = document;
  const root = doc.documentElement;
  const THEME_KEY = "theme";
  const RECENT = "recent-searches";

  // The first edition's hash links (#/wallet/<a>, …) name the new paths.
  const loc = doc.location;
  if (
    loc && loc.pathname == "/" &&
    /^#\/(wallet|tx|intent|position)\/\w+(\?wallet=\w+)?$/.test(loc.hash)
  ) {
    loc.replace(loc.hash.slice(1));
  }

  const storage = (key, value) => {
    try {
      return value ? localStorage.setItem(key, value) : localStorage.getItem(key);
    } catch {
      return null; // blocked storage: defaults apply, choices last for this page
    }
  };

  // Recent searches: a small dropdown under the search box while it has focus. Only searches
  // that landed on a page (status below 400) are kept: a submit is remembered as pending for
  // this tab, and the page it lands on confirms it.
  const PENDING = "pending-search";
  const session = (value) => {
    try {
      return value === undefined
        ? sessionStorage.getItem(PENDING)
        : value
        ? sessionStorage.setItem(PENDING, value)
        : sessionStorage.removeItem(PENDING);
    } catch {
      return null;
    }
  };
  let recent = [];
  try {
    recent = JSON.parse(storage(RECENT) || "[]").filter((q) => typeof q == "string").slice(0, 5);
  } catch {
    recent = []; // damaged: start over
  }
  const pending = session();
  if (pending) {
    session(null);
    const nav = performance.getEntriesByType && performance.getEntriesByType("navigation")[0];
    const status = nav && nav.responseStatus;
    if (status && status < 400) {
      recent = [pending, ...recent.filter((q) => q != pending)].slice(0, 5);
      storage(RECENT, JSON.stringify(recent));
    }
  }
  const shorten = (q) => q.length > 28 ? `${q.slice(0, 14)}…${q.slice(-8)}` : q;
  const fillRecent = () => {
    for (const box of doc.querySelectorAll("[data-recent]")) {
      box.replaceChildren();
      box.hidden = recent.length == 0;
      if (box.hidden) continue;
      box.append(Object.assign(doc.createElement("span"), { textContent: "Recent searches" }));
      for (const query of recent) {
        box.append(Object.assign(doc.createElement("a"), {
          href: `/search?q=${encodeURIComponent(query)}`,
          textContent: shorten(query),
          title: query,
        }));
      }
      box.append(Object.assign(doc.createElement("button"), {
        type: "button",
        textContent: "Clear recent searches",
      }));
      box.lastChild.dataset.clearRecent = "";
    }
  };
  fillRecent();
  doc.addEventListener("submit", ({ target }) => {
    const query = target.getAttribute("action") == "/search" && target.q.value.trim();
    if (query) session(query);
  });

  // The theme lives in a cookie the server reads, so the first paint already has it.
  const stored = (/(?:^|;\s*)theme=(light|dark)/.exec(doc.cookie) || [])[1];
  const legacy = storage(THEME_KEY);
  if (!stored && (legacy === "dark" || legacy === "light")) {
    root.dataset.theme = legacy;
    doc.cookie = `theme=${legacy}; path=/; max-age=31536000; samesite=lax`;
  }

  const currentTheme = () =>
    root.dataset.theme ||
    (matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light");

  const labelThemeButtons = () => {
    const next = currentTheme() === "dark" ? "light" : "dark";
    for (const button of doc.querySelectorAll("[data-theme-toggle]")) {
      button.hidden = false;
      button.textContent = next === "dark" ? "Dark" : "Light";
      button.setAttribute("aria-label", `Switch to the ${next} theme`);
    }
  };
  labelThemeButtons();

  // Copy buttons are rendered hidden: they only appear where they can work.
  if (navigator.clipboard) {
    for (const button of doc.querySelectorAll("button[data-copy]")) button.hidden = false;
  }

  // One listener for every click this script cares about.
  doc.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target) return;
    const copy = target.closest("button[data-copy]");
    if (copy) {
      const code = copy.parentElement && copy.parentElement.querySelector("code");
      if (!code) return;
      navigator.clipboard.writeText(code.textContent || "").then(
        () => flash(copy, "Copied"),
        () => flash(copy, "Press Ctrl+C"),
      );
      return;
    }
    if (target.closest("[data-theme-toggle]")) {
      const next = currentTheme() === "dark" ? "light" : "dark";
      root.dataset.theme = next;
      doc.cookie = `theme=${next}; path=/; max-age=31536000; samesite=lax`;
      storage(THEME_KEY, next);
      labelThemeButtons();
      return;
    }
    if (target.closest("[data-clear-recent]")) {
      recent = [];
      storage(RECENT, "[]");
      fillRecent();
      return;
    }
    const menu = target.closest("[data-docs-menu]");
    if (menu && target.closest("a")) menu.removeAttribute("open");
  });

  const flash = (button, text) => {
    button.textContent = text;
    setTimeout(() => (button.textContent = "Copy"), 1500);
  };

  const typing = (element) =>
    element instanceof HTMLElement &&
    (element.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(element.tagName));

  doc.addEventListener("keydown", (event) => {
    if (event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey) {
      if (typing(event.target)) return;
      const input = doc.querySelector("[data-docs-filter], [data-search-main]") ||
        doc.querySelector("input[type=search]");
      if (!input) return;
      event.preventDefault();
      input.focus();
      input.select();
    } else if (event.key === "Escape") {
      for (const menu of doc.querySelectorAll("[data-docs-menu][open]")) {
        menu.removeAttribute("open");
      }
    }
  });

  // Docs filter: hide nav and "On this page" entries that miss any word.
  const filter = doc.querySelector("[data-docs-filter]");
  if (!filter) return;
  const empty = doc.querySelector("[data-filter-empty]");
  const applyFilter = () => {
    const words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    let matches = 0;
    for (const item of doc.querySelectorAll("[data-filter-text]")) {
      const text = item.getAttribute("data-filter-text") || "";
      item.hidden = !words.every((word) => text.includes(word));
      if (!item.hidden && item.closest(".docs-nav")) matches++;
    }
    for (const group of doc.querySelectorAll(".docs-nav-group")) {
      group.hidden = !group.querySelector("li:not([hidden])");
    }
    if (empty) empty.hidden = matches > 0;
    const menu = doc.querySelector("[data-docs-menu]");
    if (menu && words.length) menu.setAttribute("open", "");
  };
  filter.addEventListener("input", applyFilter);
})();
