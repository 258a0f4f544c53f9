/**
 * Bundles the islands (`deno bundle --platform browser --minify` of `client/main.ts` into
 * `static/build/islands.js`, sizes reported raw and gzipped); writes `tools/summaries.json` from
 * the registry, so the home page lists the tools without loading them (and viem) on a cold
 * start; builds each MCP Apps view (`views/*.ts`, lib/app_views.ts) into one self-contained
 * `views/build/<name>.html`, sizes in `views/build/sizes.json`. The first run fetches esbuild.
 *
 * Run: deno task build            (writes static/build/islands.js and views/build/)
 *      deno task build --check    (builds to temp files; fails if a committed build differs)
 */
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import { VIEWS } from "../lib/app_views.ts";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));
// Each browser entry and its minified bundle, served from `/static/build/`.
export const ISLANDS_ENTRY = `${ROOT}client/main.ts`;
export const ISLANDS_BUNDLE = `${ROOT}static/build/islands.js`;
/** The watchlist page's one island, bundled apart so the wallet page does not load it. */
export const WATCHLIST_ENTRY = `${ROOT}client/watchlist_main.ts`;
export const WATCHLIST_BUNDLE = `${ROOT}static/build/watchlist.js`;
/** The ticking ages (`Time` ages on pages without islands keep counting). */
export const AGES_ENTRY = `${ROOT}client/ages_main.ts`;
export const AGES_BUNDLE = `${ROOT}static/build/ages.js`;
/** The enhancement script: its readable source, and the minified build pages load. */
export const ENHANCE_SOURCE = `${ROOT}static/enhance.js`;
export const ENHANCE_BUNDLE = `${ROOT}static/build/enhance.js`;

/** The tools' names, titles and descriptions, as the home page lists them, from the registry. */
export const TOOL_SUMMARIES = `${ROOT}tools/summaries.json`;

export async function toolSummaries(): Promise<string> {
  const { TOOLS } = await import("../tools/registry.ts");
  const summaries = TOOLS.map(({ name, title, description }) => ({ name, title, description }));
  return `${JSON.stringify(summaries, null, 2)}\n`;
}

/** Bundles `entry` (default the islands) minified into `outFile`; throws with deno's output. */
export async function buildIslands(
  outFile: string = ISLANDS_BUNDLE,
  entry: string = ISLANDS_ENTRY,
): Promise<Uint8Array> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["bundle", "--platform", "browser", "--minify", "--quiet", "-o", outFile, entry],
    cwd: ROOT,
    env: { RUST_BACKTRACE: "0", NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (code !== 0) {
    const decoder = new TextDecoder();
    throw new Error(`deno bundle failed:\n${decoder.decode(stdout)}${decoder.decode(stderr)}`);
  }
  return await Deno.readFile(outFile);
}

/** Size of `bytes` after gzip (what a browser downloads from a compressing server). */
export async function gzipSize(bytes: Uint8Array): Promise<number> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream("gzip"));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

export const VIEWS_OUT = `${ROOT}views/build`;
export const VIEW_SIZES = `${VIEWS_OUT}/sizes.json`;

/**
 * zod modules an MCP Apps view never runs, left out of its bundle: ext-apps and the MCP SDK
 * import zod as a namespace (`import { z } from "zod/v4"`, nothing tree-shaken), bringing every
 * locale, JSON Schema conversion and `z.compile`, though the App only parses messages (jitless).
 * Each is replaced by exports that throw if called, so a view reaching one fails loudly in the
 * browser tests. The locales keep English.
 */
const ZOD_LEFT_OUT = [
  "v4/core/json-schema-processors.js",
  "v4/core/to-json-schema.js",
  "v4/core/json-schema-generator.js",
  "v4/classic/from-json-schema.js",
  "v4/core/compile.js",
];

/** The esbuild plugin that leaves out {@link ZOD_LEFT_OUT} and the non-English locales. */
export function trimZod(): esbuild.Plugin {
  const zodFile = (path: string) => path.replaceAll("\\", "/").match(/\/zod\/(v4\/.+)$/)?.[1];
  return {
    name: "trim-zod",
    setup(build) {
      build.onLoad({ filter: /[\\/]zod[\\/]v4[\\/].*\.js$/ }, async ({ path }) => {
        const file = zodFile(path);
        if (file === "v4/locales/index.js") {
          return { contents: 'export { default as en } from "./en.js";', loader: "js" };
        }
        if (!file || !ZOD_LEFT_OUT.includes(file)) return undefined;
        const source = await Deno.readTextFile(path);
        const names = new Set<string>();
        for (
          const match of source.matchAll(
            /^export (?:async )?(?:function\*?|const|let|class) ([\w$]+)/gm,
          )
        ) {
          names.add(match[1]);
        }
        for (const match of source.matchAll(/^export \{([^}]*)\}/gm)) {
          for (const item of match[1].split(",")) {
            const name = item.trim().split(/\s+as\s+/).pop();
            if (name) names.add(name);
          }
        }
        const gone = `function gone(name) { return function () { throw new Error(` +
          `"zod's " + name + " is left out of this view (scripts/build.ts)"); }; }\n`;
        const exports = [...names].map((name) => `export const ${name} = gone("${name}");`);
        return { contents: gone + exports.join("\n"), loader: "js" };
      });
    },
  };
}

