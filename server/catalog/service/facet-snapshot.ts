import { asc, eq, sql } from "drizzle-orm";
import type { ProductFilters } from "../../../common/catalog.ts";
import type { ProductListQuery } from "../../../common/product-list-query.ts";
import { PRODUCT_TYPES, productTypeBySlug } from "../../../common/product-types.ts";
import type { Db } from "../../db/client.ts";
import { attributes, attributeTypes, brands, products } from "../schema.ts";
import { optionColumns } from "./attributes.ts";
import { bandSortKey } from "./brands.ts";

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
 * What the facets of every published product need, one entry per product (in id order) in
 * parallel typed arrays, bands and options as indexes into `brands` and `attributes`: about 40
 * bytes a product, 4 MB at 100,000. Counting then touches no Map and builds no object per product.
 */
export type FacetSnapshot = {
  takenAt: Date;
  size: number;
  ids: Int32Array;
  brandIndexes: Int32Array;
  /** Index into PRODUCT_TYPES; -1 for a type the listing does not know. */
  typeIndexes: Int8Array;
  priceFrom: Int32Array;
  priceTo: Int32Array;
  /** 1 when the product can be bought now (in stock or on pre-order). */
  available: Uint8Array;
  /** Product i's options are optionIndexes[optionStart[i] .. optionStart[i + 1]]. */
  optionStart: Int32Array;
  optionIndexes: Int32Array;
  brands: BrandRow[];
  brandIndexById: Map<number, number>;
  brandIndexBySlug: Map<string, number>;
  /** In the order the facets list them: their type's position, then their own. */
  attributes: AttributeRow[];
  attributeIndexById: Map<number, number>;
};

/**
 * Reads every published product's facet columns, and the bands and options, into a snapshot.
 * The products come as one text (`id band from to buyable type options,…` a line) parsed digit by
 * digit into the arrays: 93,000 row objects read the usual way made 50 to 110 MB of garbage a
 * load, and the process's peak RSS under load a third higher.
 */
export async function takeFacetSnapshot(db: Db, now = new Date()): Promise<FacetSnapshot> {
  const typeTitles = PRODUCT_TYPES.map((type) => type.title);
  const [[packed], brandRows, attributeRows] = await Promise.all([
    db
      .select({
        size: sql<number>`count(*)::int`,
        options: sql<number>`coalesce(sum(cardinality(${products.attributeIds})), 0)::int`,
        lines: sql<string | null>`string_agg(concat_ws(' ', ${products.id}, ${products.brandId},
          ${products.priceFrom}, ${products.priceTo},
          (${products.stockTotal} > 0 or ${products.preOrder})::int,
          coalesce(array_position(${sql.param(typeTitles)}::text[], ${products.productType}), 0),
          array_to_string(${products.attributeIds}, ',')), e'\n' order by ${products.id})`,
      })
      .from(products)
      .where(sql`${products.status} = 'published'`),
    // In the one order of band names: the counted list keeps it.
    db
      .select({ id: brands.id, slug: brands.slug, title: brands.title })
      .from(brands)
      .orderBy(bandSortKey, asc(brands.id)),
    db
      .select(optionColumns)
      .from(attributes)
      .innerJoin(attributeTypes, eq(attributeTypes.id, attributes.attributeTypeId))
      .orderBy(
        asc(attributeTypes.position),
        asc(attributeTypes.id),
        asc(attributes.position),
        asc(attributes.id),
      ),
  ]);
  const size = packed?.size ?? 0;
  const brandIndexById = new Map(brandRows.map((brand, index) => [brand.id, index]));
  const attributeIndexById = new Map(
    attributeRows.map((attribute, index) => [attribute.id, index]),
  );
  const snapshot: FacetSnapshot = {
    takenAt: now,
    size,
    ids: new Int32Array(size),
    brandIndexes: new Int32Array(size),
    typeIndexes: new Int8Array(size),
    priceFrom: new Int32Array(size),
    priceTo: new Int32Array(size),
    available: new Uint8Array(size),
    optionStart: new Int32Array(size + 1),
    optionIndexes: new Int32Array(packed?.options ?? 0),
    brands: brandRows,
    brandIndexById,
    brandIndexBySlug: new Map(brandRows.map((brand, index) => [brand.slug, index])),
    attributes: attributeRows,
    attributeIndexById,
  };
  const text = packed?.lines ?? "";
  let product = 0;
  let field = 0;
  let value = 0;
  let option = 0;
  let inNumber = false;
  for (let at = 0; at <= text.length && size > 0; at++) {
    const code = at < text.length ? text.charCodeAt(at) : NEWLINE;
    if (code >= DIGIT_0 && code <= DIGIT_9) {
      value = value * 10 + (code - DIGIT_0);
      inNumber = true;
      continue;
    }
    if (inNumber) {
      if (field === 0) {
        snapshot.ids[product] = value;
        snapshot.optionStart[product] = option;
      } else if (field === 1) snapshot.brandIndexes[product] = brandIndexById.get(value) ?? -1;
      else if (field === 2) snapshot.priceFrom[product] = value;
      else if (field === 3) snapshot.priceTo[product] = value;
      else if (field === 4) snapshot.available[product] = value;
      else if (field === 5) snapshot.typeIndexes[product] = value - 1;
      else {
        const attributeIndex = attributeIndexById.get(value);
        if (attributeIndex !== undefined) snapshot.optionIndexes[option++] = attributeIndex;
      }
      value = 0;
      inNumber = false;
    }
    if (code === SPACE) field++;
    else if (code === NEWLINE) {
      product++;
      field = 0;
    }
  }
  snapshot.optionStart[size] = option;
  return snapshot;
}

