/**
 * Content-hashed static assets: every file under `static/` is read once, fingerprinted (10 hex
 * digits) and kept in memory; pages link `/static/style.<hash>.css` ({@link assetUrl}), served
 * immutable for a year, so a deploy's new hash is a new URL. Plain names still work, briefly
 * cached, for outside links. Paths that cannot name one of our files (NUL bytes, dot segments,
 * odd characters, very long names) are refused first, or they would reach the file system
 * (`serveStatic`) and log an error per junk request.
 */
import type { MiddlewareHandler } from "hono";

/** Lifetime of a hashed URL: its content can never change. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** Lifetime of a plain (unhashed) name, whose content changes with each deploy. */
const SHORT_LIVED = "public, max-age=300, must-revalidate";

/** `path` `/static/style.css` is also served as `hashedPath` `/static/style.0123456789.css`. */
export interface StaticAsset {
  path: string;
  hashedPath: string;
  hash: string;
  bytes: Uint8Array;
  contentType: string;
}

const CONTENT_TYPES: Record<string, string> = {
  css: "text/css; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  svg: "image/svg+xml",
  json: "application/json; charset=utf-8",
  txt: "text/plain; charset=utf-8",
  png: "image/png",
  ico: "image/x-icon",
  woff2: "font/woff2",
};

/** Reads and hashes every file under `dir` (sync: pages need the names while rendering). */
function loadStaticAssets(dir: URL): Map<string, StaticAsset> {
  const assets = new Map<string, StaticAsset>();
  const walk = (folder: URL, prefix: string) => {
    for (const entry of Deno.readDirSync(folder)) {
      if (entry.isDirectory) walk(new URL(`${entry.name}/`, folder), `${prefix}${entry.name}/`);
      if (!entry.isFile) continue;
      const bytes = Deno.readFileSync(new URL(entry.name, folder));
      const path = `/static/${prefix}${entry.name}`;
      const hash = hashOf(bytes);
      const dot = path.lastIndexOf(".");
      const extension = dot > path.lastIndexOf("/") ? path.slice(dot + 1) : "";
      const hashedPath = extension
        ? `${path.slice(0, dot)}.${hash}.${extension}`
        : `${path}.${hash}`;
      assets.set(path, {
        path,
        hashedPath,
        hash,
        bytes,
        contentType: CONTENT_TYPES[extension] ?? "application/octet-stream",
      });
    }
  };
  walk(dir, "");
  return assets;
}

let defaultAssets: Map<string, StaticAsset> | undefined;

/** The app's own `static/` folder, loaded on first use. */
export function appStaticAssets(): Map<string, StaticAsset> {
  defaultAssets ??= loadStaticAssets(new URL("../../static/", import.meta.url));
  return defaultAssets;
}

/** The hashed URL of a file under `/static/` (unchanged if there is no such file). */
export function assetUrl(path: string): string {
  return appStaticAssets().get(path)?.hashedPath ?? path;
}

/** A path that could be one of the files under `static/`. */
const SAFE_STATIC_PATH = /^\/static(\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}){1,6}$/;

/**
 * Serves `/static/*` from memory: hashed names as immutable, plain names briefly; junk paths go
 * straight to the not-found answer; anything else falls through (to `serveStatic`, or a 404).
 */
export function staticAssets(): MiddlewareHandler {
  let byHashedPath: Map<string, StaticAsset> | undefined;
  return async (c, next) => {
    if (c.req.path.length > 400 || !SAFE_STATIC_PATH.test(c.req.path)) return c.notFound();
    // Read on the first static request, not when the app is built.
    const assets = appStaticAssets();
    byHashedPath ??= new Map([...assets.values()].map((asset) => [asset.hashedPath, asset]));
    const hashed = byHashedPath.get(c.req.path);
    const asset = hashed ?? assets.get(c.req.path);
    if (!asset || (c.req.method !== "GET" && c.req.method !== "HEAD")) return await next();
    // The app's `etag` middleware answers If-None-Match with 304.
    const headers = {
      "content-type": asset.contentType,
      "cache-control": hashed ? IMMUTABLE : SHORT_LIVED,
      "etag": `"${asset.hash}"`,
    };
    if (c.req.method === "HEAD") return c.body(null, 200, headers);
    return c.body(asset.bytes.slice(), 200, headers);
  };
}

// A fingerprint for cache-busting names, not security: FNV-1a over two 32-bit lanes, synchronous
// (pages need the names while rendering) and without loading node:crypto on a cold start.
function hashOf(bytes: Uint8Array): string {
  let low = 0x811c9dc5;
  let high = 0x050c5d1f;
  for (const byte of bytes) {
    low = Math.imul(low ^ byte, 0x01000193);
    high = Math.imul(high ^ byte, 0x5bd1e995);
  }
  const hex = (lane: number) => (lane >>> 0).toString(16).padStart(8, "0");
  return (hex(high) + hex(low)).slice(0, 10);
}