/** One view's HTML: its script and the views' style sheet inlined, with nothing from outside. */
function viewHtml(title: string, script: string, style: string): string {
  // An inline script ends at the first `</script`; the bundle must not hold one.
  const safe = script.replace(/<\/(script)/gi, "<\\/$1");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="papertrade-site" content="">
<title>Papertrade Explorer: ${title}</title>
<style>${style}</style>
</head>
<body>
<main>
<div id="view"><p class="muted">Waiting for the tool's answer from your assistant.</p></div>
<p id="status" role="status"></p>
</main>
<script type="module">${safe}</script>
</body>
</html>
`;
}

/** Builds every view into `outDir/<name>.html` (esbuild, minified, {@link trimZod}); sizes. */
export async function buildViews(
  outDir: string = VIEWS_OUT,
): Promise<Record<string, { bytes: number; gzipped: number }>> {
  await Deno.mkdir(outDir, { recursive: true });
  const style = (await esbuild.transform(await Deno.readTextFile(`${ROOT}views/view.css`), {
    loader: "css",
    minify: true,
  })).code.trim();
  const sizes: Record<string, { bytes: number; gzipped: number }> = {};
  try {
    for (const view of VIEWS) {
      const result = await esbuild.build({
        entryPoints: [`${ROOT}views/${view.name}.ts`],
        bundle: true,
        minify: true,
        format: "esm",
        platform: "browser",
        target: ["chrome111", "firefox113", "safari16.4"],
        legalComments: "none",
        write: false,
        plugins: [trimZod()],
        logLevel: "silent",
      });
      const script = new TextDecoder().decode(result.outputFiles[0].contents).trim();
      const bytes = new TextEncoder().encode(viewHtml(view.title, script, style));
      await Deno.writeFile(`${outDir}/${view.name}.html`, bytes);
      sizes[view.name] = { bytes: bytes.byteLength, gzipped: await gzipSize(bytes) };
    }
  } finally {
    await esbuild.stop();
  }
  return sizes;
}

export function viewSizesText(sizes: Record<string, { bytes: number; gzipped: number }>): string {
  return `${JSON.stringify(sizes, null, 2)}\n`;
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.toHex() === b.toHex();

async function report(label: string, bytes: Uint8Array): Promise<void> {
  console.log(`${label}: ${bytes.byteLength} bytes, ${await gzipSize(bytes)} bytes gzipped`);
}

async function main(): Promise<number> {
  const check = Deno.args.includes("--check");
  const outFile = check
    ? await Deno.makeTempFile({ prefix: "islands_", suffix: ".js" })
    : ISLANDS_BUNDLE;
  try {
    if (!check) {
      await Deno.mkdir(`${ROOT}static/build`, { recursive: true });
      await Deno.writeTextFile(TOOL_SUMMARIES, await toolSummaries());
      for (
        const [entry, bundle] of [
          [WATCHLIST_ENTRY, WATCHLIST_BUNDLE],
          [AGES_ENTRY, AGES_BUNDLE],
          [ENHANCE_SOURCE, ENHANCE_BUNDLE],
        ]
      ) await report(bundle.slice(ROOT.length), await buildIslands(bundle, entry));
    }
    const bytes = await buildIslands(outFile);
    await report(check ? "fresh build" : "static/build/islands.js", bytes);
    const viewsDir = check ? await Deno.makeTempDir({ prefix: "views_" }) : VIEWS_OUT;
    const sizes = await buildViews(viewsDir);
    for (const [name, size] of Object.entries(sizes)) {
      console.log(`views/build/${name}.html: ${size.bytes} bytes, ${size.gzipped} bytes gzipped`);
    }
    if (!check) {
      await Deno.writeTextFile(VIEW_SIZES, viewSizesText(sizes));
      return 0;
    }
    const committed = await Deno.readFile(ISLANDS_BUNDLE).catch(() => new Uint8Array());
    const stale = sameBytes(committed, bytes) ? [] : ["static/build/islands.js"];
    for (const name of Object.keys(sizes)) {
      const built = await Deno.readFile(`${viewsDir}/${name}.html`);
      const kept = await Deno.readFile(`${VIEWS_OUT}/${name}.html`).catch(() => new Uint8Array());
      if (!sameBytes(kept, built)) stale.push(`views/build/${name}.html`);
    }
    await Deno.remove(viewsDir, { recursive: true }).catch(() => {});
    console.log(
      stale.length === 0
        ? "committed builds are up to date"
        : `STALE: ${stale.join(", ")}: run deno task build`,
    );
    return stale.length === 0 ? 0 : 1;
  } finally {
    if (check) await Deno.remove(outFile).catch(() => {});
  }
}

if (import.meta.main) Deno.exit(await main());
