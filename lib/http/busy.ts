/**
 * Running out of file descriptors is the server being busy, not broken: a request that fails on
 * it (a socket that could not be opened, a module or file that could not be read) gets a `503`
 * with `Retry-After: 5`, logged once a minute, and the next request tries again, so the process
 * serves normally again as soon as descriptors free up. Small and loaded with the app: the
 * answer must not need a file read of its own.
 */
import { escapeXml } from "../xml.ts";
import { oncePerInterval } from "./log_line.ts";

/** Seconds a busy answer asks the client to wait. */
export const BUSY_RETRY_AFTER_S = 5;

const OUT_OF_DESCRIPTORS = /too many open files|os error 2[34]\b|EMFILE|ENFILE/i;

/** True when `error`, or anything it wraps, is the open-file limit being reached. */
export function isOutOfDescriptors(error: unknown, depth = 0): boolean {
  if (depth > 5 || error === null || error === undefined) return false;
  if (
    error instanceof AggregateError && error.errors.some((e) => isOutOfDescriptors(e, depth + 1))
  ) {
    return true;
  }
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  if (OUT_OF_DESCRIPTORS.test(message)) return true;
  return error instanceof Error && isOutOfDescriptors(error.cause, depth + 1);
}

const logBusy = oncePerInterval(60_000, (line) => console.error(line));

/** The busy answer: a short page (or JSON, for a client that asked for JSON), never cached. */
export function busyAnswer(request: Request, error?: unknown): Response {
  const reason = error instanceof Error ? error.message.replace(/\s+/g, " ").slice(0, 160) : "";
  logBusy(`[busy] out of file descriptors (${reason}); answering 503 until they free up.`);
  const headers = {
    "retry-after": String(BUSY_RETRY_AFTER_S),
    "cache-control": "no-store",
  };
  const message = `The server is busy; try again in ${BUSY_RETRY_AFTER_S} seconds.`;
  if (/json/i.test(request.headers.get("accept") ?? "") || request.method === "POST") {
    return Response.json({ error: "busy", message }, { status: 503, headers });
  }
  return plainPage(503, "The server is busy", message, headers);
}

/**
 * A page of one heading and one sentence, built without a component or a file: what an error
 * page falls back to when its own modules cannot be loaded (XML's escapes are HTML's too).
 */
export function plainPage(
  status: number,
  title: string,
  sentence: string,
  headers: Record<string, string> = {},
): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${
    escapeXml(title)
  } · Papertrade Explorer</title></head><body><main><h1>${escapeXml(title)}</h1><p>${
    escapeXml(sentence)
  }</p><p><a href="/">Papertrade Explorer</a></p></main></body></html>`;
  return new Response(html, {
    status,
    headers: { "content-type": "text/html; charset=utf-8", ...headers },
  });
}
