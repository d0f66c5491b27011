import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { brands, products } from "../schema.ts";

/** Every band and published product (drafts and archived never), up to `limit` in all. */
export async function publicCatalogPaths(
  db: Db,
  limit: number,
): Promise<Array<{ path: string; lastmod?: string }>> {
  const bandRows = await db
    .select({ slug: brands.slug })
    .from(brands)
    .orderBy(asc(brands.id))
    .limit(limit);
  const productRows = await db
    .select({ slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .where(eq(products.status, "published"))
    .orderBy(asc(products.id))
    .limit(Math.max(0, limit - bandRows.length));
  return [
    ...bandRows.map((band) => ({ path: `/bands/${band.slug}` })),
    ...productRows.map((product) => ({
      path: `/products/${product.slug}`,
      lastmod: product.updatedAt.toISOString().slice(0, 10),
    })),
  ];
}
