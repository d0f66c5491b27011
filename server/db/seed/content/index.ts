import { and, asc, eq } from "drizzle-orm";
import { brands, products } from "../../../catalog/schema.ts";
import { markdownToHtml } from "../../../content/markdown.ts";
import {
  createArticle,
  createBlogs,
  createJobOpenings,
  installContentPages,
} from "../../../content/service/writes.ts";
import type { Db } from "../../client.ts";
import { DEMO_ARTICLES, DEMO_BLOGS } from "./articles.ts";
import { CAREERS_INTRO, DEMO_ROLES } from "./careers.ts";

/** How many of its band's products an article features. */
const FEATURED_PER_ARTICLE = 3;

/**
 * The demo blogs and articles (each band article features the band's first products and uses the
 * band's banner as its cover), the careers introduction and the open roles.
 */
export async function seedDemoContent(db: Db): Promise<void> {
  const blogRows = await createBlogs(
    db,
    DEMO_BLOGS.map((blog, position) => ({ ...blog, position })),
  );
  const blogId = new Map(blogRows.map((row) => [row.slug, row.id]));
  const bandRows = await db
    .select({ id: brands.id, slug: brands.slug, hero: brands.heroFileId })
    .from(brands);
  const band = new Map(bandRows.map((row) => [row.slug, row]));

  for (const article of DEMO_ARTICLES) {
    const blog = blogId.get(article.blog);
    if (!blog) throw new Error(`Demo article ${article.slug} names an unknown blog`);
    const related = article.band ? band.get(article.band) : undefined;
    const publishedAt = new Date(`${article.publishedAt}T09:00:00Z`);
    const featured = related
      ? await db
          .select({ id: products.id })
          .from(products)
          .where(and(eq(products.brandId, related.id), eq(products.status, "published")))
          .orderBy(asc(products.featuredRank), asc(products.id))
          .limit(FEATURED_PER_ARTICLE)
      : [];
    await createArticle(db, {
      blogId: blog,
      slug: article.slug,
      title: article.title,
      excerpt: article.excerpt,
      body: markdownToHtml(article.body),
      author: article.author,
      status: article.draft ? "draft" : "published",
      publishedAt,
      brandId: related?.id ?? null,
      coverFileId: related?.hero ?? null,
      createdAt: publishedAt,
      updatedAt: publishedAt,
      productIds: featured.map((product) => product.id),
    });
  }

  await installContentPages(db, [
    {
      path: "company/careers",
      title: "Careers",
      summary: "Work with us in Manchester: the team, how we work and the roles we are hiring for.",
      body: markdownToHtml(CAREERS_INTRO),
    },
  ]);
  await createJobOpenings(
    db,
    DEMO_ROLES.map(({ type, body, ...role }) => ({
      ...role,
      employment: type,
      body: markdownToHtml(body),
      status: "published" as const,
    })),
  );
}
