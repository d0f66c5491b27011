import { and, asc, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { billingNote } from "../../../common/billing-notes.ts";
import type { ProductCard, ProductView } from "../../../common/catalog.ts";
import type { ImageRef } from "../../../common/images.ts";
import type { CappedPage } from "../../../common/pagination.ts";
import type { ProductListQuery } from "../../../common/product-list-query.ts";
import { productTypeBySlug } from "../../../common/product-types.ts";
import { billingTermsOf } from "../../billing/index.ts";
import type { Db } from "../../db/client.ts";
import { cappedPageMeta, countLimit, pageOffset } from "../../db/pagination.ts";
import { mediaFileView } from "../../media/index.ts";
import { sanitizeRichText } from "../../platform/index.ts";
import {
  attributes,
  attributeTypes,
  brands,
  type CollectionRule,
  collectionProducts,
  productCollections,
  productMedia,
  products,
  productVariants,
  variantAttributes,
} from "../schema.ts";
import { optionColumns } from "./attributes.ts";
import { searchTsquery } from "./search.ts";

/** Stock at or below this shows as 'only N left'; above it, just 'in stock'. */
export const LOW_STOCK = 5;

/**
 * A listing counts its matches up to this many (more for a page beyond them): counting all of
 * 100,000 products on every request cost more than finding the page itself. Beyond it the
 * answer says `totalIsCapped` and the shopper sees "1,000+ products".
 */
export const PRODUCT_COUNT_CAP = 1000;

// A literal, not a parameter, so the partial indexes `where status = 'published'` always serve it.
const published = sql`${products.status} = 'published'`;

/**
 * The SQL condition for the products a collection holds, curated or by rule: the one evaluator of
 * collection rules, for the storefront, discounts and the staff lists alike.
 */
export function collectionCondition(collection: {
  id: number;
  kind: "curated" | "rule";
  rule: CollectionRule | null;
}): SQL {
  if (collection.kind === "curated" || !collection.rule) {
    return inArray(
      products.id,
      sql`(select cp.product_id from ${collectionProducts} cp where cp.collection_id = ${collection.id})`,
    );
  }
  const rule = collection.rule;
  switch (rule.type) {
    case "new-in":
      return sql`${products.publishedAt} >= now() - make_interval(days => ${rule.days})`;
    case "tag":
      return sql`${products.tags} @> array[${rule.tag}]::text[]`;
    case "on-sale":
      return sql`${products.compareAtFrom} is not null`;
    case "low-stock":
      return sql`${products.stockTotal} between 1 and ${rule.below}`;
    case "band":
      return eq(products.brandId, rule.brandId);
    case "product-type":
      return eq(
        products.productType,
        productTypeBySlug(rule.productType)?.title ?? rule.productType,
      );
    case "price":
      return (
        and(
          rule.min === undefined ? undefined : sql`${products.priceFrom} >= ${rule.min}`,
          rule.max === undefined ? undefined : sql`${products.priceFrom} <= ${rule.max}`,
        ) ?? sql`true`
      );
  }
}

/** Finds a collection by id or slug. */
export async function findCollection(db: Db, idOrSlug: number | string) {
  const [collection] = await db
    .select()
    .from(productCollections)
    .where(
      typeof idOrSlug === "number"
        ? eq(productCollections.id, idOrSlug)
        : eq(productCollections.slug, idOrSlug),
    );
  return collection;
}

/**
 * The ids, among `candidateIds`, of the products in any of these bands, products or collections
 * (a collection by what it holds now, curated or by rule). Empty when nothing is named.
 */
export async function productIdsWithin(
  db: Db,
  candidateIds: number[],
  within: { brandIds: number[]; productIds: number[]; collectionIds: number[] },
): Promise<Set<number>> {
  const collections = await Promise.all(within.collectionIds.map((id) => findCollection(db, id)));
  const matches: SQL[] = [];
  if (within.brandIds.length) matches.push(inArray(products.brandId, within.brandIds));
  if (within.productIds.length) matches.push(inArray(products.id, within.productIds));
  for (const collection of collections)
    if (collection) matches.push(collectionCondition(collection));
  if (matches.length === 0 || candidateIds.length === 0) return new Set();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, candidateIds), or(...matches)));
  return new Set(rows.map((row) => row.id));
}

