/**
 * An absolute link on the site URL (feeds, discovery): origin (trailing slash tolerated) plus a
 * root-relative path.
 */
export function siteLink(siteUrl: string, path: string): string {
  return siteUrl.replace(/\/+$/, "") + path;
}
