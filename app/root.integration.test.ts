import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../tests/support/app.ts";
import { DEFERRED_MODULE_TYPE } from "./lib/deferred-scripts.server.ts";

/** The `<link>` tags of a page's head, in document order, as `rel href`. */
function headLinks(html: string): string[] {
  const head = html.slice(0, html.indexOf("</head>"));
  return [...head.matchAll(/<link\b[^>]*>/g)].map(([tag]) => {
    const rel = /\brel="([^"]+)"/.exec(tag)?.[1];
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    return `${rel} ${href}`;
  });
}

/** The opening tags of a page's `<script>` elements, in document order. */
const scriptTags = (html: string) => [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);

const pages = ["/", "/products", "/products/mothwing-cathedral-logo-longsleeve"];

// Issue 16: a phone on a slow connection paints once the HTML, the stylesheet and the LCP image
// have come. The page's scripts (some 120 KB) must not share the connection with them: the
// page names none of them, and a loader fetches them once the page has painted.
describe("the document's scripts", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("pglite");
  });
  afterAll(() => app.close());

  it.each(pages)(
    "names the stylesheet, and no script to preload, in the head of %s",
    async (path) => {
      const response = await app.fetch(path);
      expect(response.status).toBe(200);
      const links = headLinks(await response.text());
      expect(links.filter((link) => link.startsWith("stylesheet "))).toEqual([
        expect.stringMatching(/^stylesheet \/assets\/app-[\w-]+\.css$/),
      ]);
      expect(links.filter((link) => link.startsWith("modulepreload "))).toEqual([]);
    },
  );

  it.each(pages)("loads no script on %s before the page has painted", async (path) => {
    const response = await app.fetch(path);
    const html = await response.text();
    // The page's own scripts are inline (a kept page's allowed by their hashes, decision 0035);
    // none is a module (whose imports the browser would fetch at once) and none has a src. React
    // Router's module is kept as text, in an element nothing runs, for the loader to run.
    expect(response.headers.get("content-security-policy")).toMatch(/'sha256-/);
    const tags = scriptTags(html).filter((tag) => !tag.includes('type="application/ld+json"'));
    const executable = tags.filter((tag) => !tag.includes(`type="${DEFERRED_MODULE_TYPE}"`));
    expect(tags.length - executable.length).toBe(1);
    expect(executable.length).toBeGreaterThan(1);
    for (const tag of executable) expect(tag).toBe("<script>");
    // The kept module imports the entry, which the loader runs once the page has painted.
    expect(html).toMatch(
      new RegExp(`type="${DEFERRED_MODULE_TYPE}">[^<]*"/assets/entry\\.client-[\\w-]+\\.js"`),
    );
    expect(html).toContain("loadScriptsAfterFirstPaint");
  });
});
