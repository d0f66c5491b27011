import { randomBytes } from "node:crypto";
import { articleProducts, articles, blogs } from "../../server/content/schema.ts";
import type { Db } from "../../server/db/client.ts";

const unique = () => randomBytes(4).toString("hex");

/** Test-only: a blog of its own. */
export async function makeBlog(db: Db, values: Partial<typeof blogs.$inferInsert> = {}) {
  const id = unique();
  const [blog] = await db
    .insert(blogs)
    .values({ slug: `test-blog-${id}`, title: `Test Blog ${id}`, position: 99, ...values })
    .returning();
  if (!blog) throw new Error("blog not created");
  return blog;
}

/** Test-only: an article (published now unless told otherwise), featuring `productIds`. */
export async function makeArticle(
  db: Db,
  blogId: number,
  values: Partial<typeof articles.$inferInsert> & { productIds?: number[] } = {},
) {
  const id = unique();
  const { productIds = [], ...columns } = values;
  const [article] = await db
    .insert(articles)
    .values({
      blogId,
      slug: `test-article-${id}`,
      title: `Test Article ${id}`,
      excerpt: "An excerpt.",
      body: "<p>Body.</p>",
      author: "Test Writer",
      status: "published",
      publishedAt: new Date(),
      ...columns,
    })
    .returning();
  if (!article) throw new Error("article not created");
  if (productIds.length) {
    await db
      .insert(articleProducts)
      .values(
        productIds.map((productId, position) => ({ articleId: article.id, productId, position })),
      );
  }
  return article;
}
