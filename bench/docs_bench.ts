/**
 * Docs throughput, side by side in one run: a docs page rendered from scratch (a fresh docs cache
 * for every request: file read, markdown, sanitising, layout), the same page from the cache, and a
 * static file of the same size served by the same app. One Hono app on `Deno.serve`
 * (127.0.0.1, random port); an in-process load generator with 16 concurrent fetch loops;
 * 3 rounds of 2 s per scenario, interleaved so drift hits every scenario alike.
 *
 * Run: deno run -A bench/docs_bench.ts [page-slug]
 */
import { Hono } from "hono";
import { serveStatic } from "hono/deno";
import { TOOLS as SAMPLE_TOOLS } from "../tools/registry.ts";
import { findDocsPage } from "../lib/docs/pages.ts";
import { createDocsSite } from "../lib/docs/site.ts";
import { docsRoutes } from "../routes/docs.tsx";

const ROUNDS = 3;
const ROUND_MS = 2000;
const WARMUP_MS = 300;
const CONCURRENCY = 16;
const SITE_URL = "http://127.0.0.1";

const slug = Deno.args[0] ?? "concepts";
const page = findDocsPage(slug);
if (!page || slug === "index") {
  throw new Error(`no docs page "${slug}" (the overview is not benched)`);
}

function buildApp(staticDir: string): Hono {
  const site = createDocsSite({ siteUrl: SITE_URL, tools: SAMPLE_TOOLS });
  const app = new Hono();
  // First render: a new, empty docs cache for this one request.
  app.get("/fresh/docs/:slug", (c) => {
    const fresh = createDocsSite({ siteUrl: SITE_URL, tools: SAMPLE_TOOLS });
    const url = new URL(c.req.url);
    url.pathname = `/docs/${c.req.param("slug")}`;
    return docsRoutes({ siteUrl: SITE_URL, tools: SAMPLE_TOOLS, site: fresh }).fetch(
      new Request(url, c.req.raw),
    );
  });
  app.route("/", docsRoutes({ siteUrl: SITE_URL, tools: SAMPLE_TOOLS, site }));
  app.use(
    "/bench-static/*",
    serveStatic({ root: staticDir, rewriteRequestPath: (p) => p.slice(13) }),
  );
  return app;
}

/** Runs CONCURRENCY fetch loops against `url` for `ms`; returns completed requests per second. */
async function load(url: string, ms: number, expectedBytes: number): Promise<number> {
  const deadline = performance.now() + ms;
  let done = 0;
  const worker = async () => {
    while (performance.now() < deadline) {
      const response = await fetch(url);
      const body = await response.arrayBuffer();
      if (response.status !== 200 || Math.abs(body.byteLength - expectedBytes) > 64) {
        throw new Error(`${url}: status ${response.status}, ${body.byteLength} bytes`);
      }
      done++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return done / ((performance.now() - started) / 1000);
}

const staticDir = await Deno.makeTempDir({ prefix: "docs_bench_" });
const server = Deno.serve(
  { hostname: "127.0.0.1", port: 0, onListen: () => {} },
  buildApp(staticDir).fetch,
);
try {
  const origin = `http://127.0.0.1:${server.addr.port}`;
  const pageBytes = (await (await fetch(`${origin}/docs/${slug}`)).arrayBuffer()).byteLength;
  // A static file exactly as large as the rendered page, so the comparison is about work, not size.
  await Deno.writeFile(`${staticDir}/page.html`, new Uint8Array(pageBytes).fill(0x61));
  const scenarios = [
    { name: "first render (cache cleared per request)", url: `${origin}/fresh/docs/${slug}` },
    { name: "cached render", url: `${origin}/docs/${slug}` },
    { name: `static file (${pageBytes} B)`, url: `${origin}/bench-static/page.html` },
  ];
  for (const scenario of scenarios) await load(scenario.url, WARMUP_MS, pageBytes);
  const results = scenarios.map(() => [] as number[]);
  for (let round = 0; round < ROUNDS; round++) {
    // Rotate the order each round so no scenario always runs first or last.
    for (let step = 0; step < scenarios.length; step++) {
      const index = (step + round) % scenarios.length;
      results[index].push(await load(scenarios[index].url, ROUND_MS, pageBytes));
    }
  }
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const fmt = (value: number) => value.toFixed(0).padStart(7);
  console.log(
    `\nDocs page /docs/${slug}: ${pageBytes} bytes; ${CONCURRENCY} concurrent fetches, ` +
      `${ROUNDS} rounds x ${ROUND_MS / 1000} s, Deno ${Deno.version.deno}\n`,
  );
  console.log(
    `| scenario | ${results[0].map((_, i) => `round ${i + 1}`).join(" | ")} | mean req/s |`,
  );
  console.log(`| --- | ${results[0].map(() => "---:").join(" | ")} | ---: |`);
  scenarios.forEach((scenario, index) => {
    console.log(
      `| ${scenario.name} | ${results[index].map(fmt).join(" | ")} | ${
        fmt(mean(results[index]))
      } |`,
    );
  });
  const ratio = mean(results[1]) / mean(results[2]);
  console.log(
    `\ncached / static = ${ratio.toFixed(2)} (target >= 0.80: ${ratio >= 0.8 ? "met" : "NOT met"})`,
  );
  console.log(`cached / first render = ${(mean(results[1]) / mean(results[0])).toFixed(1)}x`);
} finally {
  await server.shutdown();
  await Deno.remove(staticDir, { recursive: true });
}
