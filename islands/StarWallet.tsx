/**
 * Island: the star on the wallet page. A toggle button (`aria-pressed`) that adds the wallet to
 * the watchlist kept in this browser's localStorage, or takes it off; the server renders it
 * unpressed, and the browser shows the stored state once hydrated.
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
