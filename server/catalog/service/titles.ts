import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { attributes, attributeTypes, brands, productCollections, products } from "../schema.ts";

/** Ids of bands, products and collections, as another module names them (a discount's targets). */
export type CatalogueRefs = {
  brandIds: number[];
  productIds: number[];
  collectionIds: number[];
  /** Options (Size) and option values (M), for the audit log's variants. */
  attributeTypeIds?: number[];
  attributeIds?: number[];
};

/** The title of each band, product and collection named that exists, by its id; others are left out. */
export async function catalogueTitles(db: Db, refs: CatalogueRefs) {
  const titles = <T extends { id: number; title: string }>(rows: T[]) =>
    new Map(rows.map((row) => [row.id, row.title]));
  const { attributeTypeIds = [], attributeIds = [] } = refs;
  const [brandRows, productRows, collectionRows, typeRows, valueRows] = await Promise.all([
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
    attributeTypeIds.length
      ? db
          .select({ id: attributeTypes.id, title: attributeTypes.title })
          .from(attributeTypes)
          .where(inArray(attributeTypes.id, attributeTypeIds))
      : [],
    attributeIds.length
      ? db
          .select({ id: attributes.id, title: attributes.title })
          .from(attributes)
          .where(inArray(attributes.id, attributeIds))
      : [],
  ]);
  return {
    brands: titles(brandRows),
    products: titles(productRows),
    collections: titles(collectionRows),
    attributeTypes: titles(typeRows),
    attributes: titles(valueRows),
  };
}
