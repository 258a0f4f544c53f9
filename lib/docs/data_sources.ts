/**
 * The data-sources page's tables, from lib/papertrade/endpoints.ts and lib/hyperevm/sources.ts,
 * so the page cannot list a path or modelled item the code does not have.
 */
import { PAPERTRADE_ENDPOINTS, type PapertradeEndpoint } from "../papertrade/mod.ts";
import { CHAIN_ITEMS, RPC_METHODS } from "../hyperevm/sources.ts";

/** Replaces the markers of docs/data-sources.md with the Papertrade API and HyperEVM tables. */
export function withDataSourceTables(source: string): string {
  const papertrade = [
    "| Endpoint | Parameters | Used for | Status |",
    "| --- | --- | --- | --- |",
    ...Object.values<PapertradeEndpoint>(PAPERTRADE_ENDPOINTS).map((e) =>
      `| \`GET ${e.path}\`${e.format === "sse" ? " (SSE)" : ""} | ${paramsCell(e)} | ${
        cell(e.usedFor)
      } | ${statusCell(e)} |`
    ),
  ];
  const chain = [
    "| Method | Used for | Status |",
    "| --- | --- | --- |",
    ...Object.entries(RPC_METHODS).map(([method, spec]) =>
      `| \`${method}\` | ${cell(spec.usedFor)} | K (standard JSON-RPC) |`
    ),
    "",
    "| Modelled item | Used for | Why |",
    "| --- | --- | --- |",
    ...CHAIN_ITEMS.map((item) =>
      `| ${cell(item.item)} | ${cell(item.usedFor)} | ${cell(item.note)} |`
    ),
  ];
  return source
    .replace("<!-- papertrade-endpoints -->", () => papertrade.join("\n"))
    .replace("<!-- chain-sources -->", () => chain.join("\n"));
}

function paramsCell(endpoint: PapertradeEndpoint): string {
  const params = Object.entries(endpoint.params?.shape ?? {}).map(([name, schema]) =>
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
  const modelled = endpoint.modelled.map((m) =>
    `${m.fields.map((f) => `\`${f}\``).join(", ")} (${cell(m.reason)})`
  );
  return `${source}. M: ${modelled.join("; ")}`;
}

function cell(text: string): string {
  return text.replaceAll("|", "\\|").replaceAll("\n", " ");
}
