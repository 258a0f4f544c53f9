import assert from "node:assert/strict";
import { SERVER_IDENTITY } from "./server_identity.ts";
import { serverJsonMismatches } from "../../tests/support/server_json.ts";

async function readServerJson(): Promise<Record<string, unknown>> {
  return JSON.parse(await Deno.readTextFile(new URL("../../server.json", import.meta.url)));
}

Deno.test("server.json agrees with the identity the server reports", async () => {
  assert.deepEqual(serverJsonMismatches(await readServerJson(), SERVER_IDENTITY), []);
});

Deno.test("a stale version or a bad remote in server.json is reported", async () => {
  const entry = await readServerJson();
  const problems = serverJsonMismatches(
    { ...entry, version: "0.0.9", remotes: [{ type: "sse", url: "https://x/sse" }] },
    SERVER_IDENTITY,
  );
  assert.equal(problems.length, 2);
  assert.match(problems[0], /^version is "0.0.9", expected "0.1.0"/);
  assert.match(problems[1], /streamable-http/);
  assert.deepEqual(serverJsonMismatches(null, SERVER_IDENTITY), ["server.json is not an object"]);
});

Deno.test("the identity fits the registry's limits", () => {
  assert.ok(SERVER_IDENTITY.description.length <= 100);
  assert.match(SERVER_IDENTITY.registryName, /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
  assert.match(SERVER_IDENTITY.version, /^\d+\.\d+\.\d+$/);
});
