import { and, asc, eq, sql } from "drizzle-orm";
import type { CollectionView } from "../../../common/catalog.ts";
import type { ProductListQuery } from "../../../common/product-list-query.ts";
import type { Db } from "../../db/client.ts";
import { imageRefOf } from "../../media/index.ts";
import { sanitizeRichText } from "../../platform/index.ts";
import { productCollections, products } from "../schema.ts";
import { cardColumns, collectionCondition, findCollection, listProducts } from "./products.ts";

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

// A collection's card shows two products side by side: two 4:5 portraits make its 8:5 picture.
const PICTURED_PRODUCTS = 2;

/**
 * Every collection in the team's order, for the home page and navigation, each with its pictures:
 * its own hero image, else the images of the first products a shopper would see in it (in stock
 * first), none when it holds nothing pictured.
 */
export async function listCollections(db: Db) {
  const rows = await db
    .select({
      id: productCollections.id,
      slug: productCollections.slug,
      title: productCollections.title,
      description: productCollections.description,
      kind: productCollections.kind,
      rule: productCollections.rule,
      // Named in full: see the note in brands.ts on correlated subqueries.
      hero: imageRefOf(
        sql.raw(`"product_collections"."hero_file_id"`),
        sql.raw(`"product_collections"."title"`),
      ),
    })
    .from(productCollections)
    .orderBy(asc(productCollections.position), asc(productCollections.id));
  return Promise.all(
    rows.map(async ({ kind, rule, hero, ...row }) => {
      const pictured = hero
        ? []
        : await db
            .select({ image: cardColumns.image })
            .from(products)
            .where(
              and(
                eq(products.status, "published"),
                collectionCondition({ id: row.id, kind, rule }),
                sql`${cardColumns.image} is not null`,
              ),
            )
            .orderBy(
              sql`${products.stockTotal} = 0`,
              sql`${products.featuredRank} asc nulls last`,
              asc(products.id),
            )
            .limit(PICTURED_PRODUCTS);
      return {
        ...row,
        description: sanitizeRichText(row.description),
        images: hero ? [hero] : pictured.flatMap(({ image }) => (image ? [image] : [])),
      };
    }),
  );
}
