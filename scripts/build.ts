/**
 * Builds the island bundle: `deno bundle --platform browser --minify` of `client/main.ts`
 * into `static/build/islands.js`, then reports its size raw and gzipped. Also writes
 * `tools/summaries.json` from the registry, so the home page lists the tools without loading
 * them (and viem with them) on a cold start.
 *
 * Run: deno task build            (writes static/build/islands.js)
 *      deno task build --check    (builds to a temp file; fails if the committed bundle differs)
 *
 * The first run fetches esbuild from npm.
 */
import { fileURLToPath } from "node:url";

/** The repository root. */
export const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** Browser entry of the islands. */
export const ISLANDS_ENTRY = `${ROOT}client/main.ts`;
/** Where the bundle is served from (`/static/build/islands.js`). */
export const ISLANDS_BUNDLE = `${ROOT}static/build/islands.js`;

/** The watchlist page's entry and bundle (its one island, so the wallet page does not load it). */
export const WATCHLIST_ENTRY = `${ROOT}client/watchlist_main.ts`;
export const WATCHLIST_BUNDLE = `${ROOT}static/build/watchlist.js`;

/** The ticking ages' entry and bundle (`Time` ages on pages without islands keep counting). */
export const AGES_ENTRY = `${ROOT}client/ages_main.ts`;
export const AGES_BUNDLE = `${ROOT}static/build/ages.js`;

/** The enhancement script's source (readable) and its minified build (what pages load). */
export const ENHANCE_SOURCE = `${ROOT}static/enhance.js`;
/** Where the minified enhancement script is served from (`/static/build/enhance.js`). */
export const ENHANCE_BUNDLE = `${ROOT}static/build/enhance.js`;

/** The tools' names, titles and descriptions, as the home page lists them. */
export const TOOL_SUMMARIES = `${ROOT}tools/summaries.json`;

/** {@link TOOL_SUMMARIES}'s text, from the registry. */
export async function toolSummaries(): Promise<string> {
  const { TOOLS } = await import("../tools/registry.ts");
  const summaries = TOOLS.map(({ name, title, description }) => ({ name, title, description }));
  return `${JSON.stringify(summaries, null, 2)}\n`;
}

/**
 * Bundles (minified) `entry`, the islands by default, into `outFile`; throws with deno's output
 * when bundling fails.
 */
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

async function main(): Promise<number> {
  const check = Deno.args.includes("--check");
  let outFile = ISLANDS_BUNDLE;
  if (check) {
    outFile = await Deno.makeTempFile({ prefix: "islands_", suffix: ".js" });
  } else {
    await Deno.mkdir(`${ROOT}static/build`, { recursive: true });
  }
  try {
    if (!check) {
      await Deno.writeTextFile(TOOL_SUMMARIES, await toolSummaries());
      const watchlist = await buildIslands(WATCHLIST_BUNDLE, WATCHLIST_ENTRY);
      console.log(`static/build/watchlist.js: ${await gzipSize(watchlist)} bytes gzipped`);
      const ages = await buildIslands(AGES_BUNDLE, AGES_ENTRY);
      console.log(`static/build/ages.js: ${await gzipSize(ages)} bytes gzipped`);
      const enhance = await buildIslands(ENHANCE_BUNDLE, ENHANCE_SOURCE);
      console.log(
        `static/build/enhance.js: ${enhance.byteLength} bytes, ${await gzipSize(
          enhance,
        )} bytes gzipped`,
      );
    }
    const bytes = await buildIslands(outFile);
    const label = check ? "fresh build" : "static/build/islands.js";
    console.log(`${label}: ${bytes.byteLength} bytes, ${await gzipSize(bytes)} bytes gzipped`);
    if (!check) return 0;
    const committed = await Deno.readFile(ISLANDS_BUNDLE).catch(() => new Uint8Array());
    const same = committed.byteLength === bytes.byteLength &&
      committed.every((byte, index) => byte === bytes[index]);
    console.log(
      same ? "committed bundle is up to date" : "committed bundle is STALE: run deno task build",
    );
    return same ? 0 : 1;
  } finally {
    if (check) await Deno.remove(outFile).catch(() => {});
  }
}

if (import.meta.main) Deno.exit(await main());
