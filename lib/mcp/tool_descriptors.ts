/** Tool definitions as MCP `tools/list` entries, with zod schemas rendered to JSON Schema. */
import { z } from "zod";
import type { ToolDefinition } from "../../tools/types.ts";

/** One entry of a `tools/list` result. */
export interface ToolDescriptor {
  name: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown>;
  annotations: Record<string, unknown>;
}

// Descriptors are pure functions of the (immutable) definitions: render each schema once.
// deno-lint-ignore no-explicit-any -- keyed by any tool
const cache = new WeakMap<ToolDefinition<any, any>, ToolDescriptor>();

/**
 * JSON Schema for a zod schema. Draft 2020-12 (the default dialect of 2025-11-25 and later),
 * with `$schema` left out: an absent `$schema` already means 2020-12 to those revisions, while
 * older clients read these plain object schemas the same way under their default dialect, and
 * validators that refuse an unknown `$schema` (Ajv with default options) are not tripped.
 */
export function toJsonSchema(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, target: "draft-2020-12" });
  return rest;
}

/** The `tools/list` entry of a tool. Throws if the input schema is not an object schema. */
// deno-lint-ignore no-explicit-any -- any tool
export function describeTool(tool: ToolDefinition<any, any>): ToolDescriptor {
  const cached = cache.get(tool);
  if (cached) return cached;
  // Input is described as the caller writes it (defaults optional), output as we send it.
  const inputSchema = toJsonSchema(tool.inputSchema, "input");
  if (inputSchema.type !== "object") {
    throw new Error(`tool ${tool.name}: inputSchema must be a JSON Schema of type "object"`);
  }
  const descriptor: ToolDescriptor = {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema,
    outputSchema: toJsonSchema(tool.outputSchema, "output"),
    annotations: { title: tool.title, ...tool.annotations },
  };
  cache.set(tool, descriptor);
  return descriptor;
}
