import type { JSX } from "preact";

/** Longest query the search accepts (a pasted link with a hash fits easily). */
export const SEARCH_MAX_LENGTH = 200;

/**
 * A search box's attributes as an ARIA combobox whose listbox is its {@link RecentSearches}
 * (filled and opened by the enhancement script; without it, the box never expands).
 */
export function comboboxOf(inputId: string) {
  return {
    role: "combobox",
    "aria-autocomplete": "list",
    "aria-expanded": "false",
    "aria-controls": `${inputId}-recent`,
  } as const;
}

/** The recent searches under a search box, hidden until the enhancement script fills them. */
export function RecentSearches(props: { inputId: string; class: string }) {
  return (
    <div class={props.class} data-recent hidden>
      <span id={`${props.inputId}-recent-label`}>Recent searches</span>
      <div
        role="listbox"
        id={`${props.inputId}-recent`}
        aria-labelledby={`${props.inputId}-recent-label`}
      >
      </div>
      <button type="button" data-clear-recent>Clear recent searches</button>
    </div>
  );
}

/** A search box sending `q`; every search form of the site draws its box with it. */
export function SearchInput(
  props: { id: string; value?: string } & JSX.InputHTMLAttributes,
) {
  const { id, value, ...more } = props;
  return <input id={id} name="q" type="search" value={value ?? ""} {...more} />;
}

/**
 * The big, labelled search form. `/` focuses it (it is marked as the main search); recent
 * searches appear under it when the enhancement script runs and storage allows.
 */
export function SearchForm(props: { query?: string }) {
  return (
    <form class="search search-main" action="/search" method="get" role="search">
      <label for="main-search">Search wallets, transactions, intents, positions and names</label>
      <div class="search-row">
        <SearchInput
          id="main-search"
          value={props.query}
          required
          maxLength={SEARCH_MAX_LENGTH}
          placeholder="0x address, tx hash, intent id, position id, name or link"
          autocomplete="off"
          spellcheck={false}
          aria-describedby="main-search-hint"
          data-search-main
          {...comboboxOf("main-search")}
        />
        <button type="submit">Search</button>
      </div>
      <p id="main-search-hint" class="muted hint">
        Paste an address, a transaction hash, an intent id, a position id, part of a leaderboard
        name, or a link to any of them (this explorer, the original's <code>#/</code>{" "}
        links, or a HyperEVM block explorer). Press <kbd>/</kbd> to focus the search from anywhere.
      </p>
      <RecentSearches inputId="main-search" class="recent" />
    </form>
  );
}
