/**
 * What a tool's faces say about it. The one JSON Schema builder: MCP `tools/list`, OpenAPI, the
 * server and agent cards, llms.txt and the docs' tool reference all read {@link toolJsonSchemas},
 * so no two faces describe a tool differently; plus the summaries and example arguments they show.
 */
import { z } from "zod";

/**
 * The part of a tool its descriptions read (`tools/types.ts`'s `ToolDefinition` fits it): this
 * narrow shape keeps docs and discovery code free of the clients a tool runs with.
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

/**
 * Draft 2020-12 JSON Schema (MCP 2025-11-25's default dialect) without `$schema`: absent, it means
 * 2020-12 to those revisions, older clients read these plain schemas alike, and validators that
 * refuse an unknown `$schema` (Ajv by default) are not tripped. What JSON cannot express (a
 * transform, a bigint) is "any" rather than breaking every face that lists the tools.
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
const converted = new WeakMap<ToolInfo, { input: JsonSchema; output: JsonSchema }>();

/**
 * A tool's arguments as the caller writes them (defaulted fields optional) and its result as we
 * send it.
 */
export function toolJsonSchemas(tool: ToolInfo) {
  return converted.getOrInsertComputed(tool, () => ({
    input: toJsonSchema(tool.inputSchema, "input"),
    output: toJsonSchema(tool.outputSchema, "output"),
  }));
}

/** The first sentence of a description, for one-line summaries in tables and lists. */
export function firstSentence(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const match = flat.match(/^.*?[.!?](?=\s|$)/);
  return match ? match[0] : flat;
}

const SAMPLE_ADDRESS = "0x67891c4b5d4474ffcab2e09b8dfa3d4c4236828c";
const SAMPLE_HASH = "0x57c85e286520d205709f1fce287fce8944322e0e43155062efeac931fcb01a1a";

/**
 * Example arguments: each required one gets its schema's first example, default, first enum value,
 * or a value shaped by its pattern (an address, a 32-byte hash).
 */
export function exampleArguments(tool: ToolInfo): Record<string, unknown> {
  const schema = toolJsonSchemas(tool).input;
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const args: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) {
    const examples = property.examples as unknown[] | undefined;
    if (examples?.length) args[name] = examples[0];
    else if (required.has(name)) args[name] = sampleValue(property);
  }
  return args;
}

function sampleValue(property: JsonSchema): unknown {
  if ("default" in property) return property.default;
  if (Array.isArray(property.enum) && property.enum.length) return property.enum[0];
  if ("const" in property) return property.const;
  const pattern = typeof property.pattern === "string" ? property.pattern : "";
  if (pattern.includes("{40}")) return SAMPLE_ADDRESS;
  if (pattern.includes("{64}")) return SAMPLE_HASH;
  if (property.type === "integer" || property.type === "number") {
    return typeof property.minimum === "number" ? property.minimum : 0;
  }
  const byType: Record<string, unknown> = { boolean: false, array: [], object: {} };
  return byType[String(property.type)] ?? "example";
}
