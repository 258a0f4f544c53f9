/**
 * The repository's own files hold what they promise: LICENSE is the whole Apache License 2.0,
 * the licence every face names; SECURITY.md's reporting channel is served, the files it points
 * to exist, and its checkable claims (the tools' annotations, the body cap) are the code's.
 */
import assert from "node:assert/strict";
import { buildOpenApi } from "../lib/discovery/openapi.ts";
import { DOCS_PAGES } from "../lib/docs/pages.ts";
import { MAX_BODY_BYTES } from "../lib/http/body.ts";
import { TOOLS } from "../tools/registry.ts";
import { withPages } from "./harness.ts";

const root = new URL("../", import.meta.url);
const read = (path: string) => Deno.readTextFile(new URL(path, root));

/** The nine sections of the Apache License 2.0's terms, in order. */
const APACHE_SECTIONS = [
  "Definitions",
  "Grant of Copyright License",
  "Grant of Patent License",
  "Redistribution",
  "Submission of Contributions",
  "Trademarks",
  "Disclaimer of Warranty",
  "Limitation of Liability",
  "Accepting Warranty or Additional Liability",
];

Deno.test("LICENSE is the whole Apache License 2.0, the licence the OpenAPI document, README and FAQ name", async () => {
  const license = await read("LICENSE");
  assert.match(license, /^\s*Apache License\s+Version 2\.0, January 2004\s/);
  const sections = [...license.matchAll(/^ {3}(\d)\. ([^.]+)\./gm)]
    .map(([, number, title]) => `${number}. ${title}`);
  assert.deepEqual(sections, APACHE_SECTIONS.map((title, i) => `${i + 1}. ${title}`));
  assert.ok(
    license.indexOf("END OF TERMS AND CONDITIONS") > license.indexOf("9. Accepting Warranty"),
  );
  const info = buildOpenApi({ siteUrl: "https://x.example", tools: [] }).info as {
    license: { identifier: string };
  };
  assert.equal(info.license.identifier, "Apache-2.0");
  for (const path of ["README.md", "docs/faq.md"]) {
    const text = await read(path);
    assert.match(text, /Apache-2\.0/, path);
    assert.doesNotMatch(text, /\b(MIT|GPL|BSD|MPL)\b/, path);
  }
});

Deno.test("SECURITY.md's reporting channel is served, and the files it points to exist", async () => {
  const policy = await read("SECURITY.md");
  for (const heading of ["Reporting a problem", "Security model", "Supported versions"]) {
    assert.match(policy, new RegExp(`^## ${heading}$`, "m"));
  }
  // It sends reporters to the instance's security.txt (RFC 9116: Contact and Expires required).
  assert.match(policy, /`\/\.well-known\/security\.txt`/);
  await withPages(async ({ get }) => {
    const answer = await get("/.well-known/security.txt");
    assert.equal(answer.status, 200);
    assert.match(answer.body, /^Contact: \S+$/m);
    assert.ok(Date.parse(/^Expires: (\S+)$/m.exec(answer.body)?.[1] ?? "") > 0, answer.body);
  });
  const named = [...policy.matchAll(/`((?:docs|deploy)\/[\w./-]+)`/g)].map((match) => match[1]);
  assert.ok(named.length >= 2, "it names the docs it defers to");
  for (const path of named) await Deno.stat(new URL(path, root)); // throws when missing
  const slugs = DOCS_PAGES.map((page) => `docs/${page.slug}.md`);
  for (const path of named.filter((path) => path.startsWith("docs/"))) {
    assert.ok(slugs.includes(path), `${path} is a served docs page`);
  }
});

Deno.test("SECURITY.md's checkable claims are the code's: read-only tool annotations, the body cap", async () => {
  const policy = await read("SECURITY.md");
  assert.match(policy, /`readOnlyHint: true`/);
  assert.match(policy, /`destructiveHint: false`/);
  for (const tool of TOOLS) {
    assert.equal(tool.annotations.readOnlyHint, true, tool.name);
    assert.equal(tool.annotations.destructiveHint, false, tool.name);
  }
  const kib = /(\d+) KiB bodies/.exec(policy)?.[1];
  assert.equal(Number(kib) * 1024, MAX_BODY_BYTES);
});
