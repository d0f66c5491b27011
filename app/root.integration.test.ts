import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../tests/support/app.ts";

/** The `<link>` tags of a page's head, in document order, as `rel href`. */
function headLinks(html: string): string[] {
  const head = html.slice(0, html.indexOf("</head>"));
  return [...head.matchAll(/<link\b[^>]*>/g)].map(([tag]) => {
    const rel = /\brel="([^"]+)"/.exec(tag)?.[1];
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    return `${rel} ${href}`;
  });
}

// Issue 16: over HTTP/1.1 a browser opens six connections to the shop, and requests go out in
// the order the HTML names them. The stylesheet holds back the first paint; the module scripts
// do not, so they must not take the connections first.
describe("the document's head", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("pglite");
  });
  afterAll(() => app.close());

  it.each(["/", "/products", "/products/mothwing-cathedral-logo-longsleeve"])(
    "names the stylesheet before every module preload on %s",
    async (path) => {
      const response = await app.fetch(path);
      expect(response.status).toBe(200);
      const links = headLinks(await response.text());
      const stylesheets = links.flatMap((link, index) =>
        link.startsWith("stylesheet ") ? [index] : [],
      );
      const modulePreloads = links.flatMap((link, index) =>
        link.startsWith("modulepreload ") ? [index] : [],
      );
      expect(stylesheets.map((index) => links[index])).toEqual([
        expect.stringMatching(/^stylesheet \/assets\/app-[\w-]+\.css$/),
      ]);
      expect(modulePreloads.length).toBeGreaterThan(3);
      expect(stylesheets[0]).toBeLessThan(Math.min(...modulePreloads));
    },
  );
});
