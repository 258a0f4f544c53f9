/** Tool definitions as MCP `tools/list` entries, with schemas from the shared builder. */
import type { ToolDefinition } from "../../tools/types.ts";
import { toolJsonSchemas } from "../../lib/tool_schema.ts";

export { toJsonSchema } from "../../lib/tool_schema.ts";

/** One entry of a `tools/list` result. */
export interface ToolDescriptor {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown>;
  annotations: Record<string, unknown>;
}

// Descriptors are pure functions of the (immutable) definitions: build each once.
// deno-lint-ignore no-explicit-any -- keyed by any tool
const cache = new WeakMap<ToolDefinition<any, any>, ToolDescriptor>();

/** The `tools/list` entry of a tool. Throws if the input schema is not an object schema. */
// deno-lint-ignore no-explicit-any -- any tool
export function describeTool(tool: ToolDefinition<any, any>): ToolDescriptor {
  const cached = cache.get(tool);
  if (cached) return cached;
  const { input: inputSchema, output: outputSchema } = toolJsonSchemas(tool);
  if (inputSchema.type !== "object") {
    throw new Error(`tool ${tool.name}: inputSchema must be a JSON Schema of type "object"`);
  }
  const descriptor: ToolDescriptor = {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema,
    outputSchema,
    annotations: { title: tool.title, ...tool.annotations },
  };
  cache.set(tool, descriptor);
  return descriptor;
}
