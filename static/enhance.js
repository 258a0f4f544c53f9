// Papertrade Explorer: the one shared enhancement script. Plain JS, loaded with `defer`.
// Every page works without it; it adds copy buttons, the `/` shortcut, the theme switch,
// closing the docs menu, and filtering the docs navigation as you type.
(() => {
  const doc = document;
  const root = doc.documentElement;
  const THEME_KEY = "theme";

  const storage = {
    get() {
      try {
        return localStorage.getItem(THEME_KEY);
      } catch {
        return null; // storage can be blocked; the system theme then applies
      }
    },
    set(value) {
      try {
        localStorage.setItem(THEME_KEY, value);
      } catch {
        // the choice then lasts for this page only
      }
    },
  };

  const stored = storage.get();
  if (stored === "dark" || stored === "light") root.dataset.theme = stored;

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
      storage.set(next);
      labelThemeButtons();
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
      const input = doc.querySelector("[data-docs-filter], input[type=search]");
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

  // Docs filter: hide nav entries and "On this page" entries that do not match every word.
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