/**
 * The chosen options grouped by their attribute type (Size: M, L; Colour: Black): values of one
 * type widen the match (M or L), different types narrow it (M and Black). Undefined when an
 * option does not exist (the listing then matches nothing).
 */
export async function chosenOptionGroups(
  db: Db,
  optionIds: number[],
): Promise<Map<number, number[]> | undefined> {
  const rows = await db
    .select({ id: attributes.id, typeId: attributes.attributeTypeId })
    .from(attributes)
    .where(inArray(attributes.id, optionIds));
  if (rows.length < new Set(optionIds).size) return undefined;
  const byType = new Map<number, number[]>();
  for (const row of rows) byType.set(row.typeId, [...(byType.get(row.typeId) ?? []), row.id]);
  return byType;
}

/** A product has one of these options (one attribute type's chosen values). */
export const optionGroupCondition = (ids: number[]): SQL =>
  sql`${products.attributeIds} && ${sql.param(ids)}::int[]`;

export type FilterPart = "brand" | "type" | "attributes" | "price" | "inStock";

/**
 * The conditions of a listing query. `except` leaves one filter out, as facet counts need: a band
 * facet counts products of every band under the other filters. Undefined means nothing can match
 * (an unknown collection).
 */
export async function listingConditions(
  db: Db,
  query: ProductListQuery,
  except?: FilterPart,
): Promise<SQL[] | undefined> {
  const conditions: SQL[] = [published];
  if (query.brand && except !== "brand") {
    const ids = query.brand.filter((value) => typeof value === "number");
    const slugs = query.brand.filter((value) => typeof value === "string");
    const byBrand = [
      ...(ids.length ? [inArray(brands.id, ids)] : []),
      ...(slugs.length ? [inArray(brands.slug, slugs)] : []),
    ];
    conditions.push(
      inArray(
        products.brandId,
        db
          .select({ id: brands.id })
          .from(brands)
          .where(or(...byBrand)),
      ),
    );
  }
  if (query.collection) {
    const collection = await findCollection(db, query.collection);
    if (!collection) return undefined;
    conditions.push(collectionCondition(collection));
  }
  if (query.type && except !== "type") {
    const titles = query.type.map((slug) => productTypeBySlug(slug)?.title ?? slug);
    conditions.push(inArray(products.productType, titles));
  }
  if (query.attributes && except !== "attributes") {
    const groups = await chosenOptionGroups(db, query.attributes);
    if (!groups) return undefined;
    for (const ids of groups.values()) conditions.push(optionGroupCondition(ids));
  }
  if (except !== "price") {
    if (query.priceMin !== undefined)
      conditions.push(sql`${products.priceTo} >= ${query.priceMin}`);
    if (query.priceMax !== undefined)
      conditions.push(sql`${products.priceFrom} <= ${query.priceMax}`);
  }
  if (query.inStock && except !== "inStock")
    conditions.push(sql`(${products.stockTotal} > 0 or ${products.preOrder})`);
  const tsquery = query.q ? await searchTsquery(db, query.q) : undefined;
  if (query.q && !tsquery) return undefined;
  if (tsquery) conditions.push(foundBy(products.searchDocument, tsquery));
  return conditions;
}

/** Whether the search names the product (false, never null, for a name not yet written). */
const namedBy = (tsquery: string) => sql`coalesce(${foundBy(products.searchName, tsquery)}, false)`;

/** A product whose `document` (its whole search document, or its name alone) holds the search. */
const foundBy = (
  document: typeof products.searchDocument | typeof products.searchName,
  tsquery: string,
) => sql`${document} @@ to_tsquery('english', ${tsquery})`;

// behaviour.md §3: a product's image is its first IMAGE file, its alt text the product's title. The
// outer product is named in full ("products"."id"): see the note in brands.ts.
const firstImage = sql<ImageRef | null>`(
  select json_build_object('slug', ${mediaFileView.slug}, 'alt', "products"."title", 'width', ${mediaFileView.width}, 'height', ${mediaFileView.height})
  from ${productMedia} pm
  join ${mediaFileView} on ${mediaFileView.id} = pm.file_id and ${mediaFileView.fileType} = 'IMAGE'
  where pm.product_id = "products"."id"
  order by pm.position, pm.file_id
  limit 1
)`;

