import assert from "node:assert/strict";
import {
  reportsInvalidArgumentsAsResult,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "./protocol_versions.ts";

Deno.test("invalid arguments become isError results from 2025-11-25 on", () => {
  assert.equal(reportsInvalidArgumentsAsResult("2026-07-28"), true);
  assert.equal(reportsInvalidArgumentsAsResult("2025-11-25"), true);
  assert.equal(reportsInvalidArgumentsAsResult("2025-06-18"), false);
  assert.equal(reportsInvalidArgumentsAsResult("2024-11-05"), false);
});

Deno.test("the supported list is newest first with the stateless revision on top", () => {
  assert.deepEqual(SUPPORTED_PROTOCOL_VERSIONS, [
    "2026-07-28",
    "2025-11-25",
    "2025-06-18",
    "2025-03-26",
    "2024-11-05",
  ]);
});