const DIGIT_0 = 48;
const DIGIT_9 = 57;
const SPACE = 32;
const NEWLINE = 10;

type Kept = {
  snapshot?: FacetSnapshot;
  loading?: Promise<FacetSnapshot>;
  /** Changes announced to this process, and how many of them the snapshot was taken after. */
  changes: number;
  seen: number;
  /** How many changes had been announced when the load under way began. */
  loadingAfter?: number;
};
// One snapshot per database handle (one per process in the app; one per test database).
const kept = new WeakMap<Db, Kept>();

const keptFor = (db: Db): Kept => {
  let entry = kept.get(db);
  if (!entry) {
    entry = { changes: 0, seen: 0 };
    kept.set(db, entry);
  }
  return entry;
};

/**
 * The shop changed (`shop_changed`, heard by this process): the next call waits for a new
 * snapshot rather than answer from this one, as the pages it feeds are being made afresh and
 * would keep old counts for their own lifetime.
 */
export function outdateFacetSnapshot(db: Db): void {
  keptFor(db).changes++;
}

/**
 * This process's facet snapshot of `db`: taken on first use, and again after a change was
 * announced (`outdateFacetSnapshot`); once older than `lifetimeMs` the next call starts a new one
 * and answers from the old one meanwhile, so a shopper never waits for a reload on the clock
 * alone. Concurrent calls share one load.
 */
export async function facetSnapshot(
  db: Db,
  { lifetimeMs = FACET_SNAPSHOT_LIFETIME_MS, now = () => new Date() } = {},
): Promise<FacetSnapshot> {
  const state = keptFor(db);
  const reload = () => {
    if (state.loading) return state.loading;
    const changes = state.changes;
    state.loadingAfter = changes;
    state.loading = takeFacetSnapshot(db, now())
      .then((snapshot) => {
        state.snapshot = snapshot;
        state.seen = changes;
        return snapshot;
      })
      .finally(() => {
        state.loading = undefined;
      });
    return state.loading;
  };
  const current = state.snapshot;
  if (!current) return reload();
  if (state.seen !== state.changes) {
    // A load that began before the last change may not show it: wait for it, then load again.
    if (state.loading && state.loadingAfter !== state.changes) {
      await state.loading.catch(() => {});
      return facetSnapshot(db, { lifetimeMs, now });
    }
    // A failed load leaves the old snapshot to answer.
    return reload().catch(() => current);
  }
  if (now().getTime() - current.takenAt.getTime() >= lifetimeMs) {
    // A failed reload keeps the old snapshot; the next request past its lifetime tries again.
    reload().catch(() => {});
  }
  return current;
}

/** The chosen filters of a query, as flags over a snapshot's bands, types and options. */
type Chosen = {
  brands: Uint8Array | undefined;
  types: Uint8Array | undefined;
  /** Each chosen option's group (its attribute type), -1 for the others. */
  optionGroups: Int32Array | undefined;
  /** Every option's group when its attribute type has a chosen value, -1 for the others. */
  typeGroups: Int32Array | undefined;
  groupCount: number;
};