export const cardColumns = {
  id: products.id,
  slug: products.slug,
  title: products.title,
  productType: products.productType,
  brand: sql<
    ProductCard["brand"]
  >`json_build_object('id', ${brands.id}, 'slug', ${brands.slug}, 'title', ${brands.title})`,
  priceFrom: products.priceFrom,
  priceTo: products.priceTo,
  compareAtPrice: products.compareAtFrom,
  inStock: sql<boolean>`${products.stockTotal} > 0`,
  stockLeft: sql<
    number | null
  >`case when ${products.stockTotal} between 1 and ${LOW_STOCK} then ${products.stockTotal} end`,
  preOrder: products.preOrder,
  releaseDate: products.releaseDate,
  image: firstImage,
};

// "nulls last" as the listing indexes are built (schema.ts), so an index can serve the order.
const idDescending = sql`${products.id} desc nulls last`;

function ordering(query: ProductListQuery): SQL[] {
  switch (query.sort) {
    case "newest":
      return [sql`${products.publishedAt} desc nulls last`, idDescending];
    case "price-asc":
      return [asc(products.priceFrom), asc(products.id)];
    case "price-desc":
      // Read backwards, the (status, price_from, id) index gives exactly this order.
      return [desc(products.priceFrom), desc(products.id)];
    case "title":
      return [asc(products.title), asc(products.id)];
    default:
      // A search without a chosen sort has its own order (`searchPage`).
      return [
        sql`${products.featuredRank} asc nulls last`,
        sql`${products.publishedAt} desc nulls last`,
        idDescending,
      ];
  }
}

/**
 * The hand-picked collection whose team order (its staff form's) the listing shows: when the
 * shopper has chosen no other sort and is not searching; undefined otherwise.
 */
async function teamOrderedCollection(
  db: Db,
  query: ProductListQuery,
  tsquery: string | undefined,
): Promise<number | undefined> {
  if (query.collection === undefined || tsquery || (query.sort && query.sort !== "featured"))
    return undefined;
  const collection = await findCollection(db, query.collection);
  return collection?.kind === "curated" ? collection.id : undefined;
}

/**
 * The query of one page of the listing's ids, in its order. Only ids: the cards' columns, band
 * and image are fetched for the page's rows alone, not for every row a deep page skips.
 */
function pageIdsQuery(
  db: Db,
  query: ProductListQuery,
  where: SQL | undefined,
  teamCollectionId: number | undefined,
) {
  const { page, perPage } = query;
  // A curated collection joins its positions (collection_products_position_idx) rather than
  // looking each product's position up.
  return teamCollectionId === undefined
    ? db
        .select({ id: products.id })
        .from(products)
        .where(where)
        .orderBy(...ordering(query))
        .limit(perPage)
        .offset(pageOffset(page, perPage))
    : db
        .select({ id: products.id })
        .from(products)
        .innerJoin(
          collectionProducts,
          and(
            eq(collectionProducts.productId, products.id),
            eq(collectionProducts.collectionId, teamCollectionId),
          ),
        )
        .where(where)
        .orderBy(asc(collectionProducts.position), asc(products.id))
        .limit(perPage)
        .offset(pageOffset(page, perPage));
}

/**
 * The ids of one page, in its order, and the matches counted up to `limit` + 1 (one row past the
 * limit tells "exactly `limit`" from "more than `limit`"). One statement, not two: each statement
 * costs a pool checkout, a round trip and PostgreSQL's parse, plan and executor start, which at
 * 100,000 products were a large part of an uncached listing's CPU (decision 0033).
 */
async function pageIdsAndCount(
  db: Db,
  query: ProductListQuery,
  where: SQL | undefined,
  tsquery: string | undefined,
  limit: number,
): Promise<{ ids: number[]; counted: number }> {
  const teamCollectionId = await teamOrderedCollection(db, query, tsquery);
  // Counted in the page's own order: PostgreSQL then reads the index the page reads and stops at
  // the cap, where unordered it may combine whole bitmaps of the filters' indexes first (T-shirts
  // in M up to £30 at 100,000 products: 12.7 ms against 1.0, decision 0039).
  const matches = db
    .select({ one: sql`1` })
    .from(products)
    .where(where)
    .orderBy(...ordering(query))
    .limit(limit + 1);
  const result = await db.execute(sql`select
    array${pageIdsQuery(db, query, where, teamCollectionId)} as ids,
    (select count(*)::int from ${matches} as matches) as counted`);
  const [row] = (result as unknown as { rows: { ids: number[]; counted: number }[] }).rows;
  if (!row) throw new Error("The listing's page query returned no row");
  return row;
}

