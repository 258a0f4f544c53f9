/**
 * Error answers shared by the pages: each says what was looked up and what to try, with the
 * status a client can act on. Upstream failures name the source, never a stack trace.
 * Not a route: app.tsx mounts routes explicitly, so file names under routes/ make no URLs.
 */
import { htmlResponse } from "../lib/render.ts";
import { describeUpstreamFailure } from "../lib/upstream_error.ts";
import type { ComponentChildren } from "preact";
import { ErrorPage } from "../components/ErrorPage.tsx";

/** Wallet addresses as they may appear in a path (one home: lib/address.ts). */
export { ADDRESS_PATTERN } from "../lib/address.ts";
/** Transaction hashes and intent ids. */
export const HASH_PATTERN = /^0x[0-9a-fA-F]{64}$/;
/** Position ids: uint256 as decimal digits. */
export const POSITION_ID_PATTERN = /^[0-9]{1,78}$/;

/** A 404 page naming what was not found. */
export function notFoundPage(
  title: string,
  detail: ComponentChildren,
  hints: string[] = [],
): Response {
  return htmlResponse(<ErrorPage status={404} title={title} detail={detail} hints={hints} />, {
    status: 404,
  });
}

/** A 400 page saying what is wrong with the request. */
export function badRequestPage(
  title: string,
  detail: ComponentChildren,
  hints: string[] = [],
): Response {
  return htmlResponse(<ErrorPage status={400} title={title} detail={detail} hints={hints} />, {
    status: 400,
  });
}

/** The 400 page of a path segment that is not an address. */
export function badAddressPage(value: string): Response {
  return badRequestPage(
    "That is not a wallet address",
    <>
      "<Echo value={value} />" is not a wallet address: expected 0x followed by 40 hex characters.
    </>,
    ["Copy the address again, or paste what you have into the search."],
  );
}

/** The 400 page of a path segment that is not a 32-byte hash. */
export function badHashPage(value: string, what: string): Response {
  return badRequestPage(
    `That is not ${what}`,
    <>
      "<Echo value={value} />" is not {what}: expected 0x followed by 64 hex characters.
    </>,
    ["Copy it again, or paste what you have into the search."],
  );
}

/**
 * The 502/503/504 page of an upstream failure, or the error rethrown when it did not come
 * from upstream (the app's error handler then answers 500).
 */
export function upstreamFailurePage(error: unknown, what: string): Response {
  const failure = describeUpstreamFailure(error);
  if (!failure) throw error;
  return htmlResponse(
    <ErrorPage
      status={failure.status}
      title={`${failure.source} is not answering`}
      detail={`${what} could not be loaded because the ${failure.source} failed: ${failure.message}`}
      hints={[
        "Try again in a few seconds; upstream faults are usually brief.",
        "Nothing is wrong with the link itself.",
      ]}
    />,
    { status: failure.status },
  );
}

/** True for the Papertrade API's 404: the exchange has never seen the wallet. */
export { isUnknownWallet } from "../lib/upstream_error.ts";

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
