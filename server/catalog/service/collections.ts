import { asc } from "drizzle-orm";
import type { CollectionView } from "../../../common/catalog.ts";
import type { ProductListQuery } from "../../../common/product-list-query.ts";
import type { Db } from "../../db/client.ts";
import { sanitizeRichText } from "../../platform/rich-text.ts";
import { productCollections } from "../schema.ts";
import { findCollection, listProducts } from "./products.ts";

/** A collection by id or slug with one page of its published products; undefined if none. */
export async function getCollection(
  db: Db,
  idOrSlug: number | string,
  query: ProductListQuery,
): Promise<CollectionView | undefined> {
  const collection = await findCollection(db, idOrSlug);
  if (!collection) return undefined;
  const page = await listProducts(db, { ...query, collection: collection.id });
  return {
    id: collection.id,
    slug: collection.slug,
    title: collection.title,
    description: sanitizeRichText(collection.description),
    kind: collection.kind,
    products: page,
  };
}

/** Every collection in the team's order, for the home page and navigation. */
export async function listCollections(db: Db) {
  const rows = await db
    .select({
      id: productCollections.id,
      slug: productCollections.slug,
      title: productCollections.title,
      description: productCollections.description,
    })
    .from(productCollections)
    .orderBy(asc(productCollections.position), asc(productCollections.id));
  return rows.map((row) => ({ ...row, description: sanitizeRichText(row.description) }));
}
