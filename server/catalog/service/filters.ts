import { and, asc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { ProductFilters } from "../../../common/catalog.ts";
import type { ProductListQuery } from "../../../common/product-list-query.ts";
import { PRODUCT_TYPES } from "../../../common/product-types.ts";
import type { Db } from "../../db/client.ts";
import { attributes, attributeTypes, brands, products } from "../schema.ts";
import { listingConditions } from "./products.ts";

const empty: ProductFilters = {
  brands: [],
  types: [],
  attributeTypes: [],
  price: null,
  inStock: 0,
};

/** How many of the grouped rows match `conditions`: a facet option's count, 0 allowed. */
const countWhere = (conditions: SQL[]) =>
  sql<number>`count(*) filter (where ${and(...conditions)})::int`;

/**
 * The facets for a listing query, with counts. Each facet counts under every filter but its own,
 * so choosing 'M' still shows how many 'L' products there are. The options are those of the
 * listing's scope (its search, its collection and what the page fixes, such as a band page's band)
 * with 0 for those the other filters rule out, and every chosen option even at 0: a shopper must
 * always be able to untick what they ticked.
 */
export async function productFilters(
  db: Db,
  query: ProductListQuery,
  options: { brandFixed?: boolean } = {},
): Promise<ProductFilters> {
  const scopeQuery: ProductListQuery = {
    page: query.page,
    perPage: query.perPage,
    q: query.q,
    collection: query.collection,
    brand: options.brandFixed ? query.brand : undefined,
  };
  const [scope, forBrand, forType, forAttributes, forPrice, forStock] = await Promise.all([
    listingConditions(db, scopeQuery),
    ...(["brand", "type", "attributes", "price", "inStock"] as const).map((part) =>
      listingConditions(db, query, part),
    ),
  ]);
  if (!scope || !forBrand || !forType || !forAttributes || !forPrice || !forStock) return empty;

  const chosenBrands = query.brand ?? [];
  const chosenBrandIds = chosenBrands.filter((value) => /^[0-9]+$/.test(value)).map(Number);
  const inScopeOrChosen = (chosen: SQL | undefined) =>
    chosen ? or(and(...scope), chosen) : and(...scope);

  const [brandRows, typeRows, attributeRows, [price], [stock]] = await Promise.all([
    db
      .select({
        id: brands.id,
        slug: brands.slug,
        title: brands.title,
        count: countWhere(forBrand),
      })
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(
        inScopeOrChosen(
          chosenBrands.length
            ? or(inArray(brands.slug, chosenBrands), inArray(brands.id, chosenBrandIds))
            : undefined,
        ),
      )
      .groupBy(brands.id)
      .orderBy(sql`lower(${brands.title})`),
    db
      .select({ title: products.productType, count: countWhere(forType) })
      .from(products)
      .where(and(...scope))
      .groupBy(products.productType),
    db
      .select({
        id: attributes.id,
        slug: attributes.slug,
        title: attributes.title,
        swatch: attributes.swatch,
        typeId: attributeTypes.id,
        typeSlug: attributeTypes.slug,
        typeTitle: attributeTypes.title,
        display: attributeTypes.display,
        count: countWhere(forAttributes),
      })
      .from(
        sql`${products} cross join lateral unnest(${products.attributeIds}) as pa(attribute_id)`,
      )
      .innerJoin(attributes, sql`${attributes.id} = pa.attribute_id`)
      .innerJoin(attributeTypes, eq(attributeTypes.id, attributes.attributeTypeId))
      .where(
        inScopeOrChosen(
          query.attributes?.length ? inArray(attributes.id, query.attributes) : undefined,
        ),
      )
      .groupBy(attributes.id, attributeTypes.id)
      .orderBy(asc(attributeTypes.position), asc(attributes.position)),
    db
      .select({
        min: sql<number | null>`min(${products.priceFrom})`,
        max: sql<number | null>`max(${products.priceTo})`,
      })
      .from(products)
      .where(and(...forPrice)),
    db
      .select({
        count: sql<number>`count(*) filter (where ${products.stockTotal} > 0 or ${products.preOrder})::int`,
      })
      .from(products)
      .where(and(...forStock)),
  ]);

  const counts = new Map(typeRows.map((row) => [row.title, row.count]));
  const types = PRODUCT_TYPES.filter(
    (type) => counts.has(type.title) || query.type?.includes(type.slug),
  ).map((type) => ({
    slug: type.slug,
    title: type.title,
    count: counts.get(type.title) ?? 0,
  }));
  const attributeTypeList: ProductFilters["attributeTypes"] = [];
  for (const row of attributeRows) {
    let type = attributeTypeList.find((entry) => entry.id === row.typeId);
    if (!type) {
      type = {
        id: row.typeId,
        slug: row.typeSlug,
        title: row.typeTitle,
        display: row.display,
        attributes: [],
      };
      attributeTypeList.push(type);
    }
    type.attributes.push({
      id: row.id,
      slug: row.slug,
      title: row.title,
      swatch: row.swatch,
      count: row.count,
    });
  }
  return {
    brands: brandRows,
    types,
    attributeTypes: attributeTypeList,
    price:
      price?.min === null || price?.min === undefined
        ? null
        : { min: price.min, max: price.max ?? price.min },
    inStock: stock?.count ?? 0,
  };
}
