/** Reading Accept and Content-Type, and JSON answers (CORS is added by the route). */

/** Media types listed in an Accept header (lowercased, parameters dropped, q=0 entries skipped). */
export function acceptedMediaTypes(accept: string | null): string[] {
  if (!accept) return [];
  return accept.split(",").flatMap((part) => {
    const [type, ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    const refused = params.some((param) => /^q=0(\.0*)?$/.test(param.replace(/\s+/g, "")));
    return type && !refused ? [type] : [];
  });
}

/** True when the client asks for an event stream and accepts no JSON (seed: then answer SSE). */
export function acceptsOnlyEventStream(accept: string | null): boolean {
  const types = acceptedMediaTypes(accept);
  const json = types.some((type) =>
    type === "application/json" || type === "application/*" || type === "*/*"
  );
  return types.includes("text/event-stream") && !json;
}

/**
 * True when Content-Type is `application/json` (parameters such as charset allowed). The tool
 * endpoints take nothing else: a plain HTML form can only send `text/plain`, urlencoded or
 * multipart bodies, so another site cannot spend its visitors' budget with a form post.
 */
export function isJsonContentType(contentType: string | null): boolean {
  return contentType?.split(";")[0].trim().toLowerCase() === "application/json";
}

/** The sentence of a 415 answer. */
export const JSON_ONLY_MESSAGE =
  "Unsupported Media Type: send the body as JSON with Content-Type: application/json";

/** A JSON response. */
export function jsonHttpResponse(status: number, body: unknown, headers?: HeadersInit): Response {
  return Response.json(body, { status, headers });
}
