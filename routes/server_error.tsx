/**
 * The answers of last resort: a bug (500) and a page past its deadline (504). Each gets a
 * short request id, shown on the page and logged on one line with the method and path, so
 * a visitor's report can be matched to the log.
 * Not a route: app.tsx mounts routes explicitly, so file names under routes/ make no URLs.
 */
import type { Context, ErrorHandler } from "hono";
import { htmlResponse } from "../lib/render.ts";
import { ErrorPage } from "../components/ErrorPage.tsx";
import { describeErrorOnOneLine } from "../lib/http/log_line.ts";

/** A fresh request id: 12 hex characters, enough to find one line in a day of logs. */
export function newRequestId(): string {
  return crypto.randomUUID().replaceAll("-", "").slice(0, 12);
}

/** The app's error handler: one log line, a 500 page with the request id. */
export function serverErrorHandler(log: (line: string) => void = console.error): ErrorHandler {
  return (error, c) => {
    const id = newRequestId();
    log(
      `[error] ${c.req.method} ${c.req.path.slice(0, 200)} id=${id}: ${
        describeErrorOnOneLine(error)
      }`,
    );
    return htmlResponse(
      <ErrorPage
        status={500}
        title="Something went wrong on our side"
        detail="The page could not be built. The error has been logged."
        requestId={id}
      />,
      { status: 500, headers: { "x-request-id": id } },
    );
  };
}

/** The 504 page of a page that missed its deadline. */
export function deadlinePage(c: Context, log: (line: string) => void = console.error): Response {
  const id = newRequestId();
  log(`[deadline] ${c.req.method} ${c.req.path.slice(0, 200)} id=${id}: no answer within 25 s`);
  return htmlResponse(
    <ErrorPage
      status={504}
      title="This page took too long"
      detail="The upstream sources did not answer in time, so the page was given up after 25 seconds."
      hints={["Try again in a few seconds; upstream slowness is usually brief."]}
      requestId={id}
    />,
    { status: 504, headers: { "x-request-id": id, "retry-after": "5" } },
  );
}

/** Paths the page deadline leaves alone: the tool endpoints have their own, streams run long. */
export function isExemptFromPageDeadline(path: string): boolean {
  return path === "/mcp" || path.startsWith("/api/") || path.startsWith("/static/") ||
    /^\/wallet\/[^/]+\/(live|trades\.csv)$/.test(path);
}
