import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientBuildFolder } from "../server/paths.ts";
import { startTestApp, type TestApp } from "../tests/support/app.ts";

/** The `<link>` and `<style>` tags of a page's head, in document order. */
function headTags(html: string) {
  const head = html.slice(0, html.indexOf("</head>"));
  return [...head.matchAll(/<link\b([^>]*)>|<style\b([^>]*)>([\s\S]*?)<\/style>/g)].map(
    ([tag, linkAttributes, styleAttributes, text]) => {
      const attribute = (name: string) =>
        new RegExp(`\\b${name}="([^"]+)"`).exec(linkAttributes ?? styleAttributes ?? "")?.[1];
      return linkAttributes !== undefined
        ? { tag, rel: attribute("rel"), href: attribute("href") }
        : { tag, rel: "inline-style", href: attribute("data-href"), text };
    },
  );
}

// Issue 16: over HTTP/1.1 a browser opens six connections to the shop, and requests go out in
// the order the HTML names them. The stylesheet holds back the first paint; the module scripts
// do not. So the stylesheet comes with the page, ahead of the module preloads (decision 0024).
describe("the document's head", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp("pglite");
  });
  afterAll(() => app.close());

  it.each(["/", "/products", "/products/mothwing-cathedral-logo-longsleeve"])(
    "carries the built stylesheet before every module preload on %s",
    async (path) => {
      const response = await app.fetch(path);
      expect(response.status).toBe(200);
      const tags = headTags(await response.text());
      const styleAt = tags.findIndex((tag) => tag.rel === "inline-style");
      const style = tags[styleAt];
      expect(style?.href).toMatch(/^\/assets\/app-[\w-]+\.css$/);
      expect(style?.text).toBe(readFileSync(join(clientBuildFolder, style?.href ?? ""), "utf8"));
      // Nothing asks for the stylesheet's file as well.
      expect(tags.filter((tag) => tag.rel === "stylesheet")).toEqual([]);
      const firstModulePreload = tags.findIndex((tag) => tag.rel === "modulepreload");
      expect(firstModulePreload).toBeGreaterThan(styleAt);
    },
  );
});
