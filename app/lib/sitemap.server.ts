import { publicCatalogPaths } from "../../server/catalog/service/sitemap";
import { listBlogs, publicArticlePaths } from "../../server/content/service/blogs";
import type { Db } from "../../server/db/client";
import { legalPages } from "./legal-pages";

/** sitemaps.org: one sitemap file holds at most 50,000 addresses. */
export const SITEMAP_LIMIT = 50_000;

/** Pages that exist without the catalogue: the shop's front doors, help, careers, legal. */
export const STATIC_SITEMAP_PATHS = [
  "/",
  "/bands",
  "/products",
  "/spotlight",
  "/blogs",
  "/help/contact",
  "/help/sizing-guide",
  "/company/careers",
  ...legalPages.map((page) => `/legal/${page.slug}`),
] as const;

export type SitemapEntry = { path: string; lastmod?: string };

/**
 * Every public page for the sitemap: the fixed pages, each blog and published article, each band,
 * and each published product with the date it last changed. At most SITEMAP_LIMIT.
 */
export async function sitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const [blogs, articles] = await Promise.all([listBlogs(db), publicArticlePaths(db)]);
  const contentPaths: SitemapEntry[] = [
    ...blogs.map((blog) => ({ path: `/blogs/${blog.slug}` })),
    ...articles.map((article) => ({
      path: `/blogs/${article.blog}/${article.article}`,
      lastmod: article.updatedAt.toISOString().slice(0, 10),
    })),
  ];
  const fixed = STATIC_SITEMAP_PATHS.length + contentPaths.length;
  const catalogPaths = await publicCatalogPaths(db, Math.max(0, SITEMAP_LIMIT - fixed));
  return [...STATIC_SITEMAP_PATHS.map((path) => ({ path })), ...contentPaths, ...catalogPaths];
}

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char);

/** A sitemaps.org urlset of absolute addresses on `publicUrl`. */
export function sitemapXml(publicUrl: string, entries: SitemapEntry[]): string {
  const base = publicUrl.replace(/\/+$/, "");
  const urls = entries.map((entry) => {
    // Slugs are plain, but a stray space or accent must still make a valid address.
    const loc = `<loc>${escapeXml(`${base}${encodeURI(entry.path)}`)}</loc>`;
    const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : "";
    return `<url>${loc}${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}
