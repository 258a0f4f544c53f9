import { currentStaleReads } from "../lib/cache/freshness.ts";
import { staleSentence } from "../lib/cache/stale_label.ts";

/** A notice when the page was built partly from last-good copies (the upstream failed). */
export function StaleNotice() {
  const sentence = staleSentence(currentStaleReads());
  if (!sentence) return null;
  return <p class="notice" role="status" data-stale>{sentence}</p>;
}
