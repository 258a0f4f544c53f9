/**
 * Markdown to safe HTML: marked with GitHub heading ids, alerts and footnotes, then sanitize-html
 * with an allow-list of exactly what this renderer produces. Disallowed tags are escaped rather
 * than dropped, so `<script>` in a page shows up as text instead of vanishing silently.
 */
import { Marked, type Tokens } from "marked";
import { getHeadingList, gfmHeadingId } from "marked-gfm-heading-id";
import markedAlert from "marked-alert";
import markedFootnote from "marked-footnote";
import sanitizeHtmlUntyped from "sanitize-html";

/** A heading of a rendered page, for the "On this page" list and search. */
export interface DocsHeading {
  level: number;
  id: string;
  /** Plain text of the heading. */
  text: string;
}

/** The HTML of a page and its headings. */
export interface RenderedMarkdown {
  html: string;
  headings: DocsHeading[];
}

interface SanitizeOptions {
  allowedTags: string[];
  allowedAttributes: Record<string, string[]>;
  allowedClasses: Record<string, Array<string | RegExp>>;
  allowedSchemes: string[];
  allowProtocolRelative: boolean;
  disallowedTagsMode: "escape";
}

// sanitize-html ships no types; this is the one call we make.
const sanitizeHtml = sanitizeHtmlUntyped as (html: string, options: SanitizeOptions) => string;

const HEADING_TAGS = ["h1", "h2", "h3", "h4", "h5", "h6"];

const SANITIZE_OPTIONS: SanitizeOptions = {
  allowedTags: [
    ...HEADING_TAGS,
    ...["p", "a", "ul", "ol", "li", "blockquote", "hr", "br", "strong", "em", "del", "code"],
    ...["pre", "table", "thead", "tbody", "tr", "th", "td", "sup", "section", "div", "button"],
    ...["input", "span", "kbd"],
  ],
  allowedAttributes: {
    ...Object.fromEntries(HEADING_TAGS.map((tag) => [tag, ["id"]])),
    a: [
      "href",
      "id",
      "aria-label",
      "aria-describedby",
      "data-footnote-ref",
      "data-footnote-backref",
    ],
    li: ["id"],
    th: ["align"],
    td: ["align"],
    section: ["data-footnotes"],
    button: ["type", "data-copy", "hidden", "aria-label"],
    // GFM task lists render disabled checkboxes.
    input: ["type", "checked", "disabled"],
  },
  allowedClasses: {
    code: [/^language-[\w+-]+$/],
    div: ["code-block", /^markdown-alert(-[a-z]+)?$/],
    p: ["markdown-alert-title"],
    a: ["anchor"],
    h2: ["sr-only"],
    section: ["footnotes"],
    button: ["copy"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowProtocolRelative: false,
  disallowedTagsMode: "escape",
};

const ALERT_TYPES = ["note", "tip", "important", "warning", "caution"];

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
}

function createMarked(): Marked {
  return new Marked(
    { gfm: true, async: false },
    gfmHeadingId(),
    // Icons left out: the title text says what kind of alert it is and keeps SVG out of pages.
    markedAlert({ variants: ALERT_TYPES.map((type) => ({ type, icon: "" })) }),
    markedFootnote(),
    {
      renderer: {
        code(token: Tokens.Code): string {
          const language = (token.lang ?? "").match(/^[\w+-]+/)?.[0];
          const languageClass = language ? ` class="language-${language}"` : "";
          // The button stays hidden until the enhancement script can make it work.
          return `<div class="code-block"><button type="button" class="copy" data-copy hidden="hidden">` +
            `Copy</button><pre><code${languageClass}>${escapeHtml(token.text)}\n</code></pre>` +
            `</div>\n`;
        },
      },
    },
  );
}

let marked: Marked | undefined;

/** Renders markdown to sanitised HTML, with a `#` anchor link in each h2 to h4. */
export function renderMarkdown(markdown: string): RenderedMarkdown {
  marked ??= createMarked();
  const raw = marked.parse(markdown, { async: false }) as string;
  // Copied now: the heading extension keeps its list in module state, reset on the next parse.
  const headings = getHeadingList().map((heading) => ({
    level: heading.level,
    id: heading.id,
    text: heading.raw,
  }));
  const withAnchors = raw.replace(
    /<h([234]) id="([^"]+)">([\s\S]*?)<\/h\1>/g,
    (_match, level: string, id: string, inner: string) =>
      `<h${level} id="${id}">${inner} <a class="anchor" href="#${id}" ` +
      `aria-label="Link to this section">#</a></h${level}>`,
  );
  return { html: sanitizeHtml(withAnchors, SANITIZE_OPTIONS), headings };
}
