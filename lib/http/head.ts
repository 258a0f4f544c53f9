/**
 * HEAD answered like GET without running a body. Hono answers HEAD by running the GET handler
 * and dropping its body unread; a streaming body (an SSE stream, a CSV export) then never
 * learns that nobody will read it, and keeps its upstream stream or export slot forever. This
 * middleware cancels such a body, which lets the stream clean up at once.
 */
import type { MiddlewareHandler } from "hono";

/** The middleware; mount it first. */
export function headWithoutBody(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method !== "HEAD" || !c.res.body) return;
    await c.res.body.cancel().catch(() => {});
    c.res = new Response(null, { status: c.res.status, headers: c.res.headers });
  };
}