const isDefaultSort = (query: ProductListQuery) =>
  query.sort === undefined || query.sort === "featured";

/**
 * A page of a search without a chosen sort (decision 0039): first the products it names (every
 * word in the title or the band's name, `search_name`), then the others it finds (in the type,
 * tags or description), each part in the shop's featured order, and the page's own rows ranked
 * (`rankedWithinPage`); the matches counted up to `limit` + 1 as a listing's are. Both parts
 * are read in an index's order and stop at the page: ranking every match read each one's row,
 * 3,400 for a band's name at 100,000 products. The named part needs only `search_name`, whose
 * words the whole document holds.
 */
async function searchPage(
  db: Db,
  query: ProductListQuery,
  filters: SQL[],
  tsquery: string,
  limit: number,
): Promise<{ ids: number[]; counted: number }> {
  const { page, perPage } = query;
  const skip = pageOffset(page, perPage);
  const wanted = skip + perPage;
  const found = and(...filters, foundBy(products.searchDocument, tsquery));
  const named = db
    .select({ id: products.id })
    .from(products)
    .where(and(...filters, foundBy(products.searchName, tsquery)))
    .orderBy(...ordering(query))
    .limit(wanted);
  const matches = db
    .select({ one: sql`1` })
    .from(products)
    .where(found)
    .limit(limit + 1);
  const result = await db.execute(sql`select
    array${named} as ids,
    (select count(*)::int from ${matches} as matches) as counted`);
  const [row] = (result as unknown as { rows: { ids: number[]; counted: number }[] }).rows;
  if (!row) throw new Error("The search's page query returned no row");
  if (row.ids.length === wanted || row.counted === 0) {
    return { ids: await rankedWithinPage(db, row.ids.slice(skip), tsquery), counted: row.counted };
  }
  // The page reaches past the named products, to the rest, in the featured order too. With more
  // matches than were counted they are many, and walking the featured order finds the page's soon;
  // with every match counted they are few (at most `limit`), read through the search index in a
  // query of their own (materialised), since walking the order would look for rows that are not
  // there: PostgreSQL cannot tell, as it takes the two documents' matches to be unrelated.
  const namedCount = row.ids.length;
  const restSkip = Math.max(0, skip - namedCount);
  const restLimit = wanted - namedCount - restSkip;
  const unnamed = sql`not ${namedBy(tsquery)}`;
  const rest = await db.execute(
    row.counted > limit
      ? sql`select ${products.id} as id from ${products} where ${found} and ${unnamed}
          order by ${sql.join(ordering(query), sql`, `)}
          limit ${restLimit} offset ${restSkip}`
      : sql`with matched as materialized (
            select ${products.id} as id, ${products.featuredRank} as featured_rank,
              ${products.publishedAt} as published_at, ${unnamed} as unnamed
            from ${products} where ${found}
          )
          select id from matched where unnamed
          order by featured_rank asc nulls last, published_at desc nulls last, id desc
          limit ${restLimit} offset ${restSkip}`,
  );
  const restIds = (rest as unknown as { rows: { id: number }[] }).rows.map((entry) => entry.id);
  return {
    ids: await rankedWithinPage(db, [...row.ids.slice(skip), ...restIds], tsquery),
    counted: row.counted,
  };
}

/**
 * A search's page in the order its products match best: the named ones still first, then by
 * `ts_rank` (title and band weigh most, then type and tags, then the description), ties in the
 * order the page was read. Only the page's rows are ranked, so which products a page holds stays
 * fixed and paging never repeats or skips one.
 */
async function rankedWithinPage(db: Db, ids: number[], tsquery: string): Promise<number[]> {
  if (ids.length < 2) return ids;
  const result = await db.execute(sql`
    select ${products.id} as id from ${products}
    where ${products.id} = any(${sql.param(ids)}::int[])
    order by ${namedBy(tsquery)} desc,
      ts_rank(${products.searchDocument}, to_tsquery('english', ${tsquery})) desc,
      array_position(${sql.param(ids)}::int[], ${products.id})`);
  return (result as unknown as { rows: { id: number }[] }).rows.map((entry) => entry.id);
}

