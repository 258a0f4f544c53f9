/**
 * The pages face: every page on one router, each handler's module imported on its first request,
 * and one error handler that renders any failure the handlers throw as the page, the JSON or the
 * text their kind of answer is. Upstream failures name the source, never a stack trace.
 */
import { type Context, type ErrorHandler, Hono, type NotFoundHandler } from "hono";
import type { AppDeps } from "../lib/deps.ts";
import { type AppEnv, type AppHandler, lazily, lazyImport } from "../lib/http/app_env.ts";
import { describeErrorOnOneLine } from "../lib/http/log_line.ts";
import type { ErrorPageProps } from "../components/ErrorPage.tsx";
import type { PageHandlerName, PageRoutesOptions } from "./page_handlers.ts";
import { busyAnswer, isOutOfDescriptors, plainPage } from "../lib/http/busy.ts";

export function pageRoutes(deps: AppDeps, options: PageRoutesOptions = {}): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const handlers = lazily(async () => (await pageModules()).pageHandlers(deps, options));
  const on = (name: PageHandlerName): AppHandler => async (c) => {
    c.set("deps", deps);
    return (await handlers())[name](c);
  };
  app.get("/", on("homePage"));
  app.get("/wallet/:address", on("walletPage"));
  app.get("/wallet/:address/trades.csv", on("walletCsv"));
  app.get("/wallet/:address/positions.json", on("positionsJson"));
  app.get("/wallet/:address/live", on("liveStream"));
  app.get("/leaderboard", on("leaderboardPage"));
  app.get("/leaderboard.csv", on("leaderboardCsv"));
  app.get("/tx/:hash", on("txPage"));
  app.get("/intent/:id", on("intentPage"));
  app.get("/position/:id", on("positionPage"));
  app.get("/position/:id/chart", on("positionChart"));
  app.get("/markets", on("marketsPage"));
  app.get("/markets/:symbol", on("marketPage"));
  app.get("/search", on("searchPage"));
  app.get("/at-risk", on("atRiskPage"));
  app.get("/watchlist", on("watchlistPage"));
  app.get("/watchlist.json", on("watchlistJson"));
  app.get("/wallet/:address/feed.atom", on("walletFeed"));
  app.get("/liquidations.atom", on("liquidationsFeed"));
  app.get("/liquidations", on("liquidationsPage"));
  app.get("/w/:address", on("previewPage"));
  app.get("/w/:address/image.png", on("previewPng"));
  app.get("/w/:address/image.svg", on("previewSvg"));
  app.onError(pageErrorHandler());
  return app;
}

// The two lazy boundaries of the pages: every page's module, and the error path's (the error
// page, the failure table and the upstream errors it reads), each loaded on first use.
const at = (path: string) => new URL(path, import.meta.url);
const pageModules = lazyImport<typeof import("./page_handlers.ts")>(at("./page_handlers.ts"));
const errors = lazyImport<typeof import("./page_errors.tsx")>(at("./page_errors.tsx"));

/**
 * An error page, its components loaded with the first one; if they cannot be loaded or rendered
 * (out of descriptors), a plain page of its title with the same status.
 */
async function errorPage(
  c: Context,
  props: ErrorPageProps,
  headers: Record<string, string> = {},
): Promise<Response> {
  try {
    return (await errors()).renderErrorPage(c, props, headers);
  } catch (error) {
    if (props.status >= 500 && isOutOfDescriptors(error)) return busyAnswer(c.req.raw, error);
    const sentence = typeof props.detail === "string" ? props.detail : props.title;
    return plainPage(props.status, props.title, sentence, {
      ...headers,
      "cache-control": "no-store",
    });
  }
}

// Answers the routes give as JSON (the live island's) or as plain text (downloads, card images).
const JSON_ANSWER = /\/(live|positions\.json|watchlist\.json)$/;
const TEXT_ANSWER = /\.(csv|png|svg|atom)$/;

/**
 * A {@link Failure} (or an upstream error, or the path's unknown wallet) becomes its page, JSON
 * or text; anything else is a bug, answered by {@link serverErrorHandler}.
 */
