import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { brands, productCollections, products } from "../schema.ts";

/** Ids of bands, products and collections, as another module names them (a discount's targets). */
export type CatalogueRefs = { brandIds: number[]; productIds: number[]; collectionIds: number[] };

/** The title of each band, product and collection named that exists, by its id; others are left out. */
export async function catalogueTitles(db: Db, refs: CatalogueRefs) {
  const titles = <T extends { id: number; title: string }>(rows: T[]) =>
    new Map(rows.map((row) => [row.id, row.title]));
  const [brandRows, productRows, collectionRows] = await Promise.all([
    refs.brandIds.length
      ? db
          .select({ id: brands.id, title: brands.title })
          .from(brands)
          .where(inArray(brands.id, refs.brandIds))
      : [],
    refs.productIds.length
      ? db
          .select({ id: products.id, title: products.title })
          .from(products)
          .where(inArray(products.id, refs.productIds))
      : [],
    refs.collectionIds.length
      ? db
          .select({ id: productCollections.id, title: productCollections.title })
          .from(productCollections)
          .where(inArray(productCollections.id, refs.collectionIds))
      : [],
  ]);
  return {
    brands: titles(brandRows),
    products: titles(productRows),
    collections: titles(collectionRows),
  };
}
