/**
 * The tools' markdown reference: an index, then per tool its words, annotations, arguments,
 * result fields and an example call; every tool string is escaped, so it renders as text.
 */
import {
  exampleArguments,
  firstSentence,
  type JsonSchema,
  type ToolInfo,
  toolJsonSchemas,
} from "../tool_info.ts";

export function toolReferenceMarkdown(tools: readonly ToolInfo[]): string {
  const lines = [
    "| Tool | What it does |",
    "| --- | --- |",
    ...tools.map((tool) =>
      `| [\`${escapeCode(tool.name)}\`](#${anchorOf(tool.name)}) | ${
        cell(firstSentence(tool.description) || tool.title)
      } |`
    ),
    "",
  ];
  for (const tool of tools) lines.push(toolSection(tool));
  return lines.join("\n");
}

/**
 * A tool section's heading id, as the docs seed writes it: `get_wallet` → `get-wallet`. The
 * section keeps its old underscore id as an anchor too, so old links still land.
 */
export function anchorOf(name: string): string {
  return legacyAnchorOf(name).replaceAll("_", "-");
}

/** The id a tool's section had before the seed's hyphenated ids (still present as an anchor). */
function legacyAnchorOf(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{N}_\- ]/gu, "").replace(/ /g, "-");
}

function toolSection(tool: ToolInfo): string {
  const { input, output } = toolJsonSchemas(tool);
  const annotations = Object.entries(tool.annotations)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `\`${escapeCode(`${key}: ${value}`)}\``)
    .join(", ");
  const call = {
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name: tool.name, arguments: exampleArguments(tool) },
  };
  const legacy = legacyAnchorOf(tool.name);
  return [
    // The old id as an empty anchor just above the heading: `#get_wallet` links keep working.
    ...(legacy === anchorOf(tool.name) ? [] : [`<a id="${legacy}"></a>`, ""]),
    `### ${escapeText(anchorOf(tool.name))}`,
    "",
    `**\`${escapeCode(tool.name)}\`**. **${escapeText(tool.title)}**`,
    "",
    escapeText(tool.description),
    "",
    `Annotations: ${annotations || "none"}.`,
    "",
    argumentTable(input),
    "",
    resultFields(output),
    "",
    "Example call:",
    "",
    "```json",
    JSON.stringify(call, null, 2),
    "```",
    "",
  ].join("\n");
}

function argumentTable(schema: JsonSchema): string {
  const properties = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>);
  if (properties.length === 0) return "No arguments.";
  const required = new Set((schema.required ?? []) as string[]);
  return [
    "| Argument | Type | Required | Description |",
    "| --- | --- | --- | --- |",
    ...properties.map(([name, property]) => {
      const notes = [
        typeof property.description === "string" ? property.description : "",
        "default" in property ? `Default \`${escapeCode(JSON.stringify(property.default))}\`.` : "",
      ].filter(Boolean).join(" ");
      return `| \`${escapeCode(name)}\` | ${cell(typeLabel(property))} | ${
        required.has(name) ? "yes" : "no"
      } | ${cell(notes)} |`;
    }),
  ].join("\n");
}

function resultFields(schema: JsonSchema): string {
  const names = Object.keys((schema.properties ?? {}) as Record<string, JsonSchema>);
  if (names.length === 0) return "Structured result: a JSON value (see the output schema).";
  return `Structured result fields: ${names.map((name) => `\`${escapeCode(name)}\``).join(", ")}.`;
}

/** A short type label for an argument: `string`, `integer`, one of an enum, a union. */
export function typeLabel(property: JsonSchema): string {
  if (Array.isArray(property.enum)) {
    return property.enum.map((value) => `\`${escapeCode(String(value))}\``).join(", ");
  }
  if ("const" in property) return `\`${escapeCode(JSON.stringify(property.const))}\``;
  const union = (property.anyOf ?? property.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(union)) return union.map(typeLabel).join(" or ");
  if (Array.isArray(property.type)) return property.type.join(" or ");
  if (property.type === "array" && property.items) {
    return `array of ${typeLabel(property.items as JsonSchema)}`;
  }
  if (typeof property.type === "string") return property.type;
  return "any";
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;" };

/**
 * Escapes markdown prose and HTML element content (the renderer's too): only these three; quotes
 * stay as written.
 */
export function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (char) => HTML_ESCAPES[char]);
}

/** Escapes text for a markdown table cell: no line breaks, no bare pipes. */
function cell(text: string): string {
  return escapeText(text).replace(/\s*\n\s*/g, " ").replace(/\|/g, "\\|");
}

/** Inline code cannot hold entities or backticks; drop what would end the span or a cell. */
function escapeCode(text: string): string {
  return text.replace(/[`\n]/g, " ").replace(/\|/g, "\\|");
}
