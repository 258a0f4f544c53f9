/**
 * The leaderboard page's state as query parameters: window, sort key and direction, 0-based
 * page and name search. Every control on the page is a plain link or GET form built from
 * here, so the page needs no script and every view has a shareable URL.
 */
import { z } from "zod";
import {
  LEADERBOARD_SORT_KEYS,
  LEADERBOARD_WINDOWS,
  type LeaderboardSortKey,
  type LeaderboardWindow,
} from "../papertrade/mod.ts";

/**
 * The sort the explorer adds: the window's accounts by their nearest distance to bust on the
 * at-risk board (`lib/leaderboard/nearest.ts`).
 */
export const NEAREST_TO_BUST = "nearestToBust" as const;
/** What a leaderboard view sorts by: an upstream key, or the page's distances to bust. */
export type LeaderboardViewSort = LeaderboardSortKey | typeof NEAREST_TO_BUST;

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
  /** Only the wallets holding an open position on the at-risk board now (default false). */
  holding?: boolean;
}

export const DEFAULT_LEADERBOARD_VIEW: LeaderboardView = {
  window: "24h",
  sortKey: "totalWindowedPnl",
  sortDir: "desc",
  page: 0,
  query: "",
  holding: false,
};

const choice = <const T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.enum(values, { error: `${name} must be one of ${values.join(", ")}` });
const pageError = `page must be a whole number from 0 to ${PAGE_MAX}`;

/** The query parameters of a view; each refusal names its parameter and what it takes. */
const viewParams = z.object({
  window: choice("window", LEADERBOARD_WINDOWS).default(DEFAULT_LEADERBOARD_VIEW.window),
  sort: choice("sort", [...LEADERBOARD_SORT_KEYS, NEAREST_TO_BUST])
    .default(DEFAULT_LEADERBOARD_VIEW.sortKey),
  dir: z.enum(["asc", "desc"], { error: "dir must be asc or desc" }).default("desc"),
  page: z.string().regex(/^[0-9]{0,6}$/, pageError).transform(Number)
    .pipe(z.number().max(PAGE_MAX, pageError)).default(0),
  q: z.string().trim()
    .max(LEADERBOARD_QUERY_MAX, `the name search is limited to ${LEADERBOARD_QUERY_MAX} characters`)
    .default(""),
  holding: z.enum(["1"], { error: "holding must be 1 (or left out)" }).optional(),
});

/** The view a query string asks for, or what is wrong with it. */
export function parseLeaderboardView(
  params: URLSearchParams,
): { ok: true; view: LeaderboardView } | { ok: false; problem: string } {
  // A repeated parameter reads its first value, as every other page does (Hono's `query()`).
  const first = Object.fromEntries([...params.keys()].map((key) => [key, params.get(key)]));
  const parsed = viewParams.safeParse(first);
  if (!parsed.success) return { ok: false, problem: parsed.error.issues[0].message };
  const { window, sort, dir, page, q, holding } = parsed.data;
  return {
    ok: true,
    view: { window, sortKey: sort, sortDir: dir, page, query: q, holding: holding === "1" },
  };
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
  if (view.holding) params.set("holding", "1");
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

/**
 * Pages of a read: from its row count, else (a modelled count not found) the upstream's page
 * count; at least one, so an empty result still has page 0.
 */
export function leaderboardPageCount(read: { totalItems: number | null; totalPages: number }) {
  if (read.totalItems === null) return Math.max(1, read.totalPages);
  return Math.max(1, Math.ceil(read.totalItems / LEADERBOARD_ROWS_PER_PAGE));
}
