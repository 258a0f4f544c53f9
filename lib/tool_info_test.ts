import assert from "node:assert/strict";
import { z } from "zod";
import { SAMPLE_TOOLS } from "../tests/support/sample_tools.ts";
import { exampleArguments, firstSentence, type ToolInfo, toolJsonSchemas } from "./tool_info.ts";

Deno.test("argument schemas are the input side: defaulted fields are optional", () => {
  const { input, output } = toolJsonSchemas(SAMPLE_TOOLS[2]);
  assert.equal(input.$schema, undefined);
  assert.equal(input.type, "object");
  assert.deepEqual(input.required ?? [], []);
  assert.deepEqual((input.properties as Record<string, unknown>).window, {
    type: "string",
    enum: ["24h", "7d", "30d", "all"],
    default: "24h",
  });
  assert.deepEqual(output.required, ["window", "accounts"]);
});

Deno.test("schemas are converted once per tool object", () => {
  assert.equal(toolJsonSchemas(SAMPLE_TOOLS[0]), toolJsonSchemas(SAMPLE_TOOLS[0]));
});

Deno.test("a schema JSON cannot express is documented as any instead of failing", () => {
  const tool: ToolInfo = {
    ...SAMPLE_TOOLS[0],
    outputSchema: z.object({ raw: z.bigint() }),
  };
  const { output } = toolJsonSchemas(tool);
  assert.deepEqual((output.properties as Record<string, unknown>).raw, {});
});

Deno.test("example arguments fill required fields from examples, patterns and enums", () => {
  assert.deepEqual(exampleArguments(SAMPLE_TOOLS[0]), { query: "example" });
  assert.match(String(exampleArguments(SAMPLE_TOOLS[1]).address), /^0x[0-9a-f]{40}$/);
  assert.deepEqual(exampleArguments(SAMPLE_TOOLS[2]), {});
  const withExample: ToolInfo = {
    ...SAMPLE_TOOLS[0],
    inputSchema: z.object({ query: z.string().meta({ examples: ["0xabc"] }), n: z.number() }),
  };
  assert.deepEqual(exampleArguments(withExample), { query: "0xabc", n: 0 });
});

Deno.test("firstSentence stops at the first full stop followed by a space", () => {
  assert.equal(
    firstSentence("Open positions at 0.5 leverage. More text."),
    "Open positions at 0.5 leverage.",
  );
  assert.equal(firstSentence("No stop here"), "No stop here");
  assert.equal(firstSentence("Multi\nline. Rest"), "Multi line.");
});
