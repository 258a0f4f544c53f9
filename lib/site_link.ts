/** An absolute link (feeds, discovery): the site URL, trailing slash tolerated, plus a path. */
export function siteLink(siteUrl: string, path: string): string {
  return siteUrl.replace(/\/+$/, "") + path;
}
