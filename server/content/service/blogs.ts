import { and, asc, desc, eq, lte, type SQL, sql } from "drizzle-orm";
import type { ArticleSummary, ArticleView, BlogView } from "../../../common/content.ts";
import type { Page } from "../../../common/pagination.ts";
import { bandRefOf, productCardsByIds } from "../../catalog/index.ts";
import type { Db } from "../../db/client.ts";
import { pageMeta, pageOffset } from "../../db/pagination.ts";
import { imageRefOf } from "../../media/index.ts";
import { sanitizeRichText } from "../../platform/index.ts";
import { articleProducts, articles, blogs } from "../schema.ts";

/** Public means published, with a publishing time that has come; drafts never leave the server. */
const isPublic = (now: Date) =>
  and(eq(articles.status, "published"), lte(articles.publishedAt, now)) as SQL;

const byIdOrSlug = <T extends { id: unknown; slug: unknown }>(
  table: T,
  idOrSlug: number | string,
) =>
  typeof idOrSlug === "number"
    ? eq(table.id as typeof blogs.id, idOrSlug)
    : eq(table.slug as typeof blogs.slug, idOrSlug);

const publicCount = (now: Date) => sql<number>`(
  select count(*)::int from ${articles}
  where ${articles.blogId} = "blogs"."id" and ${articles.status} = 'published'
    and ${articles.publishedAt} <= ${now.toISOString()}::timestamptz
)`;

const blogColumns = (now: Date) => ({
  id: blogs.id,
  slug: blogs.slug,
  title: blogs.title,
  description: blogs.description,
  articleCount: publicCount(now),
});

/** Every blog, in the team's order. */
export async function listBlogs(db: Db, now = new Date()): Promise<BlogView[]> {
  return db.select(blogColumns(now)).from(blogs).orderBy(asc(blogs.position), asc(blogs.id));
}

/** The blog with this id or slug, or undefined. */
export async function findBlog(
  db: Db,
  idOrSlug: number | string,
  now = new Date(),
): Promise<BlogView | undefined> {
  const [row] = await db.select(blogColumns(now)).from(blogs).where(byIdOrSlug(blogs, idOrSlug));
  return row;
}

const summaryColumns = {
  id: articles.id,
  slug: articles.slug,
  title: articles.title,
  excerpt: articles.excerpt,
  author: articles.author,
  publishedAt: sql<string>`to_json(${articles.publishedAt})#>>'{}'`,
  blog: sql<
    ArticleSummary["blog"]
  >`json_build_object('id', ${blogs.id}, 'slug', ${blogs.slug}, 'title', ${blogs.title})`,
  band: bandRefOf(articles.brandId),
  cover: imageRefOf(articles.coverFileId, sql`''`),
};

function articleQuery(db: Db) {
  return db.select(summaryColumns).from(articles).innerJoin(blogs, eq(blogs.id, articles.blogId));
}

const newestFirst = [desc(articles.publishedAt), desc(articles.id)];

/**
 * One page of a blog's public articles, newest first; undefined when there is no such blog.
 */
export async function listArticles(
  db: Db,
  blogIdOrSlug: number | string,
  paging: { page: number; perPage: number },
  now = new Date(),
): Promise<Page<ArticleSummary> | undefined> {
  const blog = await findBlog(db, blogIdOrSlug, now);
  if (!blog) return undefined;
  const { page, perPage } = paging;
  const data = await articleQuery(db)
    .where(and(eq(articles.blogId, blog.id), isPublic(now)))
    .orderBy(...newestFirst)
    .limit(perPage)
    .offset(pageOffset(page, perPage));
  return { data, meta: pageMeta(page, perPage, blog.articleCount) };
}

/** The newest public articles across every blog. */
export async function latestArticles(
  db: Db,
  limit: number,
  now = new Date(),
): Promise<ArticleSummary[]> {
  return articleQuery(db)
    .where(isPublic(now))
    .orderBy(...newestFirst)
    .limit(limit);
}

/**
 * A public article by blog and article (each an id or a slug), with its body sanitised again as
 * it is read (security.md #22) and its published products as cards; undefined for a draft, an
 * article of another blog, or nothing at all.
 */
export async function getArticle(
  db: Db,
  blogIdOrSlug: number | string,
  articleIdOrSlug: number | string,
  now = new Date(),
): Promise<ArticleView | undefined> {
  const [row] = await db
    .select({
      ...summaryColumns,
      body: articles.body,
      updatedAt: sql<string>`to_json(${articles.updatedAt})#>>'{}'`,
    })
    .from(articles)
    .innerJoin(blogs, eq(blogs.id, articles.blogId))
    .where(
      and(byIdOrSlug(blogs, blogIdOrSlug), byIdOrSlug(articles, articleIdOrSlug), isPublic(now)),
    );
  if (!row) return undefined;
  const featured = await db
    .select({ productId: articleProducts.productId })
    .from(articleProducts)
    .where(eq(articleProducts.articleId, row.id))
    .orderBy(asc(articleProducts.position), asc(articleProducts.productId));
  const products = await productCardsByIds(
    db,
    featured.map((link) => link.productId),
  );
  return { ...row, body: sanitizeRichText(row.body), products };
}

/** Every public article's path, for the sitemap. */
export async function publicArticlePaths(db: Db, now = new Date()) {
  return db
    .select({ blog: blogs.slug, article: articles.slug, updatedAt: articles.updatedAt })
    .from(articles)
    .innerJoin(blogs, eq(blogs.id, articles.blogId))
    .where(isPublic(now))
    .orderBy(...newestFirst);
}
