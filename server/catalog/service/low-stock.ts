import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { LowStockVariant } from "../../../common/dashboard.ts";
import type { Db } from "../../db/client.ts";
import { products, productVariants } from "../schema.ts";
import { withOptions } from "./variant-admin.ts";

/**
 * Variants of products on sale with `threshold` units or fewer (sold out included), the fewest
 * first, for staff to reorder: at most `limit` of them, and how many there are in all.
 */
export async function lowStockVariants(
  db: Db,
  threshold: number,
  limit = 8,
): Promise<{ total: number; variants: LowStockVariant[] }> {
  const low = and(eq(products.status, "published"), lte(productVariants.stockOnHand, threshold));
  const [counted, rows] = await Promise.all([
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(low),
    db
      .select({
        id: productVariants.id,
        productId: productVariants.productId,
        productTitle: products.title,
        sku: productVariants.sku,
        price: productVariants.price,
        compareAtPrice: productVariants.compareAtPrice,
        stockOnHand: productVariants.stockOnHand,
        position: productVariants.position,
        updatedAt: productVariants.updatedAt,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(low)
      .orderBy(asc(productVariants.stockOnHand), asc(products.title), asc(productVariants.position))
      .limit(limit),
  ]);
  const named = await withOptions(db, rows);
  return {
    total: counted[0]?.total ?? 0,
    variants: named.map((variant) => ({
      variantId: variant.id,
      productId: variant.productId,
      productTitle: variant.productTitle,
      title: variant.title,
      sku: variant.sku,
      stock: variant.stockOnHand,
    })),
  };
}
