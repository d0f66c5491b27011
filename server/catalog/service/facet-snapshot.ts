import { asc, eq, sql } from "drizzle-orm";
import type { ProductFilters } from "../../../common/catalog.ts";
import type { ProductListQuery } from "../../../common/product-list-query.ts";
import { PRODUCT_TYPES, productTypeBySlug } from "../../../common/product-types.ts";
import type { Db } from "../../db/client.ts";
import { attributes, attributeTypes, brands, products } from "../schema.ts";

/**
 * How long a snapshot's counts are shown before the next request reloads it (in the background:
 * the request that notices still answers from the old one). Decision 0031.
 */
export const FACET_SNAPSHOT_LIFETIME_MS = 10_000;

type BrandRow = { id: number; slug: string; title: string };
type AttributeRow = {
  id: number;
  slug: string;
  title: string;
  swatch: string | null;
  position: number;
  typeId: number;
  typeSlug: string;
  typeTitle: string;
  display: ProductFilters["attributeTypes"][number]["display"];
  typePosition: number;
};

/**
 * What the facets of every published product need, one entry per product in parallel typed
 * arrays (about 40 bytes a product: 4 MB at 100,000), with the bands and options to name them.
 */
export type FacetSnapshot = {
  takenAt: Date;
  size: number;
  ids: Int32Array;
  brandIds: Int32Array;
  /** Index into PRODUCT_TYPES; -1 for a type the listing does not know. */
  typeIndexes: Int8Array;
  priceFrom: Int32Array;
  priceTo: Int32Array;
  /** 1 when the product can be bought now (in stock or on pre-order). */
  available: Uint8Array;
  /** Product i's option ids are optionIds[optionStart[i] .. optionStart[i + 1]]. */
  optionStart: Int32Array;
  optionIds: Int32Array;
  brands: Map<number, BrandRow>;
  brandIdsBySlug: Map<string, number>;
  attributes: Map<number, AttributeRow>;
};

/** Reads every published product's facet columns, and the bands and options, into a snapshot. */
export async function takeFacetSnapshot(db: Db, now = new Date()): Promise<FacetSnapshot> {
  const [rows, brandRows, attributeRows] = await Promise.all([
    db
      .select({
        id: products.id,
        brandId: products.brandId,
        productType: products.productType,
        priceFrom: products.priceFrom,
        priceTo: products.priceTo,
        available: sql<boolean>`(${products.stockTotal} > 0 or ${products.preOrder})`,
        attributeIds: products.attributeIds,
      })
      .from(products)
      .where(sql`${products.status} = 'published'`),
    db.select({ id: brands.id, slug: brands.slug, title: brands.title }).from(brands),
    db
      .select({
        id: attributes.id,
        slug: attributes.slug,
        title: attributes.title,
        swatch: attributes.swatch,
        position: attributes.position,
        typeId: attributeTypes.id,
        typeSlug: attributeTypes.slug,
        typeTitle: attributeTypes.title,
        display: attributeTypes.display,
        typePosition: attributeTypes.position,
      })
      .from(attributes)
      .innerJoin(attributeTypes, eq(attributeTypes.id, attributes.attributeTypeId))
      .orderBy(
        asc(attributeTypes.position),
        asc(attributeTypes.id),
        asc(attributes.position),
        asc(attributes.id),
      ),
  ]);
  const size = rows.length;
  const typeIndexByTitle = new Map<string, number>(
    PRODUCT_TYPES.map((type, index) => [type.title, index]),
  );
  const snapshot: FacetSnapshot = {
    takenAt: now,
    size,
    ids: new Int32Array(size),
    brandIds: new Int32Array(size),
    typeIndexes: new Int8Array(size),
    priceFrom: new Int32Array(size),
    priceTo: new Int32Array(size),
    available: new Uint8Array(size),
    optionStart: new Int32Array(size + 1),
    optionIds: new Int32Array(rows.reduce((sum, row) => sum + row.attributeIds.length, 0)),
    brands: new Map(brandRows.map((brand) => [brand.id, brand])),
    brandIdsBySlug: new Map(brandRows.map((brand) => [brand.slug, brand.id])),
    attributes: new Map(attributeRows.map((attribute) => [attribute.id, attribute])),
  };
  let option = 0;
  rows.forEach((row, index) => {
    snapshot.ids[index] = row.id;
    snapshot.brandIds[index] = row.brandId;
    snapshot.typeIndexes[index] = typeIndexByTitle.get(row.productType) ?? -1;
    snapshot.priceFrom[index] = row.priceFrom;
    snapshot.priceTo[index] = row.priceTo;
    snapshot.available[index] = row.available ? 1 : 0;
    snapshot.optionStart[index] = option;
    for (const id of row.attributeIds) snapshot.optionIds[option++] = id;
  });
  snapshot.optionStart[size] = option;
  return snapshot;
}