/**
 * Published products matching the query, one page of cards, with the total counted up to
 * `countCap` (`countLimit`).
 */
export async function listProducts(
  db: Db,
  query: ProductListQuery,
  { countCap = PRODUCT_COUNT_CAP }: { countCap?: number } = {},
): Promise<CappedPage<ProductCard>> {
  const { page, perPage } = query;
  const limit = countLimit(page, perPage, countCap);
  const filters = await listingConditions(db, { ...query, q: undefined });
  const tsquery = query.q ? await searchTsquery(db, query.q) : undefined;
  if (!filters || (query.q && !tsquery)) {
    return { data: [], meta: cappedPageMeta(page, perPage, 0, limit) };
  }
  // A search has no team order, even in a curated collection (`teamOrderedCollection`).
  const { ids, counted } =
    tsquery !== undefined && isDefaultSort(query)
      ? await searchPage(db, query, filters, tsquery, limit)
      : await pageIdsAndCount(
          db,
          query,
          and(...filters, ...(tsquery ? [foundBy(products.searchDocument, tsquery)] : [])),
          tsquery,
          limit,
        );
  return {
    data: await productCardsByIds(db, ids),
    meta: cappedPageMeta(page, perPage, counted, limit),
  };
}

/** A published product by id or slug with its variants, options and files; undefined if none. */
export async function getProduct(
  db: Db,
  idOrSlug: number | string,
): Promise<ProductView | undefined> {
  const [card] = await db
    .select({
      ...cardColumns,
      description: products.description,
      tags: products.tags,
      seoTitle: products.seoTitle,
      seoDescription: products.seoDescription,
      billingModelId: products.billingModelId,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(
      and(
        published,
        typeof idOrSlug === "number" ? eq(products.id, idOrSlug) : eq(products.slug, idOrSlug),
      ),
    );
  if (!card) return undefined;

  const [variantRows, optionRows, files] = await Promise.all([
    db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, card.id))
      .orderBy(asc(productVariants.position), asc(productVariants.id)),
    db
      .select({ variantId: variantAttributes.variantId, ...optionColumns })
      .from(variantAttributes)
      .innerJoin(productVariants, eq(productVariants.id, variantAttributes.variantId))
      .innerJoin(attributes, eq(attributes.id, variantAttributes.attributeId))
      .innerJoin(attributeTypes, eq(attributeTypes.id, attributes.attributeTypeId))
      .where(eq(productVariants.productId, card.id))
      .orderBy(asc(attributeTypes.position), asc(attributeTypes.id), asc(attributes.position)),
    db
      .select({
        id: mediaFileView.id,
        slug: mediaFileView.slug,
        title: mediaFileView.title,
        fileType: mediaFileView.fileType,
        width: mediaFileView.width,
        height: mediaFileView.height,
        alt: mediaFileView.alt,
        attributeId: productMedia.attributeId,
      })
      .from(productMedia)
      .innerJoin(mediaFileView, eq(mediaFileView.id, productMedia.fileId))
      .where(eq(productMedia.productId, card.id))
      .orderBy(asc(productMedia.position), asc(productMedia.fileId)),
  ]);

  const types = new Map<number, ProductView["attributeTypes"][number]>();
  for (const row of optionRows) {
    const type = types.get(row.typeId) ?? {
      id: row.typeId,
      slug: row.typeSlug,
      title: row.typeTitle,
      display: row.display,
      attributes: [],
    };
    if (!type.attributes.some((attribute) => attribute.id === row.id)) {
      type.attributes.push({ id: row.id, slug: row.slug, title: row.title, swatch: row.swatch });
    }
    types.set(row.typeId, type);
  }
  const variants = variantRows.map((variant) => ({
    id: variant.id,
    sku: variant.sku,
    price: variant.price,
    compareAtPrice: variant.compareAtPrice,
    inStock: variant.stockOnHand > 0,
    stockLeft:
      variant.stockOnHand > 0 && variant.stockOnHand <= LOW_STOCK ? variant.stockOnHand : null,
    attributes: optionRows
      .filter((row) => row.variantId === variant.id)
      .map((row) => ({ id: row.id, slug: row.slug, title: row.title, typeId: row.typeId })),
  }));
  // A gallery image's alt text says what it shows (a colour, the back, the print up close); a
  // file without one falls back to the product's title, as cards and basket lines use
  // (behaviour.md §3).
  const mediaList = files.map((file) => ({ ...file, alt: file.alt.trim() || card.title }));
  card.description = sanitizeRichText(card.description);
  const { billingModelId: _model, ...shown } = card;
  const [billing = null] = await billingTermsOf(db, [card]);
  return {
    ...(shown as ProductCard &
      Pick<ProductView, "description" | "tags" | "seoTitle" | "seoDescription">),
    billing,
    billingNote: billingNote(billing) ?? null,
    variants,
    attributeTypes: [...types.values()],
    mediaFiles: mediaList,
  };
}

