/**
 * Staff rich text (descriptions, stories). The HTML must come from sanitizeRichText on the server
 * (security.md #22: an allow-list of tags, no scripts, handlers or javascript: links).
 */
export function RichText({ html, className = "" }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitised it with an allow-list.
  return <div className={`rich-text ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