type Kept = { snapshot?: FacetSnapshot; loading?: Promise<FacetSnapshot> };
// One snapshot per database handle (one per process in the app; one per test database).
const kept = new WeakMap<Db, Kept>();

/**
 * This process's facet snapshot of `db`: taken on first use; once older than `lifetimeMs` the
 * next call starts a new one and answers from the old one meanwhile, so a shopper never waits
 * for a reload. Concurrent first uses share one load.
 */
export async function facetSnapshot(
  db: Db,
  { lifetimeMs = FACET_SNAPSHOT_LIFETIME_MS, now = () => new Date() } = {},
): Promise<FacetSnapshot> {
  let entry = kept.get(db);
  if (!entry) {
    entry = {};
    kept.set(db, entry);
  }
  const state = entry;
  const reload = () => {
    state.loading ??= takeFacetSnapshot(db, now())
      .then((snapshot) => {
        state.snapshot = snapshot;
        return snapshot;
      })
      .finally(() => {
        state.loading = undefined;
      });
    return state.loading;
  };
  const current = state.snapshot;
  if (!current) return reload();
  if (now().getTime() - current.takenAt.getTime() >= lifetimeMs) {
    // A failed reload keeps the old snapshot; the next request past its lifetime tries again.
    reload().catch(() => {});
  }
  return current;
}

/** The chosen filters of a query, resolved against a snapshot's bands and options. */
type Chosen = {
  brandIds: Set<number> | undefined;
  typeIndexes: Set<number> | undefined;
  /** One set per attribute type: a product must have one of each set's values. */
  optionGroups: Set<number>[] | undefined;
};

function chosenFilters(snapshot: FacetSnapshot, query: ProductListQuery): Chosen | undefined {
  const brandIds = query.brand
    ? new Set(
        query.brand
          .map((value) =>
            /^[0-9]+$/.test(value)
              ? snapshot.brands.has(Number(value))
                ? Number(value)
                : undefined
              : snapshot.brandIdsBySlug.get(value),
          )
          .filter((id) => id !== undefined),
      )
    : undefined;
  const typeIndexes = query.type
    ? new Set(
        query.type
          .map((slug) =>
            PRODUCT_TYPES.findIndex(
              (type) => type.title === (productTypeBySlug(slug)?.title ?? slug),
            ),
          )
          .filter((index) => index >= 0),
      )
    : undefined;
  let optionGroups: Set<number>[] | undefined;
  if (query.attributes) {
    const byType = new Map<number, Set<number>>();
    for (const id of query.attributes) {
      const attribute = snapshot.attributes.get(id);
      // As the listing does: an option that does not exist matches nothing (listingConditions).
      if (!attribute) return undefined;
      const group = byType.get(attribute.typeId) ?? new Set<number>();
      group.add(id);
      byType.set(attribute.typeId, group);
    }
    optionGroups = [...byType.values()];
  }
  return { brandIds, typeIndexes, optionGroups };
}

const BRAND = 0;
const TYPE = 1;
const OPTIONS = 2;
const PRICE = 3;
const STOCK = 4;

/**
 * The facets of `query` counted on a snapshot, as `productFilters` counts them in SQL: each facet
 * under every filter but its own, options those of the scope (`scopeIds`, the live ids matching
 * the query's search and collection, or every product when undefined; and the band when
 * `brandFixed`) plus every chosen one. One pass over the snapshot's products.
 */
