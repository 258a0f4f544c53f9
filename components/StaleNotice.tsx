import { staleSentence } from "../lib/cache/stale_label.ts";
import { pageContext } from "../lib/page_context.ts";

/** A notice when the page was built partly from last-good copies (the upstream failed). */
export function StaleNotice() {
  const sentence = staleSentence(pageContext().staleReads);
  if (!sentence) return null;
  return <p class="notice" role="status" data-stale>{sentence}</p>;
}
