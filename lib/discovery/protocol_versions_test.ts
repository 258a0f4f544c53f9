import assert from "node:assert/strict";
import {
  negotiateInitializeVersion,
  reportsInvalidArgumentsAsResult,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "./protocol_versions.ts";

Deno.test("initialize negotiation echoes the four handshake-era versions and falls back to the newest, 2025-11-25", () => {
  for (const version of ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]) {
    assert.equal(negotiateInitializeVersion(version), version);
  }
  for (const other of ["2024-10-07", "2026-07-28", "", 20250618, undefined]) {
    assert.equal(negotiateInitializeVersion(other), "2025-11-25", String(other));
  }
});

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
