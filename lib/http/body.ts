/**
 * Request bodies of the machine endpoints: at most 64 KiB ("Security and limits"), counted by
 * Hono's `bodyLimit` (an over-cap Content-Length refused unread, a chunked body counted as it
 * streams). A broken body (malformed chunks, or short of its Content-Length) is a 400, not 500.
 */
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { oncePerInterval } from "./log_line.ts";

/** The largest request body the machine endpoints accept, in bytes. */
export const MAX_BODY_BYTES = 64 * 1024;

/** What a client whose body could not be read is told (with a 400). */
export const MALFORMED_BODY_MESSAGE = "The request body could not be read: its chunked encoding " +
  "is malformed or it ended before its declared length.";

// Any client can send broken bodies on every request: one line a minute says so.
const logMalformedBody = oncePerInterval(60_000, (line) => console.error(line));

/** How a face answers a body over the cap, and one it cannot read. */
export interface BodyAnswers {
  tooLarge: (c: Context) => Response;
  malformed: (c: Context) => Response;
}

/** Hono's `bodyLimit` at `maxBytes`, with a body that breaks while counted answered malformed. */
export function limitBody(answers: BodyAnswers, maxBytes = MAX_BODY_BYTES): MiddlewareHandler {
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: (c) => {
      // Nobody will read the rest: let the client's upload stop.
      c.req.raw.body?.cancel().catch(() => {});
      return answers.tooLarge(c);
    },
  });
  return async (c, next) => {
    try {
      // Errors of the handlers after it are the app's to answer; only the reading throws here.
      return await limit(c, next);
    } catch (error) {
      malformedBody(error);
      return answers.malformed(c);
    }
  };
}

/** The body as UTF-8 text, or undefined when it breaks while being read (logged, rate-limited). */
export async function readBody(request: Request): Promise<string | undefined> {
  try {
    return await request.text();
  } catch (error) {
    malformedBody(error);
    return undefined;
  }
}

function malformedBody(error: unknown): void {
  const reason = error instanceof Error ? error.message : String(error);
  logMalformedBody(`[http] a request body could not be read (${reason}); answered 400.`);
}
