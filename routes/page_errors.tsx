/**
 * What the page handlers share: the path patterns, and the failures of input that is not what
 * the path needs, with the input echoed clipped and isolated; and the error path of
 * `routes/pages.tsx` (the error page, the failure table), which loads this module on first use.
 */
import type { Context } from "hono";
import { ADDRESS_PATTERN } from "../lib/address.ts";
import { Failure, failureOf } from "../lib/http/failure.ts";
import { ErrorPage, type ErrorPageProps } from "../components/ErrorPage.tsx";
import { pageResponse } from "../lib/render.tsx";

export { failureOf };

/** An error page as the answer, with its status and `headers`. */
export function renderErrorPage(
  c: Context,
  props: ErrorPageProps,
  headers: Record<string, string>,
): Response {
  return pageResponse(c, <ErrorPage {...props} />, props.status, headers);
}

/** Position ids: uint256 as decimal digits. */
export const POSITION_ID_PATTERN = /^[0-9]{1,78}$/;

/** The 400 of a path segment or parameter that is not a wallet address. */
export function badAddress(value: string): Failure {
  return new Failure("bad_request", "That is not a wallet address", {
    message: `Not a wallet address: expected 0x followed by 40 hex characters, not ${
      JSON.stringify(clip(value))
    }.`,
    detail: (
      <>
        "<Echo value={value} />" is not a wallet address: expected 0x followed by 40 hex characters.
      </>
    ),
    hints: ["Copy the address again, or paste what you have into the search."],
    error: "bad_address",
  });
}

/** The path's `:address`, lower-cased; the 400 of {@link badAddress} when it is none. */
export function addressParam(c: Context): string {
  const raw = c.req.param("address") ?? "";
  if (!ADDRESS_PATTERN.test(raw)) throw badAddress(raw);
  return raw.toLowerCase();
}

/** The optional `?wallet=`, trimmed and lower-cased; the 400 of {@link badAddress} if not one. */
export function walletQuery(c: Context): string | undefined {
  const raw = c.req.query("wallet")?.trim() || undefined;
  if (raw !== undefined && !ADDRESS_PATTERN.test(raw)) throw badAddress(raw);
  return raw?.toLowerCase();
}

/** The 400 of a path segment or parameter that is not a 32-byte hash. */
export function badHash(value: string, what: string): Failure {
  return new Failure("bad_request", `That is not ${what}`, {
    detail: (
      <>
        "<Echo value={value} />" is not {what}: expected 0x followed by 64 hex characters.
      </>
    ),
    hints: ["Copy it again, or paste what you have into the search."],
  });
}

// Echoed input is escaped by Preact; clipping keeps a pasted novel from filling the page.
function clip(value: string): string {
  return value.length > 80 ? `${value.slice(0, 77)}…` : value;
}

/**
 * Input echoed on an error page: clipped, and isolated in a `<bdi>` so right-to-left
 * overrides or isolates in it cannot reorder the sentence around it (as search does).
 */
export function Echo(props: { value: string }) {
  return <bdi>{clip(props.value)}</bdi>;
}

/** The live routes' JSON body for a bug (a failure they cannot name). */
export const LIVE_BUG = { error: "internal_error", message: "The positions could not be read." };

/**
 * The JSON body the live island reads for a failure: `{ error, message }`, one name for every
 * upstream fault; undefined for a bug.
 */
export function liveProblem(
  error: unknown,
  wallet?: string,
): { failure: Failure; body: { error: string; message: string } } | undefined {
  const failure = failureOf(error, wallet);
  if (!failure) return undefined;
  return {
    failure,
    body: { error: failure.source ? "upstream" : failure.error, message: failure.message },
  };
}
