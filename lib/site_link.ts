/** Absolute links on the configured site URL, for every face that writes one (feeds, discovery). */
/** Joins the site origin and a root-relative path, tolerating a trailing slash on the origin. */
export function siteLink(siteUrl: string, path: string): string {
  return siteUrl.replace(/\/+$/, "") + path;
}
