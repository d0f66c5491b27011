import { createHash } from "node:crypto";

// A script element (its text cannot hold "</script", which ends it), or any other start tag.
const SCRIPT_OR_TAG = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>|<[a-z][^>]*>/gi;
const SOURCE_ATTRIBUTE = /\ssrc\s*=/i;

/**
 * The CSP source that allows an inline script by its text (`sha256-…`), as a browser works it
 * out: over the text's UTF-8 bytes, its line breaks read as LF as the HTML parser reads them.
 */
export function scriptHash(text: string): string {
  const digest = createHash("sha256").update(text.replace(/\r\n?/g, "\n"), "utf8").digest("base64");
  return `sha256-${digest}`;
}

/**
 * A page rendered for one request, made fit to be handed to many (docs/decisions/0035): every
 * element that carries the render's `nonce` loses it (scripts, and the links React Router gives
 * it too), and each inline script that carried it is allowed by the hash of its text instead. A
 * script without the nonce (JSON-LD, or anything that found its way into the page's text) is
 * left as it is and allowed by nothing, as the nonce allowed nothing the render did not write.
 * Undefined when the nonce is still somewhere in the page after that: a page that would hand its
 * nonce to others is not kept.
 */
export function hashInlineScripts(
  html: string,
  nonce: string,
): { html: string; hashes: string[] } | undefined {
  const attribute = ` nonce="${nonce}"`;
  const hashes = new Set<string>();
  const rewritten = html.replace(
    SCRIPT_OR_TAG,
    (element, attributes: string | undefined, text: string | undefined) => {
      // The start tag comes first, so this replaces the attribute, never a script's text.
      if (!element.includes(attribute)) return element;
      if (attributes === undefined) return element.replace(attribute, "");
      if (!attributes.includes(attribute)) return element;
      if (!SOURCE_ATTRIBUTE.test(attributes)) hashes.add(scriptHash(text ?? ""));
      return element.replace(attribute, "");
    },
  );
  if (rewritten.includes(nonce)) return undefined;
  return { html: rewritten, hashes: [...hashes] };
}
