import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { clientBuildFolder } from "../server/paths.ts";

type RouteManifest = {
  entry: { module: string; imports: string[] };
  routes: Record<string, { module: string; imports?: string[] }>;
};

// What the browser downloads is built from components, stores and the helpers they import. The
// API's zod schemas live in common/ beside plain values; one value import from a schema file
// once put zod (25 KB gzip) into the product page. Types are free: they vanish in the build.
describe("the browser's JavaScript", () => {
  const assets = join(clientBuildFolder, "assets");
  const scripts = readdirSync(assets).filter((name) => name.endsWith(".js"));
  const read = (name: string) => readFileSync(join(assets, name), "utf8");

  // React Router's manifest says which scripts a page's HTML preloads: the entry, and each
  // matched route's module with its imports (what its <Scripts> renders before hydration).
  const manifestFile = scripts.find((name) => name.startsWith("manifest-"));
  const manifest: RouteManifest = JSON.parse(
    read(manifestFile ?? "")
      .replace(/^window\.__reactRouterManifest=/, "")
      .replace(/;\s*$/, ""),
  );
  const firstScripts = (routeIds: string[]) => {
    const paths = [manifest.entry.module, ...manifest.entry.imports];
    for (const id of routeIds) {
      const route = manifest.routes[id];
      if (!route) throw new Error(`no route ${id} in the manifest`);
      paths.push(route.module, ...(route.imports ?? []));
    }
    return [...new Set(paths.map((path) => path.replace(/^\/assets\//, "")))];
  };
  const productPage = firstScripts(["root", "routes/layouts/default", "routes/shop/products-view"]);
  const productsIndex = firstScripts([
    "root",
    "routes/layouts/default",
    "routes/shop/products-index",
  ]);

  it("holds no zod and no server code", () => {
    expect(scripts.length).toBeGreaterThan(5);
    // The API reference page's own bundle (Scalar, with its own zod) loads on /api/docs alone.
    const shopScripts = scripts.filter((name) => !name.startsWith("scalar-"));
    const leaks = shopScripts.filter((name) =>
      /\$ZodType|ZodError|drizzle-orm|node:crypto/.test(read(name)),
    );
    expect(leaks).toEqual([]);
  });

  // Issue 17: what the first paint does not need comes after hydration or on first use.
  it("keeps the banner, consent, GA4, drawer, start-up and build check out of a product page's first scripts", () => {
    const later = ["cookie-banner", "consent", "basket-drawer", "startup", "build-check"];
    for (const part of later) {
      expect(scripts.some((name) => name.startsWith(`${part}-`))).toBe(true);
    }
    expect(productPage.filter((name) => later.some((part) => name.startsWith(`${part}-`)))).toEqual(
      [],
    );
    // Nor is their code folded into another of those scripts.
    const code = productPage.map(read).join("\n");
    for (const marker of ["Cookie choices", "googletagmanager", "basket-drawer-title"]) {
      expect(code).not.toContain(marker);
    }
  });

  // Issue 16: each first script is a request a phone waits on before its first paint; the
  // shell's small modules arrive as one chunk (vite.config.ts), not some twenty files of 1–2 KB.
  it("gives a product page at most 24 first scripts, the shell's own modules in one chunk", () => {
    expect(productPage.filter((name) => name.startsWith("shell-"))).toHaveLength(2);
    expect(productPage.length).toBeLessThanOrEqual(24);
  });

  it("keeps the phone filter sheet (Radix dialog) out of the listing's first scripts", () => {
    expect(scripts.some((name) => name.startsWith("filter-sheet-"))).toBe(true);
    const code = productsIndex.map(read).join("\n");
    expect(code).not.toContain("Close filters");
    expect(code).not.toContain("data-radix-focus-guard");
  });

  // React DOM (64 KB) and React Router (44 KB) alone take the product page to 109 KB, so the
  // issue's 110 KB cannot be met with them; this budget holds what the shop adds on top at its
  // measured size (135.6 KB, 143.1 KB before issue 17) so that a leak shows.
  it("keeps a product page's first scripts within 138 KB gzip", () => {
    const bytes = productPage.reduce((sum, name) => sum + gzipSync(read(name)).length, 0);
    expect(bytes / 1024).toBeLessThanOrEqual(138);
  });
});
