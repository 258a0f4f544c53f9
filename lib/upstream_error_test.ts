import assert from "node:assert/strict";
import { HyperEvmError } from "./hyperevm/mod.ts";
import { PapertradeApiError } from "./papertrade/mod.ts";
import { describeUpstreamFailure, UPSTREAM_FAILURE_KINDS } from "./upstream_error.ts";

const api = (kind: PapertradeApiError["kind"], status?: number, retryAfterS?: number) =>
  new PapertradeApiError("/state/trading failed", {
    endpoint: "/state/trading",
    kind,
    ...(status === undefined ? {} : { status }),
    ...(retryAfterS === undefined ? {} : { retryAfterS }),
  });

Deno.test("Papertrade failures map by kind and status to 502, 503 and 504", () => {
  const cases: [PapertradeApiError, string, number][] = [
    [api("timeout"), "timeout", 504],
    [api("rate_limited", 429, 30), "rate_limited", 503],
    [api("http", 503), "unavailable", 503],
    [api("http", 500), "unreachable", 502],
    [api("network"), "unreachable", 502],
    [api("http", 404), "bad_answer", 502],
    [api("schema"), "bad_answer", 502],
    [api("malformed_json"), "bad_answer", 502],
  ];
  for (const [error, kind, status] of cases) {
    const failure = describeUpstreamFailure(error);
    assert.equal(failure?.kind, kind, `${error.kind} ${error.status}`);
    assert.equal(failure?.status, status, `${error.kind} ${error.status}`);
    assert.equal(failure?.source, "Papertrade API");
  }
  assert.equal(describeUpstreamFailure(api("rate_limited", 429, 30))?.retryAfterSeconds, 30);
});

Deno.test("HyperEVM failures map by the endpoints' failure kinds, never their words", () => {
  const rpc = (failures: ConstructorParameters<typeof HyperEvmError>[2]) =>
    describeUpstreamFailure(new HyperEvmError("eth_call", "eth_call failed", failures));
  const timeout = { kind: "timeout" as const, text: "timeout after 8000 ms" };
  assert.equal(rpc({ failures: [timeout, timeout] })?.status, 504);
  assert.equal(
    rpc({ failures: [timeout, { kind: "http", status: 503, text: "HTTP 503" }] })?.kind,
    "unavailable",
  );
  assert.equal(rpc({ failures: [{ kind: "http", status: 429, text: "HTTP 429" }] })?.status, 503);
  // Words that look like a timeout or a 503 do not decide: the kind does.
  assert.equal(
    rpc({ failures: [{ kind: "other", text: "timeout after 8000 ms" }] })?.kind,
    "unreachable",
  );
  assert.equal(rpc({ failures: ["HTTP 503"] })?.status, 502);
  assert.equal(
    rpc({ detail: "eth_call answer result: expected hex" })?.kind,
    "bad_answer",
  );
});

Deno.test("errors that did not come from upstream are not upstream failures", () => {
  assert.equal(describeUpstreamFailure(new Error("bug")), null);
  assert.equal(describeUpstreamFailure(new DOMException("gone", "AbortError")), null);
});

Deno.test("each status names one REST error, and only transient kinds advise trying again", () => {
  const names = { 502: "upstream_error", 503: "upstream_unavailable", 504: "upstream_timeout" };
  for (const row of Object.values(UPSTREAM_FAILURE_KINDS)) {
    assert.equal(row.error, names[row.status]);
  }
  assert.equal(UPSTREAM_FAILURE_KINDS.bad_answer.advice(undefined), null);
  assert.equal(UPSTREAM_FAILURE_KINDS.rate_limited.advice(60), "wait 60 s and try again");
  assert.match(UPSTREAM_FAILURE_KINDS.timeout.advice(undefined) ?? "", /try again shortly/);
});

Deno.test("docs/reference.md documents every status the failure table answers with", async () => {
  const reference = await Deno.readTextFile(new URL("../docs/reference.md", import.meta.url));
  for (const { status } of Object.values(UPSTREAM_FAILURE_KINDS)) {
    assert.match(reference, new RegExp(`^\\| ${status} +\\| An upstream source`, "m"), `${status}`);
  }
});
