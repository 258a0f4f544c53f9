/**
 * The official MCP Python SDK's client (the `mcp` package on PyPI) against the real app's `/mcp`
 * and the replay upstream, in both eras: negotiating (`auto`: server/discover, then 2026-07-28)
 * and with the handshake (`legacy`). It lists the tools, calls every one, reads the four MCP Apps
 * views the tools name, and is refused an unknown tool and a wrong argument. The client is a
 * separate Python process (tests/support/mcp_python_client.py) that reports what it saw; the
 * contract is asserted here.
 *
 * The client comes from PyPI, which not every machine reaches: `.ci/run` installs it in
 * `.venv-mcp/` when it can (`deno task python-client` does the same by hand). Without it these
 * tests are ignored and say why, like a peer that is absent; set MCP_PYTHON to a Python that has
 * `mcp` to use another.
 */
import assert from "node:assert/strict";
import { fileURLToPath as fromFileUrl } from "node:url";
import { withTestApp } from "./harness.ts";
import { assertMatchesOutputSchema, TOOL_CASES } from "./_tool_cases.ts";
import { TOOLS } from "../tools/registry.ts";
import { VIEW_MIME_TYPE } from "../lib/app_views.ts";

const SCRIPT = fromFileUrl(new URL("./support/mcp_python_client.py", import.meta.url));
const VENV_PYTHON = fromFileUrl(new URL("../.venv-mcp/bin/python", import.meta.url));

/** A Python that imports `mcp`, or null with the reason. */
async function findPython(): Promise<{ python: string } | { missing: string }> {
  const python = Deno.env.get("MCP_PYTHON") ?? VENV_PYTHON;
  try {
    const probe = await new Deno.Command(python, {
      args: ["-c", "import importlib.metadata as m; print(m.version('mcp'))"],
      stdout: "piped",
      stderr: "null",
    }).output();
    if (probe.success) return { python };
    return { missing: `${python} has no mcp package` };
  } catch {
    return { missing: `no ${python} (run \`deno task python-client\`)` };
  }
}

const found = await findPython();
if ("missing" in found) {
  console.warn(`the Python MCP client tests are ignored: ${found.missing}`);
}

// deno-lint-ignore no-explicit-any -- the report is the client's JSON
type Report = any;

async function runPythonClient(url: URL, mode: "auto" | "legacy"): Promise<Report> {
  if (!("python" in found)) throw new Error(found.missing);
  const child = new Deno.Command(found.python, {
    args: [SCRIPT],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const job = {
    url: url.href,
    mode,
    cases: TOOL_CASES.map(({ name, arguments: args }) => ({ name, arguments: args })),
  };
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(JSON.stringify(job)));
  await writer.close();
  const output = await child.output();
  const stderr = new TextDecoder().decode(output.stderr);
  assert.ok(output.success, `the Python client failed: ${stderr.slice(-2000)}`);
  return JSON.parse(new TextDecoder().decode(output.stdout));
}

function assertReport(report: Report): void {
  assert.equal(report.server, "papertrade-explorer");
  assert.deepEqual(report.tools.map((tool: Report) => tool.name), TOOLS.map((tool) => tool.name));
  assert.equal(report.calls.length, TOOL_CASES.length);
  for (const [index, testCase] of TOOL_CASES.entries()) {
    const { name, result } = report.calls[index];
    assert.equal(name, testCase.name);
    assert.notEqual(
      result.isError,
      true,
      `${name}: ${JSON.stringify(result.content).slice(0, 300)}`,
    );
    assertMatchesOutputSchema(name, result.structuredContent);
    testCase.check(result.structuredContent);
  }
  // The four views the tools name, each read as an MCP App with no outside origin.
  assert.equal(report.views.length, 4);
  for (const { uri, result } of report.views) {
    assert.equal(result.contents.length, 1, uri);
    const [content] = result.contents;
    assert.equal(content.uri, uri);
    assert.equal(content.mimeType, VIEW_MIME_TYPE);
    assert.deepEqual(content._meta.ui.csp.connectDomains, [], uri);
    assert.ok(content.text.startsWith("<!doctype html>"), uri);
  }
  // An unknown tool is refused (an error, or an error result), naming the tool.
  const unknown = report.unknown_tool;
  if ("error" in unknown) assert.match(unknown.error, /no_such_tool/);
  else {
    assert.equal(unknown.result.isError, true);
    assert.match(JSON.stringify(unknown.result.content), /no_such_tool/);
  }
  // A missing argument is a tool error naming it.
  assert.equal(report.invalid_arguments.isError, true);
  assert.match(JSON.stringify(report.invalid_arguments.content), /address/);
}

Deno.test({
  name: "the Python SDK client negotiates 2026-07-28, calls every tool and reads the four views",
  ignore: "missing" in found,
  fn: async () => {
    await withTestApp(async (app) => {
      const report = await runPythonClient(app.mcpUrl, "auto");
      assert.equal(report.protocol_version, "2026-07-28");
      assertReport(report);
    });
  },
});

Deno.test({
  name: "the Python SDK client with the handshake calls every tool and reads the four views",
  ignore: "missing" in found,
  fn: async () => {
    await withTestApp(async (app) => {
      const report = await runPythonClient(app.mcpUrl, "legacy");
      assert.match(report.protocol_version, /^\d{4}-\d{2}-\d{2}$/);
      assert.notEqual(report.protocol_version, "2026-07-28");
      assertReport(report);
    });
  },
});
