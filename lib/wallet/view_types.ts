/**
 * The live wallet view's type and the helpers the browser shares with the server. Nothing here
 * may import zod, viem or bigint math at run time: this module ships to the browser in the
 * island bundle (the types below are erased).
 *
 * @module
 */
import type { buildPositionsView } from "./positions_view.ts";

/** What the live wallet islands show (see `positions_view.ts`, which builds it). */
export type PositionsView = ReturnType<typeof buildPositionsView>;

/** One open position of the view, every figure already formatted. */
export type PositionRowView = PositionsView["rows"][number];

/** Where the island reads its updates: the SSE stream and the polling fallback. */
export function liveUrls(address: string): { stream: string; poll: string } {
  const base = `/wallet/${encodeURIComponent(address)}`;
  return { stream: `${base}/live`, poll: `${base}/positions.json` };
}

/** Risk labels as words, so a risky row never depends on colour alone. */
export const RISK_LABELS = { ok: "ok", close: "close", near_bust: "near bust" } as const;
