/** Summaries and example arguments of a tool, for the docs and the discovery files. */
import { type JsonSchema, type ToolInfo, toolJsonSchemas } from "./tool_schema.ts";

export {
  type JsonSchema,
  type ToolInfo,
  type ToolJsonSchemas,
  toolJsonSchemas,
} from "./tool_schema.ts";

/** The first sentence of a description, for one-line summaries in tables and lists. */
export function firstSentence(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const match = flat.match(/^.*?[.!?](?=\s|$)/);
  return match ? match[0] : flat;
}

const SAMPLE_ADDRESS = "0x67891c4b5d4474ffcab2e09b8dfa3d4c4236828c";
const SAMPLE_HASH = "0x57c85e286520d205709f1fce287fce8944322e0e43155062efeac931fcb01a1a";

/**
 * Example arguments for a tool: each required argument gets its schema's first example, its
 * default, its first enum value, or a value shaped by its pattern (an address, a 32-byte hash).
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
