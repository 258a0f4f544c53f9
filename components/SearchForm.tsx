/** Longest query the search accepts (a pasted link with a hash fits easily). */
export const SEARCH_MAX_LENGTH = 200;

/**
 * The big, labelled search form. `/` focuses it (it is marked as the main search); recent
 * searches appear under it when the enhancement script runs and storage allows.
 */
export function SearchForm(props: { query?: string; autofocus?: boolean }) {
  return (
    <form class="search search-main" action="/search" method="get" role="search">
      <label for="main-search">Search wallets, transactions, intents, positions and names</label>
      <div class="search-row">
        <input
          id="main-search"
          name="q"
          type="search"
          value={props.query ?? ""}
          required
          maxLength={SEARCH_MAX_LENGTH}
          placeholder="0x address, tx hash, intent id, position id, name or link"
          autocomplete="off"
          spellcheck={false}
          aria-describedby="main-search-hint"
          data-search-main
        />
        <button type="submit">Search</button>
      </div>
      <p id="main-search-hint" class="muted hint">
        Paste an address, a transaction hash, an intent id, a position id, part of a leaderboard
        name, or a link to any of them (this explorer, the original's <code>#/</code>{" "}
        links, or a HyperEVM block explorer). Press <kbd>/</kbd> to focus the search from anywhere.
      </p>
      <div class="recent" data-recent hidden></div>
    </form>
  );
}
