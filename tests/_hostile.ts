/**
 * Shared pieces of the hostile-input sweep (`hostile_paths_test.ts`, `hostile_pages_test.ts`,
 * `hostile_api_test.ts`): known-good ids from the catalog, hostile strings, a request helper,
 * and the invariants every answer must hold: its documented status (never a 500), no stack
 * trace, no raw markup, and, on HTML error pages, a sentence saying what was wrong.
 */
import assert from "node:assert/strict";
import type { Hono } from "hono";
import { catalog } from "./harness.ts";

/** A wallet the catalog knows. */
export const WALLET = catalog.wallets.whale.address;
/** A transaction the catalog knows. */
export const TX = catalog.transactions.multi_wallet_batch.hash;
/** An intent the catalog knows. */
export const INTENT = catalog.intents.feed.id;
/** A position the catalog knows. */
export const POSITION = catalog.positions.open.id;
/** Markup that must never come back raw. */
export const SCRIPT = "<script>alert(1)</script>";
/** A 10 kB string for segments, params and bodies. */
export const LONG = "a".repeat(10_000);

/** What one request answered, with the body read (an event stream is cancelled unread). */
export interface Answer {
  path: string;
  method: string;
  status: number;
  headers: Headers;
  body: string;
}

/** Sends one request through `app.request()`, never following redirects. */
export async function send(app: Hono, path: string, init: RequestInit = {}): Promise<Answer> {
  const response = await app.request(path, { redirect: "manual", ...init });
  const type = response.headers.get("content-type") ?? "";
  let body = "";
  if (type.includes("text/event-stream")) await response.body?.cancel();
  else body = await response.text();
  const method = init.method ?? "GET";
  return { path, method, status: response.status, headers: response.headers, body };
}

/** The invariants of every answer, whatever the input. */
export function assertSafe(answer: Answer): void {
  const where = `${answer.method} ${answer.path.slice(0, 120)} → ${answer.status}`;
  assert.ok(answer.status < 500, `${where}: ${answer.body.slice(0, 200)}`);
  assert.doesNotMatch(answer.body, /^\s*at .+:\d+:\d+\)?$/m, `${where} leaks a stack frame`);
  assert.doesNotMatch(answer.body, /\.tsx?:\d+/, `${where} leaks a source location`);
  const type = answer.headers.get("content-type") ?? "";
  if (/html|svg|xml/.test(type)) {
    assert.ok(!answer.body.includes("<script>alert"), `${where} reflects <script> raw`);
    assert.ok(!answer.body.includes("<img src=x"), `${where} reflects <img> raw`);
  }
  // JSON and text may quote the input, but must never be sniffed as HTML.
  if (answer.body.includes("<script>alert")) {
    assert.match(type, /^(application\/json|text\/plain|text\/csv)/, where);
    assert.equal(answer.headers.get("x-content-type-options"), "nosniff", where);
  }
}

/** An HTML error page: the status, and the page's main text says what was wrong. */
export function assertErrorPage(answer: Answer, status: number, says: RegExp): void {
  assertSafe(answer);
  const where = `${answer.method} ${answer.path.slice(0, 120)}`;
  assert.equal(answer.status, status, `${where}: ${answer.body.slice(0, 200)}`);
  if (answer.method === "HEAD") return;
  assert.match(answer.headers.get("content-type") ?? "", /^text\/html/, where);
  const text = answer.body.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
  assert.match(text, says, where);
}
