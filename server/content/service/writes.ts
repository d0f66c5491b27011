// The content module's writes: blogs, articles, pages and open roles. Bodies are HTML, sanitised
// again whenever they are shown (security.md #22). Each tells every process's response cache.
import type { Db } from "../../db/client.ts";
import { notifyShopChanged } from "../../http/response-cache.ts";
import { articleProducts, articles, blogs, contentPages, jobOpenings } from "../schema.ts";

export type NewBlog = Omit<typeof blogs.$inferInsert, "id">;

/** Adds blogs in the order given. */
export async function createBlogs(
  db: Db,
  rows: NewBlog[],
): Promise<Array<typeof blogs.$inferSelect>> {
  if (rows.length === 0) return [];
  const created = await db.insert(blogs).values(rows).returning();
  await notifyShopChanged(db);
  return created;
}

export type NewArticle = Omit<typeof articles.$inferInsert, "id"> & {
  /** The products it features, in order. */
  productIds?: number[];
};

/** Adds an article with the products it features. */
export async function createArticle(
  db: Db,
  article: NewArticle,
): Promise<typeof articles.$inferSelect> {
  const { productIds = [], ...values } = article;
  const [row] = await db.insert(articles).values(values).returning();
  if (!row) throw new Error(`Article ${article.slug} was not created`);
  if (productIds.length) {
    await db
      .insert(articleProducts)
      .values(
        productIds.map((productId, position) => ({ articleId: row.id, productId, position })),
      );
  }
  await notifyShopChanged(db);
  return row;
}

export type NewContentPage = typeof contentPages.$inferInsert;

/** Adds the pages whose paths are free; a page already there (a staff edit) is never changed. */
export async function installContentPages(db: Db, pages: NewContentPage[]): Promise<void> {
  if (pages.length === 0) return;
  const installed = await db
    .insert(contentPages)
    .values(pages)
    .onConflictDoNothing()
    .returning({ path: contentPages.path });
  if (installed.length > 0) await notifyShopChanged(db);
}

export type NewJobOpening = Omit<typeof jobOpenings.$inferInsert, "id">;

/** Adds open roles in the order given. */
export async function createJobOpenings(db: Db, openings: NewJobOpening[]): Promise<void> {
  if (openings.length === 0) return;
  await db.insert(jobOpenings).values(openings);
  await notifyShopChanged(db);
}
