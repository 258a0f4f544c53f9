/**
 * The official MCP Python SDK's client (the `mcp` package on PyPI) against the real app's `/mcp`
 * and the replay upstream, in both eras: negotiating (`auto`: server/discover, then 2026-07-28)
 * and with the handshake (`legacy`). It lists the tools, calls every one, reads the four MCP Apps
 * views the tools name, and is refused an unknown tool and a wrong argument. The client is a
 * separate Python process (tests/support/mcp_python_client.py) that reports what it saw; the
 * contract is asserted here.
 *
 * The client is a Python package: `deno task python-client` installs it in `.venv-mcp/` through
 * pip's own index (on this project's machines, their local PyPI mirror), and this file runs that
 * once when `.venv-mcp/` is missing. When it cannot be had, these tests fail and say why, like a
 * missing browser; MCP_PYTHON names another Python that has `mcp`.
 */
import assert from "node:assert/strict";
import { fileURLToPath as fromFileUrl } from "node:url";
import { withTestApp } from "./harness.ts";
import { assertMatchesOutputSchema, TOOL_CASES } from "./_tool_cases.ts";
import { TOOLS } from "../tools/registry.ts";
import { VIEW_MIME_TYPE } from "../lib/app_views.ts";

const SCRIPT = fromFileUrl(new URL("./support/mcp_python_client.py", import.meta.url));
const VENV_PYTHON = fromFileUrl(new URL("../.venv-mcp/bin/python", import.meta.url));
const INSTALL = fromFileUrl(new URL("../scripts/python_client.sh", import.meta.url));

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

/** A Python that imports `mcp` (installing `.venv-mcp/` once when it is missing), or the reason. */
async function findPython(): Promise<{ python: string } | { missing: string }> {
  const chosen = Deno.env.get("MCP_PYTHON");
  const python = chosen ?? VENV_PYTHON;
  if (chosen === undefined && !(await exists(python))) {
    const install = await new Deno.Command(INSTALL, { stdout: "null", stderr: "piped" }).output();
    if (!install.success) {
      const why = new TextDecoder().decode(install.stderr).trim().split("\n").slice(-3).join(" ");
      return { missing: `\`deno task python-client\` failed: ${why}` };
    }
  }
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

// deno-lint-ignore no-explicit-any -- the report is the client's JSON
type Report = any;

async function runPythonClient(url: URL, mode: "auto" | "legacy"): Promise<Report> {
  if (!("python" in found)) {
    throw new Error(`the MCP Python client is missing: ${found.missing}`);
  }
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

Deno.test("the Python SDK client negotiates 2026-07-28, calls every tool and reads the four views", async () => {
  await withTestApp(async (app) => {
    const report = await runPythonClient(app.mcpUrl, "auto");
    assert.equal(report.protocol_version, "2026-07-28");
    assertReport(report);
  });
});

Deno.test("the Python SDK client with the handshake calls every tool and reads the four views", async () => {
  await withTestApp(async (app) => {
    const report = await runPythonClient(app.mcpUrl, "legacy");
    assert.match(report.protocol_version, /^\d{4}-\d{2}-\d{2}$/);
    assert.notEqual(report.protocol_version, "2026-07-28");
    assertReport(report);
  });
});
