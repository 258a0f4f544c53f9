/**
 * Checks `server.json` (the official MCP registry entry at the repository root) against the
 * identity the server reports, so a version bump in one place and not the other fails a test.
 */
import type { SERVER_IDENTITY } from "../../lib/discovery/server_identity.ts";

/** The registry schema revision `server.json` is written against. */
export const SERVER_JSON_SCHEMA =
  "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json";

/** Lists every way `serverJson` disagrees with `identity` or the registry's rules; empty if none. */
export function serverJsonMismatches(
  serverJson: unknown,
  identity: typeof SERVER_IDENTITY,
): string[] {
  if (typeof serverJson !== "object" || serverJson === null) {
    return ["server.json is not an object"];
  }
  const entry = serverJson as Record<string, unknown>;
  const problems: string[] = [];
  const expect = (key: string, expected: unknown) => {
    if (entry[key] !== expected) {
      problems.push(
        `${key} is ${JSON.stringify(entry[key])}, expected ${JSON.stringify(expected)}`,
      );
    }
  };
  expect("$schema", SERVER_JSON_SCHEMA);
  expect("name", identity.registryName);
  expect("title", identity.title);
  expect("version", identity.version);
  expect("description", identity.description);
  if (!/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/.test(String(entry.name))) {
    problems.push("name must be reverse-DNS with exactly one slash");
  }
  if (String(entry.description ?? "").length > 100) problems.push("description exceeds 100 chars");
  const remotes = Array.isArray(entry.remotes) ? entry.remotes as Record<string, unknown>[] : [];
  const remote = remotes[0];
  if (!remote || remote.type !== "streamable-http") {
    problems.push("the first remote must be streamable-http");
  } else if (!/^https?:\/\/\S+\/mcp$/.test(String(remote.url))) {
    problems.push(`the remote url must be http(s) and end in /mcp, got ${String(remote.url)}`);
  }
  return problems;
}
