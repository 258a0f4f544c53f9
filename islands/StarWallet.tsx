/**
 * Island: the wallet page's star, a toggle (`aria-pressed`) adding the wallet to this browser's
 * watchlist or taking it off; rendered unpressed, it shows the stored state once hydrated.
 */
import { useEffect, useState } from "preact/hooks";
import { readWatchlist, toggleWatched } from "../client/watchlist_store.ts";

export function StarWallet(props: { address: string }) {
  const [watched, setWatched] = useState<boolean | "full">(false);
  useEffect(() => setWatched(readWatchlist().includes(props.address)), [props.address]);
  return (
    <p class="star-wallet">
      <button
        type="button"
        aria-pressed={watched === true}
        data-star
        onClick={() => setWatched(toggleWatched(props.address))}
      >
        {watched === true ? "★ Watching" : "☆ Watch"}
      </button>{" "}
      <a href="/watchlist">Your watchlist</a>
      {watched === "full" && " is full (30 wallets): take one off first."}
    </p>
  );
}
