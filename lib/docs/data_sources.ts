/**
 * The data-sources docs tables, generated from the endpoint tables (lib/papertrade/endpoints.ts
 * and lib/hyperevm/sources.ts), so the page can never list a path or a modelled item the code
 * does not have.
 */
import { PAPERTRADE_ENDPOINTS, type PapertradeEndpoint } from "../papertrade/mod.ts";
import { CHAIN_ITEMS, RPC_METHODS } from "../hyperevm/mod.ts";
import { HYPERLIQUID_SOURCES } from "../hyperliquid/l2_book.ts";

/** Marker in docs/data-sources.md replaced by the Papertrade API table. */
const PAPERTRADE_ENDPOINTS_MARKER = "<!-- papertrade-endpoints -->";
/** Marker in docs/data-sources.md replaced by the HyperEVM table. */
const CHAIN_SOURCES_MARKER = "<!-- chain-sources -->";
/** Marker in docs/data-sources.md replaced by the Hyperliquid info API table. */
const HYPERLIQUID_SOURCES_MARKER = "<!-- hyperliquid-sources -->";

/** Markdown table of every Papertrade endpoint: path, parameters, use, and what is modelled. */
function papertradeEndpointsMarkdown(): string {
  return [
    "| Endpoint | Parameters | Used for | Status |",
    "| --- | --- | --- | --- |",
    ...Object.values<PapertradeEndpoint>(PAPERTRADE_ENDPOINTS).map((e) =>
      `| \`GET ${e.path}\`${e.format === "sse" ? " (SSE)" : ""} | ${paramsCell(e)} | ${
        cell(e.usedFor)
      } | ${statusCell(e)} |`
    ),
  ].join("\n");
}

/** Markdown tables of the JSON-RPC methods and the contract-level items. */
function chainSourcesMarkdown(): string {
  return [
    "| Method | Used for | Status |",
    "| --- | --- | --- |",
    ...Object.entries(RPC_METHODS).map(([method, spec]) =>
      `| \`${method}\` | ${cell(spec.usedFor)} | K (standard JSON-RPC) |`
    ),
    "",
    "| Item | Used for | Status |",
    "| --- | --- | --- |",
    ...CHAIN_ITEMS.map((item) =>
      `| ${cell(item.item)} | ${cell(item.usedFor)} | ${item.status === "fact" ? "K" : "M"}: ${
        cell(item.note)
      } |`
    ),
  ].join("\n");
}

/** Markdown table of what is read from Hyperliquid's info API. */
function hyperliquidSourcesMarkdown(): string {
  return [
    "| Request | Used for | Status |",
    "| --- | --- | --- |",
    ...HYPERLIQUID_SOURCES.map((s) =>
      `| ${cell(s.request)} | ${cell(s.usedFor)} | K: ${cell(s.note)} |`
    ),
  ].join("\n");
}

/** Replaces the three markers in a page source. */
export function withDataSourceTables(source: string): string {
  return source
    .replace(PAPERTRADE_ENDPOINTS_MARKER, () => papertradeEndpointsMarkdown())
    .replace(CHAIN_SOURCES_MARKER, () => chainSourcesMarkdown())
    .replace(HYPERLIQUID_SOURCES_MARKER, () => hyperliquidSourcesMarkdown());
}

function paramsCell(endpoint: PapertradeEndpoint): string {
  const params = Object.entries(endpoint.params.shape).map(([name, schema]) =>
    endpoint.path.includes(`{${name}}`)
      ? `\`${name}\` in the path`
      : `\`${name}\` (${cell(schema.description ?? "")})`
  );
  return params.length === 0 ? "none" : params.join(", ");
}

function statusCell(endpoint: PapertradeEndpoint): string {
  const whole = endpoint.modelled.find((m) => m.fields.includes(""));
  if (whole) return `M: ${cell(whole.reason)}`;
  const source = `K: ${cell(endpoint.source)}`;
  if (endpoint.modelled.length === 0) return source;
  const modelled = endpoint.modelled.map((m) => {
    const fields = m.fields.some((f) => f === "") ? "the whole answer" : m.fields
      .map((f) => `\`${f}\``).join(", ");
    return `${fields} (${cell(m.reason)})`;
  });
  return `${source}. M: ${modelled.join("; ")}`;
}

function cell(text: string): string {
  return text.replaceAll("|", "\\|").replaceAll("\n", " ");
}
