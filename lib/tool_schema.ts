/**
 * The one JSON Schema builder for tools. MCP `tools/list`, OpenAPI, the server and agent cards,
 * llms.txt and the docs' tool reference all read a tool's schemas through
 * {@link toolJsonSchemas}, so no two faces can describe the same tool differently.
 */
import { z } from "zod";

/**
 * The part of a tool that its descriptions read. `ToolDefinition` from `tools/types.ts`
 * satisfies it structurally; depending on this narrow shape keeps the docs and discovery code
 * free of the upstream clients a tool needs to run.
 */
export interface ToolInfo {
  name: string;
  title: string;
  description: string;
  inputSchema: z.ZodType;
  outputSchema: z.ZodType;
  annotations: Readonly<Record<string, boolean | string | undefined>>;
}

/** A JSON Schema object as produced by zod (2020-12 dialect). */
export type JsonSchema = Record<string, unknown>;

/** The argument and result schemas of one tool as JSON Schema. */
export interface ToolJsonSchemas {
  input: JsonSchema;
  output: JsonSchema;
}

/**
 * JSON Schema for a zod schema. Draft 2020-12 (the default dialect of MCP 2025-11-25 and
 * later), with `$schema` left out: an absent `$schema` already means 2020-12 to those
 * revisions, older clients read these plain object schemas the same way under their default
 * dialect, and validators that refuse an unknown `$schema` (Ajv with default options) are not
 * tripped. A value JSON cannot express (a transform, a bigint) is described as "any" rather
 * than breaking every face that lists the tools.
 */
function toJsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
  }) as JsonSchema;
  return rest;
}

// Converting a schema walks the whole zod tree; the same tool objects live for the life of the
// process, so the result is kept per tool object.
const converted = new WeakMap<ToolInfo, ToolJsonSchemas>();

/**
 * JSON Schemas of a tool's arguments and result: input described as the caller writes it
 * (defaulted fields optional), output as we send it. Computed once per tool object.
 */
export function toolJsonSchemas(tool: ToolInfo): ToolJsonSchemas {
  const known = converted.get(tool);
  if (known) return known;
  const schemas = {
    input: toJsonSchema(tool.inputSchema, "input"),
    output: toJsonSchema(tool.outputSchema, "output"),
  };
  converted.set(tool, schemas);
  return schemas;
}
