import sanitizeHtml from "sanitize-html";

/**
 * security.md #22: staff rich text (product descriptions, band stories, articles) keeps only an
 * allow-list of tags and attributes; scripts, handlers, styles and javascript: links are removed.
 * Applied when text is written and again when it is rendered.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      "p",
      "br",
      "strong",
      "em",
      "b",
      "i",
      "u",
      "ul",
      "ol",
      "li",
      "h2",
      "h3",
      "h4",
      "blockquote",
      "a",
      "table",
      "thead",
      "tbody",
      "tr",
      "th",
      "td",
    ],
    // Heading ids are the anchors of a page's contents list.
    allowedAttributes: {
      a: ["href", "title", "rel"],
      h2: ["id"],
      h3: ["id"],
      th: ["scope"],
      table: ["tabindex"],
    },
    allowedSchemes: ["https", "http", "mailto"],
    allowProtocolRelative: false,
    transformTags: {
      a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer nofollow" }),
      // A wide table scrolls sideways inside itself on a phone (WCAG 1.4.10); focusable, the
      // keyboard can scroll it too (WCAG 2.1.1). Whatever else the writer put on it goes.
      table: () => ({ tagName: "table", attribs: { tabindex: "0" } }),
    },
  });
}