function pageErrorHandler(): ErrorHandler<AppEnv> {
  const bug = serverErrorHandler();
  return async (error, c) => {
    if (c.req.raw.signal.aborted) return clientGone();
    if (isOutOfDescriptors(error)) return busyAnswer(c.req.raw, error);
    const modules = await errors().catch((loadError) => busyAnswer(c.req.raw, loadError));
    if (modules instanceof Response) return modules;
    const { liveProblem, LIVE_BUG, failureOf } = modules;
    const wallet = c.req.param("address") ?? c.req.query("wallet");
    if (JSON_ANSWER.test(c.req.path)) {
      const problem = liveProblem(error, wallet?.toLowerCase());
      if (!problem) {
        console.error(`[error] ${c.req.path.slice(0, 200)}: ${describeErrorOnOneLine(error)}`);
      }
      return c.json(problem?.body ?? LIVE_BUG, (problem?.failure.status ?? 500) as 500, {
        "cache-control": "no-store",
        ...problem?.failure.headers,
      });
    }
    const failure = failureOf(error, wallet?.toLowerCase());
    if (!failure) return bug(error, c);
    const { status, headers } = failure;
    if (TEXT_ANSWER.test(c.req.path)) {
      return c.text(`${failure.message}\n`, status as 500, headers);
    }
    return errorPage(c, {
      status,
      title: failure.shortMessage,
      detail: failure.detail,
      hints: [...failure.hints],
    }, headers);
  };
}

/**
 * The app's not-found answer. Every page is read-only: /mcp and /api/tools answer their own
 * methods, so any other method reaching here is one the explorer never takes.
 */
export const notFoundPage: NotFoundHandler = async (c) => {
  const method = c.req.method;
  if (method !== "GET" && method !== "HEAD") {
    return errorPage(c, {
      status: 405,
      title: "That method is not allowed",
      detail: `The explorer's pages are read-only: they answer GET and HEAD, not ${
        method.slice(0, 20)
      }.`,
      hints: ["Open the link in a browser, or use the MCP server or /api/tools to query."],
    }, { allow: "GET, HEAD" });
  }
  // Without the error path's modules (out of descriptors), the path is not echoed.
  const Echo = await errors().then((modules) => modules.Echo, () => null);
  return errorPage(c, {
    status: 404,
    title: "Page not found",
    detail: Echo
      ? (
        <>
          Nothing lives at <Echo value={c.req.path} />.
        </>
      )
      : "Nothing lives at this address.",
    hints: ["Paste a wallet, transaction, intent or position id into the search on the overview."],
  });
};

/** A fresh request id: 12 hex characters, enough to find one line in a day of logs. */
export function newRequestId(): string {
  return crypto.randomUUID().replaceAll("-", "").slice(0, 12);
}

/** The request's id (Hono's `requestId`), or a fresh one where that middleware is not mounted. */
const requestIdOf = (c: Context): string => c.get("requestId") ?? newRequestId();

/** A request whose client left: its reads were cancelled with it, no bug, nothing to log. */
function clientGone(): Response {
  return new Response(null, { status: 499 });
}

/**
 * The answer to a bug: one log line with the method, path and request id, and a 500 page showing
 * the id, so a visitor's report can be matched to the log.
 */
export function serverErrorHandler(log: (line: string) => void = console.error): ErrorHandler {
  return (error, c) => {
    if (c.req.raw.signal.aborted) return clientGone();
    if (isOutOfDescriptors(error)) return busyAnswer(c.req.raw, error);
    const id = requestIdOf(c);
    log(
      `[error] ${c.req.method} ${c.req.path.slice(0, 200)} id=${id}: ${
        describeErrorOnOneLine(error)
      }`,
    );
    return errorPage(c, {
      status: 500,
      title: "Something went wrong on our side",
      detail: "The page could not be built. The error has been logged.",
      requestId: id,
    }, { "x-request-id": id });
  };
}

/** The 504 page of a page that missed its deadline, logged on one line with its request id. */
export function deadlinePage(c: Context): Promise<Response> {
  const id = requestIdOf(c);
  console.error(
    `[deadline] ${c.req.method} ${c.req.path.slice(0, 200)} id=${id}: no answer within 25 s`,
  );
  return errorPage(c, {
    status: 504,
    title: "This page took too long",
    detail:
      "The upstream sources did not answer in time, so the page was given up after 25 seconds.",
    hints: ["Try again in a few seconds; upstream slowness is usually brief."],
    requestId: id,
  }, { "x-request-id": id, "retry-after": "5" });
}

/** Paths the page deadline leaves alone: the tool endpoints have their own, streams run long. */
export function isExemptFromPageDeadline(path: string): boolean {
  return path === "/mcp" || path.startsWith("/api/") || path.startsWith("/static/") ||
    /^\/wallet\/[^/]+\/(live|trades\.csv)$/.test(path);
}
