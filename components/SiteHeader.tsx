import { comboboxOf, RecentSearches, SEARCH_MAX_LENGTH, SearchInput } from "./SearchForm.tsx";

const LINKS = [
  ["overview", "/", "Overview"],
  ["leaderboard", "/leaderboard", "Leaderboard"],
  ["markets", "/markets", "Markets"],
  ["at-risk", "/at-risk", "At risk"],
  ["liquidations", "/liquidations", "Liquidations"],
  ["watchlist", "/watchlist", "Watchlist"],
  ["docs", "/docs/", "Docs"],
] as const;

/** A navigation link's section, or a page under none of them. */
export type NavSection = (typeof LINKS)[number][0] | "wallet" | "other";

/**
 * The header of every page, app and docs: `current` marked in the navigation, `query` in the search
 * box, which also searches the page's `wallet`'s intents and positions.
 */
export function SiteHeader(props: { current?: NavSection; query?: string; wallet?: string }) {
  return (
    <header class="site-header">
      <a class="brand" href="/">Papertrade Explorer</a>
      <nav aria-label="Main">
        {LINKS.map(([section, href, label]) => (
          <a href={href} aria-current={props.current === section ? "page" : undefined}>
            {label}
          </a>
        ))}
      </nav>
      <form
        class="header-search"
        action="/search"
        method="get"
        role="search"
        aria-label="Site search"
      >
        <label class="visually-hidden" for="site-search">
          Search wallets, transactions, intents, positions and names
        </label>
        <SearchInput
          id="site-search"
          value={props.query}
          placeholder="Address, tx, intent, position, name"
          autocomplete="off"
          spellcheck={false}
          maxLength={SEARCH_MAX_LENGTH}
          data-search-input
          {...comboboxOf("site-search")}
        />
        {props.wallet && <input type="hidden" name="wallet" value={props.wallet} />}
        <button type="submit" class="search-button">Search</button>
        <RecentSearches inputId="site-search" class="recent-menu" />
      </form>
      <button type="button" class="theme-toggle" data-theme-toggle hidden>Theme</button>
    </header>
  );
}

/** The `<html>` attributes of the visitor's theme: a cookie choice, or none (follow system). */
export function themeAttributes(theme: "light" | "dark" | "auto"): { "data-theme"?: string } {
  return theme === "auto" ? {} : { "data-theme": theme };
}