export function countFacets(
  snapshot: FacetSnapshot,
  query: ProductListQuery,
  scopeIds: Set<number> | undefined,
  brandFixed: boolean,
): Omit<ProductFilters, "countsAsOf"> | undefined {
  const chosen = chosenFilters(snapshot, query);
  if (!chosen) return undefined;
  const brandCounts = new Map<number, number>();
  const typeCounts = new Map<number, number>();
  const optionCounts = new Map<number, number>();
  let minPrice = Number.POSITIVE_INFINITY;
  let maxPrice = Number.NEGATIVE_INFINITY;
  let inStock = 0;
  const { priceMin, priceMax } = query;
  const passes = [true, true, true, true, true];
  for (let index = 0; index < snapshot.size; index++) {
    if (scopeIds && !scopeIds.has(snapshot.ids[index] as number)) continue;
    const brandId = snapshot.brandIds[index] as number;
    const typeIndex = snapshot.typeIndexes[index] as number;
    const from = snapshot.optionStart[index] as number;
    const to = snapshot.optionStart[index + 1] as number;
    passes[BRAND] = !chosen.brandIds || chosen.brandIds.has(brandId);
    passes[TYPE] = !chosen.typeIndexes || chosen.typeIndexes.has(typeIndex);
    passes[OPTIONS] =
      !chosen.optionGroups ||
      chosen.optionGroups.every((group) => {
        for (let option = from; option < to; option++)
          if (group.has(snapshot.optionIds[option] as number)) return true;
        return false;
      });
    passes[PRICE] =
      (priceMin === undefined || (snapshot.priceTo[index] as number) >= priceMin) &&
      (priceMax === undefined || (snapshot.priceFrom[index] as number) <= priceMax);
    passes[STOCK] = !query.inStock || snapshot.available[index] === 1;
    let failed = -1;
    let failures = 0;
    for (let part = 0; part < passes.length; part++) {
      if (!passes[part]) {
        failed = part;
        failures++;
      }
    }
    const inScope = !brandFixed || passes[BRAND];
    // Options in the scope are listed even at 0.
    if (inScope) {
      if (!brandCounts.has(brandId)) brandCounts.set(brandId, 0);
      if (typeIndex >= 0 && !typeCounts.has(typeIndex)) typeCounts.set(typeIndex, 0);
      for (let option = from; option < to; option++) {
        const id = snapshot.optionIds[option] as number;
        if (!optionCounts.has(id)) optionCounts.set(id, 0);
      }
    }
    if (failures > 1) continue;
    // Counted under every filter but its own: a product failing only one filter counts there.
    const counts = (part: number) => failures === 0 || failed === part;
    // On a band page the other bands are not listed at all, not even counted.
    if (counts(BRAND) && inScope) brandCounts.set(brandId, (brandCounts.get(brandId) ?? 0) + 1);
    if (counts(TYPE) && typeIndex >= 0)
      typeCounts.set(typeIndex, (typeCounts.get(typeIndex) ?? 0) + 1);
    if (counts(OPTIONS)) {
      for (let option = from; option < to; option++) {
        const id = snapshot.optionIds[option] as number;
        optionCounts.set(id, (optionCounts.get(id) ?? 0) + 1);
      }
    }
    if (counts(PRICE)) {
      minPrice = Math.min(minPrice, snapshot.priceFrom[index] as number);
      maxPrice = Math.max(maxPrice, snapshot.priceTo[index] as number);
    }
    if (counts(STOCK) && snapshot.available[index] === 1) inStock++;
  }
  // Every chosen option stays listed, at 0 when nothing matches it: a shopper can untick it.
  for (const id of chosen.brandIds ?? []) if (!brandCounts.has(id)) brandCounts.set(id, 0);
  for (const group of chosen.optionGroups ?? [])
    for (const id of group) if (!optionCounts.has(id)) optionCounts.set(id, 0);

  const brandList = [...brandCounts]
    .flatMap(([id, count]) => {
      const brand = snapshot.brands.get(id);
      return brand ? [{ ...brand, count }] : [];
    })
    .sort((a, b) => a.title.toLowerCase().localeCompare(b.title.toLowerCase()) || a.id - b.id);
  const types = PRODUCT_TYPES.flatMap((type, index) =>
    typeCounts.has(index) || chosen.typeIndexes?.has(index)
      ? [{ slug: type.slug, title: type.title, count: typeCounts.get(index) ?? 0 }]
      : [],
  );
  const attributeTypeList: ProductFilters["attributeTypes"] = [];
  // The snapshot's options are in their type's and their own order already.
  for (const attribute of snapshot.attributes.values()) {
    const count = optionCounts.get(attribute.id);
    if (count === undefined) continue;
    let type = attributeTypeList.at(-1);
    if (type?.id !== attribute.typeId) {
      type = {
        id: attribute.typeId,
        slug: attribute.typeSlug,
        title: attribute.typeTitle,
        display: attribute.display,
        attributes: [],
      };
      attributeTypeList.push(type);
    }
    type.attributes.push({
      id: attribute.id,
      slug: attribute.slug,
      title: attribute.title,
      swatch: attribute.swatch,
      count,
    });
  }
  return {
    brands: brandList,
    types,
    attributeTypes: attributeTypeList,
    price: minPrice === Number.POSITIVE_INFINITY ? null : { min: minPrice, max: maxPrice },
    inStock,
  };
}
