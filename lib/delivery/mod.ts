/** How responses travel: compression, and content-hashed static assets with long lifetimes. */
export { compression, type CompressionOptions } from "./compression.ts";
export {
  appStaticAssets,
  assetUrl,
  IMMUTABLE,
  loadStaticAssets,
  SHORT_LIVED,
  type StaticAsset,
  staticAssets,
} from "./static_assets.ts";
