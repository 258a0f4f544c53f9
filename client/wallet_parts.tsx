/** Pieces the live wallet islands share: freshness, values that flash, the stale marking. */
import { formatUtc } from "../lib/format.ts";
import { countText } from "../lib/figure_text.ts";
import { Time } from "../components/Time.tsx";
import type { LiveMode } from "./wallet_follow.ts";
import type { LiveWallet } from "../lib/wallet/live_wallet.ts";
import { currentMode, serverNow } from "./wallet_store.ts";

/** True when the figures may be out of date: the stream is down and polling failed. */
const isStale = () => currentMode() === "offline" || currentMode() === "reconnecting";

const MODE_LABELS: Record<LiveMode, [label: string, badge: string]> = {
  snapshot: ["Snapshot", "badge"],
  live: ["Live", "badge ok"],
  reconnecting: ["Reconnecting", "badge close"],
  polling: ["Refreshing every 5 s", "badge close"],
  offline: ["Offline, retrying", "badge paused"],
};

/** Props of a live wallet island: the live wallet model as the server built it (JSON). */
export interface LiveProps {
  live: LiveWallet;
  /** The page is the product-only view: links keep `?embed=1`. */
  embed?: boolean;
}

/** Highlighted when it differs from the one before: keyed by text, so the animation plays once. */
export function LiveValue(props: { value: string | number; before?: string | number }) {
  const changed = props.before !== undefined && props.before !== props.value;
  return (
    <span key={String(props.value)} class={changed ? "flash" : undefined}>
      {props.value}
    </span>
  );
}

/** A time as an age on the server's clock, with the absolute time as its title. */
export function Age(props: { at: number | null; now: number }) {
  return props.at === null ? <span>n/a</span> : <Time at={props.at} now={props.now} />;
}

/**
 * "Live · Updated 2 s ago · marks as of …", with a stale warning when the stream is down.
 * Updated: when the newest figures arrived; a heartbeat only confirms them (badge Live).
 */
export function Freshness(props: { live: LiveWallet; initial: LiveWallet }) {
  const { live } = props;
  const now = serverNow(props.initial);
  const [modeLabel, modeBadge] = MODE_LABELS[currentMode()];
  return (
    <p class="muted freshness" aria-live="polite">
      <span class={modeBadge}>{modeLabel}</span>
      {isStale() && (
        <>
          {" "}
          <strong class="stale-note">Stale: figures may be out of date.</strong>
        </>
      )}
      {" Updated "}
      <Age at={live.generated_at_ms} now={Math.max(now, live.generated_at_ms)} />
      {live.marks_at_ms !== null && (
        <span>
          {" · marks as of "}
          <time dateTime={new Date(live.marks_at_ms).toISOString()}>
            {formatUtc(live.marks_at_ms)}
          </time>
        </span>
      )}
      {` · account at block ${countText(live.account_block)}, `}
      {/* Both are past: a stamp a second ahead of this clock's estimate reads "0 s ago". */}
      <Age at={live.account_at_ms} now={Math.max(now, live.account_at_ms)} />
    </p>
  );
}

export function liveClass(base: string): string {
  return isStale() ? `${base} stale` : base;
}

/** A page link of an island, keeping the product-only view (`?embed=1`) when the page has it. */
export function pageHref(path: string, embed: boolean | undefined): string {
  if (!embed) return path;
  return `${path}${path.includes("?") ? "&" : "?"}embed=1`;
}