function chosenFilters(snapshot: FacetSnapshot, query: ProductListQuery): Chosen | undefined {
  let brandFlags: Uint8Array | undefined;
  if (query.brand) {
    brandFlags = new Uint8Array(snapshot.brands.length);
    for (const value of query.brand) {
      const index =
        typeof value === "number"
          ? snapshot.brandIndexById.get(value)
          : snapshot.brandIndexBySlug.get(value);
      if (index !== undefined) brandFlags[index] = 1;
    }
  }
  let typeFlags: Uint8Array | undefined;
  if (query.type) {
    typeFlags = new Uint8Array(PRODUCT_TYPES.length);
    for (const slug of query.type) {
      const title = productTypeBySlug(slug)?.title ?? slug;
      const index = PRODUCT_TYPES.findIndex((type) => type.title === title);
      if (index >= 0) typeFlags[index] = 1;
    }
  }
  let optionGroups: Int32Array | undefined;
  const groups = new Map<number, number>();
  if (query.attributes) {
    optionGroups = new Int32Array(snapshot.attributes.length).fill(-1);
    for (const id of query.attributes) {
      const index = snapshot.attributeIndexById.get(id);
      // As the listing does: an option that does not exist matches nothing (listingConditions).
      if (index === undefined) return undefined;
      const typeId = (snapshot.attributes[index] as AttributeRow).typeId;
      if (!groups.has(typeId)) groups.set(typeId, groups.size);
      optionGroups[index] = groups.get(typeId) as number;
    }
  }
  let typeGroups: Int32Array | undefined;
  if (optionGroups) {
    typeGroups = new Int32Array(snapshot.attributes.length).fill(-1);
    snapshot.attributes.forEach((attribute, index) => {
      const group = groups.get(attribute.typeId);
      if (group !== undefined && typeGroups) typeGroups[index] = group;
    });
  }
  return {
    brands: brandFlags,
    types: typeFlags,
    optionGroups,
    typeGroups,
    groupCount: groups.size,
  };
}

/** The snapshot's indexes of the products whose ids are in `ids` (the snapshot is in id order). */
function indexesOf(snapshot: FacetSnapshot, ids: Set<number>): Int32Array {
  const found: number[] = [];
  for (const id of ids) {
    let low = 0;
    let high = snapshot.size - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const at = snapshot.ids[middle] as number;
      if (at === id) {
        found.push(middle);
        break;
      }
      if (at < id) low = middle + 1;
      else high = middle - 1;
    }
  }
  return Int32Array.from(found.sort((a, b) => a - b));
}

const increment = (counts: Int32Array, index: number) => {
  counts[index] = (counts[index] as number) + 1;
};

const BRAND = 1;
const TYPE = 2;
const OPTIONS = 4;
const PRICE = 8;
const STOCK = 16;

/**
 * The facets of `query` counted on a snapshot, as `productFilters` counts them in SQL: each facet
 * under every filter but its own, options those of the scope (`scopeIds`, the live ids matching
 * the query's search and collection, or every product when undefined; and the band when
 * `brandFixed`) plus every chosen one. One pass over the scope's products.
 */
