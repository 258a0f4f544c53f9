/**
 * The official MCP inspector CLI against the real app's `/mcp`: it lists the eleven tools and
 * calls get_protocol_overview (tests/support/inspector.ts runs the CLI; the first run downloads it).
 */
import assert from "node:assert/strict";
import { inspectServer } from "../tests/support/inspector.ts";
import { TOOLS } from "../tools/registry.ts";
import { withTestApp } from "./harness.ts";

const BOUND_MS = 120_000;

Deno.test("the inspector CLI lists the eleven tools and calls get_protocol_overview", async () => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), BOUND_MS);
  try {
    await withTestApp(async (app) => {
      const { listed, called } = await inspectServer(app.mcpUrl, { signal: controller.signal });
      assert.deepEqual(
        listed.tools.map((tool: { name: string }) => tool.name),
        TOOLS.map((tool) => tool.name),
      );
      assert.notEqual(called.isError, true, JSON.stringify(called.content));
      assert.equal(called.structuredContent.recent_trades.length, 2);
      // The text carries the structured figures (generated from the model).
      assert.ok(
        called.content[0].text.includes(`tvl_usd: ${called.structuredContent.tvl_usd}`),
        called.content[0].text.slice(0, 200),
      );
    });
  } finally {
    clearTimeout(timer);
  }
});