/**
 * A card as one JSON object, its keys in `cardColumns`' order: PostgreSQL builds a page's cards
 * as one JSON value, which the driver reads with one `JSON.parse`, where reading 24 rows of 13
 * columns and mapping each value through Drizzle cost more than a tenth of an uncached listing's
 * CPU (decision 0033).
 */
const cardJson = sql`json_build_object(${sql.join(
  Object.entries(cardColumns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
  sql`, `,
)})`;

/**
 * The cards query, built once per database handle and prepared (named, so PostgreSQL parses and
 * plans it once per connection): every listing page runs it, and building its SQL (the band's
 * JSON, the first image's subquery) was the largest part of a listing's Drizzle time.
 */
const preparedCards = new WeakMap<Db, ReturnType<typeof prepareCardsByIds>>();

function prepareCardsByIds(db: Db) {
  return db
    .select({ cards: sql<ProductCard[]>`coalesce(json_agg(${cardJson}), '[]')` })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(and(published, sql`${products.id} = any(${sql.placeholder("ids")}::int[])`))
    .prepare("product_cards_by_ids");
}

/** The published products among `ids` as cards, in the order of `ids` (others are left out). */
export async function productCardsByIds(db: Db, ids: number[]): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  let prepared = preparedCards.get(db);
  if (!prepared) {
    prepared = prepareCardsByIds(db);
    preparedCards.set(db, prepared);
  }
  const [found] = await prepared.execute({ ids });
  const cards = found?.cards ?? [];
  return cards.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
}

/** A published product's id, band and type, by id or slug: what its related lists start from. */
export async function publishedProductKey(db: Db, idOrSlug: number | string) {
  const [product] = await db
    .select({ id: products.id, brandId: products.brandId, productType: products.productType })
    .from(products)
    .where(
      and(
        published,
        typeof idOrSlug === "number" ? eq(products.id, idOrSlug) : eq(products.slug, idOrSlug),
      ),
    );
  return product;
}

/**
 * Products to show beside `product`: the same band first, then the same type; never the product
 * itself; sold-out ones last.
 */
export async function relatedProducts(
  db: Db,
  idOrSlug: number | string,
  limit = 8,
): Promise<ProductCard[] | undefined> {
  const product = await publishedProductKey(db, idOrSlug);
  if (!product) return undefined;
  const rows = await db
    .select(cardColumns)
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(
      and(
        published,
        sql`${products.id} <> ${product.id}`,
        or(eq(products.brandId, product.brandId), eq(products.productType, product.productType)),
      ),
    )
    .orderBy(
      sql`(${products.stockTotal} = 0 and not ${products.preOrder})`,
      sql`(${products.brandId} <> ${product.brandId})`,
      sql`(${products.productType} <> ${product.productType})`,
      sql`${products.featuredRank} asc nulls last`,
      asc(products.id),
    )
    .limit(limit);
  return rows as ProductCard[];
}

/**
 * The variant of a published product with exactly these option values (the no-JavaScript add to
 * basket posts the chosen options, not a variant id). Undefined when there is none.
 */
export async function findVariantByOptions(
  db: Db,
  productId: number,
  attributeIds: number[],
): Promise<{ id: number | undefined; missing: string[] }> {
  const product = await getProduct(db, productId);
  if (!product) return { id: undefined, missing: [] };
  const wanted = new Set(attributeIds);
  const match = product.variants.find(
    (variant) =>
      variant.attributes.length === wanted.size &&
      variant.attributes.every((attribute) => wanted.has(attribute.id)),
  );
  // The options not chosen, by name, for the shopper to be told which are left.
  const missing = product.attributeTypes
    .filter((type) => !type.attributes.some((attribute) => wanted.has(attribute.id)))
    .map((type) => type.title);
  return { id: match?.id, missing };
}
