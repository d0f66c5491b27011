import { and, asc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { ProductFilters } from "../../../common/catalog.ts";
import type { ProductListQuery } from "../../../common/product-list-query.ts";
import { PRODUCT_TYPES } from "../../../common/product-types.ts";
import type { Db } from "../../db/client.ts";
import { attributes, attributeTypes, brands, products } from "../schema.ts";
import { bandSortKey } from "./brands.ts";
import { countFacets, FACET_SNAPSHOT_LIFETIME_MS, facetSnapshot } from "./facet-snapshot.ts";
import { chosenOptionGroups, listingConditions, optionGroupCondition } from "./products.ts";

/**
 * From this many products (the planner's estimate of the table, all statuses) the facets are
 * counted on this process's snapshot of the catalogue (at most `FACET_SNAPSHOT_LIFETIME_MS` old)
 * instead of live in SQL, which aggregates every published product five ways: 650 ms at 100,000
 * products. Decision 0031.
 */
export const FACET_SNAPSHOT_FROM_PRODUCTS = 5_000;

const empty = (countsAsOf: string | null): ProductFilters => ({
  brands: [],
  types: [],
  attributeTypes: [],
  price: null,
  inStock: 0,
  countsAsOf,
});

export type FacetOptions = {
  /** A band page: the band is part of the scope, not only a filter. */
  brandFixed?: boolean;
  snapshotFromProducts?: number;
  snapshotLifetimeMs?: number;
};

/**
 * The facets for a listing query, with counts (see `liveFacets`): exact and live for a catalogue
 * under `snapshotFromProducts` products; beyond, counted on a snapshot of the catalogue at most
 * `snapshotLifetimeMs` old, the answer's `countsAsOf` saying when it was taken.
 */
export async function productFilters(
  db: Db,
  query: ProductListQuery,
  {
    brandFixed = false,
    snapshotFromProducts = FACET_SNAPSHOT_FROM_PRODUCTS,
    snapshotLifetimeMs = FACET_SNAPSHOT_LIFETIME_MS,
  }: FacetOptions = {},
): Promise<ProductFilters> {
  if ((await estimatedProductRows(db)) < snapshotFromProducts)
    return liveFacets(db, query, brandFixed);
  const [snapshot, scopeIds] = await Promise.all([
    facetSnapshot(db, { lifetimeMs: snapshotLifetimeMs }),
    liveScopeIds(db, query),
  ]);
  const countsAsOf = snapshot.takenAt.toISOString();
  if (scopeIds === null) return empty(countsAsOf);
  const counted = countFacets(snapshot, query, scopeIds, brandFixed);
  return counted ? { ...counted, countsAsOf } : empty(countsAsOf);
}

/**
 * The planner's estimate of how many rows `products` holds (`pg_class.reltuples`, kept by
 * ANALYZE and autovacuum): read in microseconds, where counting is what costs. -1 (never
 * analysed) counts as small.
 */
async function estimatedProductRows(db: Db): Promise<number> {
  const [table] = await db
    .select({ rows: sql<number>`reltuples::float8` })
    .from(sql`pg_class`)
    .where(sql`oid = 'products'::regclass`);
  return table?.rows ?? 0;
}

/**
 * The ids of the published products a query's search and collection match, read live (their
 * indexes answer them): undefined when the query has neither (every product is in scope), null
 * when nothing can match.
 */
async function liveScopeIds(
  db: Db,
  query: ProductListQuery,
): Promise<Set<number> | undefined | null> {
  if (!query.q && query.collection === undefined) return undefined;
  const conditions = await listingConditions(db, {
    page: query.page,
    perPage: query.perPage,
    q: query.q,
    collection: query.collection,
  });
  if (!conditions) return null;
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(...conditions));
  return new Set(rows.map((row) => row.id));
}

/** How many of the grouped rows match `conditions`: a facet option's count, 0 allowed. */
const countWhere = (conditions: SQL[]) =>
  sql<number>`count(*) filter (where ${and(...conditions)})::int`;

/**
 * The facets for a listing query, with counts, live in SQL. Each facet counts under every filter but its own,
 * so choosing 'M' still shows how many 'L' products there are (disjunctive facets: an option's
 * count is the listing's total were that option its type's only choice). The options are those of the
 * listing's scope (its search, its collection and what the page fixes, such as a band page's band)
 * with 0 for those the other filters rule out, and every chosen option even at 0: a shopper must
 * always be able to untick what they ticked.
 */
async function liveFacets(
  db: Db,
  query: ProductListQuery,
  brandFixed: boolean,
): Promise<ProductFilters> {
  const scopeQuery: ProductListQuery = {
    page: query.page,
    perPage: query.perPage,
    q: query.q,
    collection: query.collection,
    brand: brandFixed ? query.brand : undefined,
  };
  const [scope, forBrand, forType, forAttributes, forPrice, forStock] = await Promise.all([
    listingConditions(db, scopeQuery),
    ...(["brand", "type", "attributes", "price", "inStock"] as const).map((part) =>
      listingConditions(db, query, part),
    ),
  ]);
  if (!scope || !forBrand || !forType || !forAttributes || !forPrice || !forStock)
    return empty(null);

  // Disjunctive counts: an option counts under every other attribute type's chosen values (M
  // counts Black products when Black is chosen), only its own type's choice left out.
  const optionGroups = query.attributes?.length
    ? await chosenOptionGroups(db, query.attributes)
    : new Map<number, number[]>();
  if (!optionGroups) return empty(null);
  const otherGroupsChosen = (typeId: number | undefined) =>
    and(
      ...[...optionGroups]
        .filter(([groupTypeId]) => groupTypeId !== typeId)
        .map(([, ids]) => optionGroupCondition(ids)),
    ) ?? sql`true`;
  const optionCount =
    optionGroups.size === 0
      ? countWhere(forAttributes)
      : countWhere([
          ...forAttributes,
          sql`(case ${attributeTypes.id} ${sql.join(
            [...optionGroups.keys()].map(
              (typeId) => sql`when ${typeId} then ${otherGroupsChosen(typeId)} `,
            ),
          )} else ${otherGroupsChosen(undefined)} end)`,
        ]);

  const chosenBrands = query.brand ?? [];
  const chosenBrandSlugs = chosenBrands.filter((value) => typeof value === "string");
  const chosenBrandIds = chosenBrands.filter((value) => typeof value === "number");
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
            ? or(inArray(brands.slug, chosenBrandSlugs), inArray(brands.id, chosenBrandIds))
            : undefined,
        ),
      )
      .groupBy(brands.id)
      .orderBy(bandSortKey, asc(brands.id)),
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
        count: optionCount,
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
    countsAsOf: null,
  };
}