export function countFacets(
  snapshot: FacetSnapshot,
  query: ProductListQuery,
  scopeIds: Set<number> | undefined,
  brandFixed: boolean,
): Omit<ProductFilters, "countsAsOf"> | undefined {
  const chosen = chosenFilters(snapshot, query);
  if (!chosen) return undefined;
  // Listed: the option is in the scope (or chosen), so it shows even at 0.
  const brandCounts = new Int32Array(snapshot.brands.length);
  const brandListed = chosen.brands
    ? Uint8Array.from(chosen.brands)
    : new Uint8Array(brandCounts.length);
  const typeCounts = new Int32Array(PRODUCT_TYPES.length);
  const typeListed = chosen.types
    ? Uint8Array.from(chosen.types)
    : new Uint8Array(typeCounts.length);
  const optionCounts = new Int32Array(snapshot.attributes.length);
  const optionListed = new Uint8Array(optionCounts.length);
  if (chosen.optionGroups)
    chosen.optionGroups.forEach((group, index) => {
      if (group >= 0) optionListed[index] = 1;
    });
  // The last product that hit each group, so a product's two Ms count its group once.
  const groupHitBy = new Int32Array(chosen.groupCount).fill(-1);
  let minPrice = Number.POSITIVE_INFINITY;
  let maxPrice = Number.NEGATIVE_INFINITY;
  let inStock = 0;
  const { priceMin, priceMax, inStock: onlyInStock } = query;
  const scope = scopeIds ? indexesOf(snapshot, scopeIds) : undefined;
  const total = scope ? scope.length : snapshot.size;
  for (let position = 0; position < total; position++) {
    const index = scope ? (scope[position] as number) : position;
    const brand = snapshot.brandIndexes[index] as number;
    const type = snapshot.typeIndexes[index] as number;
    const from = snapshot.optionStart[index] as number;
    const to = snapshot.optionStart[index + 1] as number;
    let failed = 0;
    // The one chosen attribute type this product misses, if it misses exactly one: its options
    // of that type still count (disjunctive facets: 'L' counts while 'M' is chosen).
    let missedGroup = -1;
    if (chosen.brands && chosen.brands[brand] !== 1) failed |= BRAND;
    if (chosen.types && (type < 0 || chosen.types[type] !== 1)) failed |= TYPE;
    if (chosen.optionGroups) {
      let groupsHit = 0;
      for (let option = from; option < to; option++) {
        const group = chosen.optionGroups[snapshot.optionIndexes[option] as number] as number;
        if (group >= 0 && groupHitBy[group] !== index) {
          groupHitBy[group] = index;
          groupsHit++;
        }
      }
      if (groupsHit < chosen.groupCount) {
        failed |= OPTIONS;
        if (groupsHit === chosen.groupCount - 1)
          for (let group = 0; group < chosen.groupCount; group++)
            if (groupHitBy[group] !== index) missedGroup = group;
      }
    }
    if (
      (priceMin !== undefined && (snapshot.priceTo[index] as number) < priceMin) ||
      (priceMax !== undefined && (snapshot.priceFrom[index] as number) > priceMax)
    )
      failed |= PRICE;
    const available = snapshot.available[index] === 1;
    if (onlyInStock && !available) failed |= STOCK;

    // On a band page the scope is the band's products: the other bands are not even listed.
    const inScope = !brandFixed || (failed & BRAND) === 0;
    if (inScope) {
      if (brand >= 0) brandListed[brand] = 1;
      if (type >= 0) typeListed[type] = 1;
      for (let option = from; option < to; option++)
        optionListed[snapshot.optionIndexes[option] as number] = 1;
    }
    // Counted under every filter but its own: a product failing one filter counts there only.
    // Written out, not a closure: a closure made per product was seven-eighths of the loop's time.
    if ((failed === 0 || failed === BRAND) && inScope && brand >= 0) increment(brandCounts, brand);
    if ((failed === 0 || failed === TYPE) && type >= 0) increment(typeCounts, type);
    if (failed === 0)
      for (let option = from; option < to; option++)
        increment(optionCounts, snapshot.optionIndexes[option] as number);
    else if (failed === OPTIONS && missedGroup >= 0 && chosen.typeGroups)
      for (let option = from; option < to; option++) {
        const attribute = snapshot.optionIndexes[option] as number;
        if (chosen.typeGroups[attribute] === missedGroup) increment(optionCounts, attribute);
      }
    if (failed === 0 || failed === PRICE) {
      minPrice = Math.min(minPrice, snapshot.priceFrom[index] as number);
      maxPrice = Math.max(maxPrice, snapshot.priceTo[index] as number);
    }
    if ((failed === 0 || failed === STOCK) && available) inStock++;
  }

  const brandList = snapshot.brands.flatMap((brand, index) =>
    brandListed[index] ? [{ ...brand, count: brandCounts[index] as number }] : [],
  );
  const types = PRODUCT_TYPES.flatMap((type, index) =>
    typeListed[index]
      ? [{ slug: type.slug, title: type.title, count: typeCounts[index] as number }]
      : [],
  );
  const attributeTypeList: ProductFilters["attributeTypes"] = [];
  snapshot.attributes.forEach((attribute, index) => {
    if (!optionListed[index]) return;
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
      count: optionCounts[index] as number,
    });
  });
  return {
    brands: brandList,
    types,
    attributeTypes: attributeTypeList,
    price: minPrice === Number.POSITIVE_INFINITY ? null : { min: minPrice, max: maxPrice },
    inStock,
  };
}
