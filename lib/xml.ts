/** XML text for the documents the explorer writes (the sitemap, the Atom feeds). */
const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

const UNSAYABLE =
  // deno-lint-ignore no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufffe\uffff]/g;

/**
 * Text safe in an XML element or attribute: markup escaped; the controls XML 1.0 cannot carry and
 * bidi overrides that make a name read otherwise (upstream names may hold both) removed.
 */
export function escapeXml(text: string): string {
  return text.replace(UNSAYABLE, "").replace(/[&<>"']/g, (char) => XML_ESCAPES[char]);
}
