import { Marked } from "marked";
import { sanitizeRichText } from "../platform/index.ts";

/** A heading's anchor: lower case words joined by hyphens ("1. Who we are" → "who-we-are"). */
export function headingId(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/&[a-z#0-9]+;/g, "")
      .replace(/^[0-9.\s]+/, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "section"
  );
}

const marked = new Marked({
  gfm: true,
  renderer: {
    heading({ tokens, depth }) {
      const inner = this.parser.parseInline(tokens);
      if (depth !== 2 && depth !== 3) return `<h${depth}>${inner}</h${depth}>\n`;
      return `<h${depth} id="${headingId(inner.replace(/<[^>]+>/g, ""))}">${inner}</h${depth}>\n`;
    },
  },
});

/**
 * Markdown as the seed and staff write it, to the sanitised HTML the shop stores: `##` and `###`
 * headings get ids for the contents list, and the result keeps only the rich-text allow-list.
 */
export function markdownToHtml(markdown: string): string {
  return sanitizeRichText(marked.parse(markdown, { async: false }));
}
