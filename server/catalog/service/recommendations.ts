import { and, asc, desc, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { ProductCard } from "../../../common/catalog.ts";
import type { Db } from "../../db/client.ts";
import { brands, collectionProducts, products } from "../schema.ts";
import { cardColumns, publishedProductKey } from "./products.ts";

/** What the product page offers under a product (issue 16: pages that should sell harder). */
export type ProductRecommendations = {
  /** The band's other products, the look's picks left out. */
  moreFromBand: ProductCard[];
  /** One product of each other type, from the same band first, then from the same collections. */
  completeTheLook: ProductCard[];
};

// Candidates read at once: enough for a few of each type from a band with many products.
const CANDIDATES = 48;

/**
 * "More from this band" and "Complete the look" for a published product: only products a
 * shopper can buy now (in stock or on pre-order), never the product itself, never one product in
 * both lists. Undefined when there is no such published product.
 */
export async function productRecommendations(
  db: Db,
  idOrSlug: number | string,
  perList = 4,
): Promise<ProductRecommendations | undefined> {
  const published = eq(products.status, "published");
  const product = await publishedProductKey(db, idOrSlug);
  if (!product) return undefined;
  // The curated collections the product is in: their other products go with it by design.
  const sameCollections = db
    .select({ productId: collectionProducts.productId })
    .from(collectionProducts)
    .where(
      inArray(
        collectionProducts.collectionId,
        db
          .select({ id: collectionProducts.collectionId })
          .from(collectionProducts)
          .where(eq(collectionProducts.productId, product.id)),
      ),
    );
  const sameBand = eq(products.brandId, product.brandId);
  const rows = (await db
    .select({ ...cardColumns, sameBand: sql<boolean>`${sameBand}` })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(
      and(
        published,
        ne(products.id, product.id),
        sql`(${products.stockTotal} > 0 or ${products.preOrder})`,
        or(sameBand, inArray(products.id, sameCollections)),
      ),
    )
    .orderBy(
      desc(sameBand),
      sql`${products.featuredRank} asc nulls last`,
      sql`${products.publishedAt} desc nulls last`,
      asc(products.id),
    )
    .limit(CANDIDATES)) as Array<ProductCard & { sameBand: boolean }>;

  const completeTheLook: ProductCard[] = [];
  const types = new Set([product.productType]);
  for (const { sameBand: _, ...card } of rows) {
    if (completeTheLook.length >= perList) break;
    if (types.has(card.productType)) continue;
    types.add(card.productType);
    completeTheLook.push(card);
  }
  const inTheLook = new Set(completeTheLook.map((card) => card.id));
  const moreFromBand = rows
    .filter((row) => row.sameBand && !inTheLook.has(row.id))
    .slice(0, perList)
    .map(({ sameBand: _, ...card }) => card);
  return { moreFromBand, completeTheLook };
}
