import { and, asc, eq, sql } from "drizzle-orm";
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

/**
 * The facets for a listing query, with counts. Each facet counts under every filter but its own,
 * so choosing 'M' still shows how many 'L' products there are.
 */
export async function productFilters(db: Db, query: ProductListQuery): Promise<ProductFilters> {
  const [forBrand, forType, forAttributes, forPrice, forStock] = await Promise.all(
    (["brand", "type", "attributes", "price", "inStock"] as const).map((part) =>
      listingConditions(db, query, part),
    ),
  );
  if (!forBrand || !forType || !forAttributes || !forPrice || !forStock) return empty;

  const [brandRows, typeRows, attributeRows, [price], [stock]] = await Promise.all([
    db
      .select({
        id: brands.id,
        slug: brands.slug,
        title: brands.title,
        count: sql<number>`count(*)::int`,
      })
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(and(...forBrand))
      .groupBy(brands.id)
      .orderBy(sql`lower(${brands.title})`),
    db
      .select({ title: products.productType, count: sql<number>`count(*)::int` })
      .from(products)
      .where(and(...forType))
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
        count: sql<number>`count(*)::int`,
      })
      .from(
        sql`${products} cross join lateral unnest(${products.attributeIds}) as pa(attribute_id)`,
      )
      .innerJoin(attributes, sql`${attributes.id} = pa.attribute_id`)
      .innerJoin(attributeTypes, eq(attributeTypes.id, attributes.attributeTypeId))
      .where(and(...forAttributes))
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
  const types = PRODUCT_TYPES.filter((type) => counts.has(type.title)).map((type) => ({
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
