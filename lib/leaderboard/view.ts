/**
 * The leaderboard page's state as query parameters: window, sort key and direction, 0-based
 * page and name search. Every control on the page is a plain link or GET form built from
 * here, so the page needs no script and every view has a shareable URL.
 */
import {
  LEADERBOARD_SORT_KEYS,
  type LeaderboardSortKey,
  type LeaderboardWindow,
} from "../papertrade/mod.ts";
import { LEADERBOARD_WINDOWS } from "./ranks.ts";

export { LEADERBOARD_SORT_KEYS };

/**
 * The sort the explorer adds: the window's accounts by their nearest distance to bust on the
 * at-risk board (`lib/leaderboard/nearest.ts`).
 */
export const NEAREST_TO_BUST = "nearestToBust";
/** What a leaderboard view sorts by: an upstream key, or the page's distances to bust. */
export type LeaderboardViewSort = LeaderboardSortKey | typeof NEAREST_TO_BUST;
const VIEW_SORTS: readonly string[] = [...LEADERBOARD_SORT_KEYS, NEAREST_TO_BUST];

/** The windows as the pages name them. */
export const WINDOW_LABELS: Record<LeaderboardWindow, string> = {
  "24h": "24 hours",
  "7d": "7 days",
  "30d": "30 days",
  all: "All time",
};

export const LEADERBOARD_ROWS_PER_PAGE = 25;
/** Longest name search accepted. */
const LEADERBOARD_QUERY_MAX = 100;
const PAGE_MAX = 100_000;

export interface LeaderboardView {
  window: LeaderboardWindow;
  sortKey: LeaderboardViewSort;
  sortDir: "asc" | "desc";
  /** 0-based. */
  page: number;
  /** Name or address fragment; empty for none. */
  query: string;
}

export const DEFAULT_LEADERBOARD_VIEW: LeaderboardView = {
  window: "24h",
  sortKey: "totalWindowedPnl",
  sortDir: "desc",
  page: 0,
  query: "",
};

/** The view a query string asks for, or what is wrong with it. */
export function parseLeaderboardView(
  params: URLSearchParams,
): { ok: true; view: LeaderboardView } | { ok: false; problem: string } {
  const view = { ...DEFAULT_LEADERBOARD_VIEW };
  const window = params.get("window");
  if (window !== null) {
    if (!(LEADERBOARD_WINDOWS as readonly string[]).includes(window)) {
      return { ok: false, problem: `window must be one of ${LEADERBOARD_WINDOWS.join(", ")}` };
    }
    view.window = window as LeaderboardWindow;
  }
  const sort = params.get("sort");
  if (sort !== null) {
    if (!VIEW_SORTS.includes(sort)) {
      return { ok: false, problem: `sort must be one of ${VIEW_SORTS.join(", ")}` };
    }
    view.sortKey = sort as LeaderboardViewSort;
  }
  const dir = params.get("dir");
  if (dir !== null) {
    if (dir !== "asc" && dir !== "desc") return { ok: false, problem: "dir must be asc or desc" };
    view.sortDir = dir;
  }
  const page = params.get("page");
  if (page !== null && page !== "") {
    if (!/^[0-9]{1,6}$/.test(page) || Number(page) > PAGE_MAX) {
      return { ok: false, problem: `page must be a whole number from 0 to ${PAGE_MAX}` };
    }
    view.page = Number(page);
  }
  const query = (params.get("q") ?? "").trim();
  if (query.length > LEADERBOARD_QUERY_MAX) {
    return {
      ok: false,
      problem: `the name search is limited to ${LEADERBOARD_QUERY_MAX} characters`,
    };
  }
  view.query = query;
  return { ok: true, view };
}

/**
 * The URL of a view (of the page, or of its CSV at `/leaderboard.csv`); parameters at their
 * default are left out to keep links short.
 */
export function leaderboardHref(view: LeaderboardView, path = "/leaderboard"): string {
  const params = new URLSearchParams();
  if (view.window !== DEFAULT_LEADERBOARD_VIEW.window) params.set("window", view.window);
  if (view.sortKey !== DEFAULT_LEADERBOARD_VIEW.sortKey) params.set("sort", view.sortKey);
  if (view.sortDir !== DEFAULT_LEADERBOARD_VIEW.sortDir) params.set("dir", view.sortDir);
  if (view.query) params.set("q", view.query);
  if (view.page > 0) params.set("page", String(view.page));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * The link of a column header: the current column flips its direction, another column starts
 * descending (largest first is what people look for; nearest to bust starts nearest first).
 * Sorting returns to the first page.
 */
export function sortHref(view: LeaderboardView, key: LeaderboardViewSort): string {
  return leaderboardHref({ ...view, sortKey: key, sortDir: sortDirOf(view, key), page: 0 });
}

/** The direction a column header's link sorts in: what its link and its title both say. */
export function sortDirOf(view: LeaderboardView, key: LeaderboardViewSort): "asc" | "desc" {
  if (view.sortKey === key) return view.sortDir === "desc" ? "asc" : "desc";
  return key === NEAREST_TO_BUST ? "asc" : "desc";
}

/** Number of pages for a row count (at least one, so an empty result still has page 0). */
export function leaderboardPageCount(totalRows: number): number {
  return Math.max(1, Math.ceil(totalRows / LEADERBOARD_ROWS_PER_PAGE));
}
