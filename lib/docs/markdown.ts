/**
 * Markdown to HTML: marked with GitHub heading ids, alerts and footnotes. The docs are trusted, so
 * no sanitizer runs (sanitize-html cost about 385 ms at startup); still, raw HTML is escaped
 * (tag names kept, attributes dropped; only the tool reference's empty anchors pass), and a link
 * whose scheme is not http, https or mailto loses its href.
 */
import { Marked, type Tokens } from "marked";
import { getHeadingList, gfmHeadingId } from "marked-gfm-heading-id";
import markedAlert from "marked-alert";
import markedFootnote from "marked-footnote";
import { escapeText } from "./tool_reference.ts";

/** A heading of a rendered page, for the "On this page" list and search. */
export interface DocsHeading {
  level: number;
  id: string;
  text: string;
}

const ALERT_TYPES = ["note", "tip", "important", "warning", "caution"];

let marked: Marked | undefined;

/** Renders markdown to HTML, with a `#` anchor link in each h2 to h4. */
export function renderMarkdown(markdown: string): { html: string; headings: DocsHeading[] } {
  marked ??= new Marked(
    { gfm: true, async: false },
    gfmHeadingId(),
    // Icons left out: the title text says what kind of alert it is and keeps SVG out of pages.
    markedAlert({ variants: ALERT_TYPES.map((type) => ({ type, icon: "" })) }),
    markedFootnote(),
    {
      renderer: {
        // The tool reference's own anchors for old links (`<a id="get_wallet"></a>`) stay.
        html: (token: Tokens.HTML | Tokens.Tag) =>
          /^(<a id="[\w-]+">)?(<\/a>)?\s*$/.test(token.text)
            ? token.text
            : escapeText(token.text.replace(/<(\/?[a-zA-Z][\w-]*)[^>]*>/g, "<$1>")),
        link(token: Tokens.Link): string | false {
          // Relative links and fragments pass; anything with another scheme is text.
          return /^([a-z][a-z0-9+.-]*:)/i.test(token.href) && !/^(https?|mailto):/i.test(token.href)
            ? this.parser.parseInline(token.tokens)
            : false;
        },
        code(token: Tokens.Code): string {
          const language = (token.lang ?? "").match(/^[\w+-]+/)?.[0];
          const languageClass = language ? ` class="language-${language}"` : "";
          // The button stays hidden until the enhancement script can make it work.
          return `<div class="code-block"><button type="button" class="copy" data-copy hidden="hidden">` +
            `Copy</button><pre><code${languageClass}>${escapeText(token.text)}\n</code></pre>` +
            `</div>\n`;
        },
      },
    },
  );
  const parsed = marked.parse(markdown, { async: false }) as string;
  // Copied now: the heading extension keeps its list in module state, reset on the next parse.
  const headings = getHeadingList().map(({ level, id, raw }) => ({ level, id, text: raw }));
  const withAnchors = parsed.replace(
    /<h([234]) id="([^"]+)">([\s\S]*?)<\/h\1>/g,
    (_match, level: string, id: string, inner: string) =>
      `<h${level} id="${id}">${inner} <a class="anchor" href="#${id}" ` +
      `aria-label="Link to this section">#</a></h${level}>`,
  );
  return { html: withAnchors, headings };
}
