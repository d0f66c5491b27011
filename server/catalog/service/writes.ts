// The catalogue's writes. Each one refreshes the product summaries it affects and notifies every
// process's catalogue cache itself (ADR 0004, 0009), so no caller has to remember either. The
// notification is sent inside the caller's transaction, if it has one: PostgreSQL delivers it on
// commit and drops it on rollback.
import { sql } from "drizzle-orm";
import type { ATTRIBUTE_DISPLAYS } from "../../../common/catalog.ts";
import { inBatches, insertColumns } from "../../db/bulk-insert.ts";
import type { Db } from "../../db/client.ts";
import { notifyShopChanged } from "../../http/response-cache.ts";
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
  spotlights,
  variantAttributes,
} from "../schema.ts";
import { refreshProductSummaries } from "./summaries.ts";

// Products per round of inserts: a VALUES list of a thousand stays well under PostgreSQL's 65,535
// parameters, and 100,000 products take a hundred rounds. Variants, options, media and members go
// by unnest (one parameter per column); their batch size only bounds a statement's size.
const PRODUCTS_PER_BATCH = 1000;
const ROWS_PER_INSERT = 8000;

export type NewAttributeType = {
  slug: string;
  title: string;
  display?: (typeof ATTRIBUTE_DISPLAYS)[number];
  position?: number;
  /** In display order (XS, S, M … not alphabetical). */
  values: Array<{ slug: string; title: string; swatch?: string | null }>;
};

export type CreatedAttributeType = {
  id: number;
  slug: string;
  values: Array<{ id: number; slug: string; title: string }>;
};

/** Adds attribute types with their values in the order given, and tells the catalogue caches. */
export async function createAttributeTypes(
  db: Db,
  types: NewAttributeType[],
): Promise<CreatedAttributeType[]> {
  const created: CreatedAttributeType[] = [];
  for (const { values, ...type } of types) {
    const [row] = await db
      .insert(attributeTypes)
      .values(type)
      .returning({ id: attributeTypes.id, slug: attributeTypes.slug });
    if (!row) throw new Error(`Attribute type ${type.slug} was not created`);
    const valueRows = values.length
      ? await db
          .insert(attributes)
          .values(
            values.map((value, position) => ({ ...value, attributeTypeId: row.id, position })),
          )
          .returning({ id: attributes.id, slug: attributes.slug, title: attributes.title })
      : [];
    created.push({ ...row, values: valueRows });
  }
  await notifyShopChanged(db);
  return created;
}

export type NewBrand = Omit<typeof brands.$inferInsert, "id">;

/** Adds bands in the order given and tells the catalogue caches. */
export async function createBrands(
  db: Db,
  rows: NewBrand[],
): Promise<Array<typeof brands.$inferSelect>> {
  if (rows.length === 0) return [];
  const created = await db.insert(brands).values(rows).returning();
  await notifyShopChanged(db);
  return created;
}

export type NewVariant = {
  sku: string;
  price: number;
  compareAtPrice?: number | null;
  stockOnHand?: number;
  /** Its option values (one size, one colour …). */
  attributeIds?: number[];
};

export type NewProductMedia = {
  fileId: number;
  /** The colour (or format) the file shows, so the gallery can follow the shopper's choice. */
  attributeId?: number | null;
};

/** A product as written: the summary columns are the service's to fill, never the caller's. */
export type NewProduct = Omit<
  typeof products.$inferInsert,
  | "id"
  | "priceFrom"
  | "priceTo"
  | "compareAtFrom"
  | "stockTotal"
  | "attributeIds"
  | "searchDocument"
  | "searchName"
> & {
  /** In display order; each variant is stamped with the product's `createdAt`. */
  variants: NewVariant[];
  /** In gallery order. */
  media?: NewProductMedia[];
};

export type CreatedProduct = { id: number; slug: string; variantIds: number[] };

/**
 * Adds products with their variants, options and media, a thousand at a time, then refreshes
 * their summaries in one statement and tells the catalogue caches. `input` may be an async
 * stream, so a caller can make a million products without holding them all. Returns them in
 * input order.
 */
export async function createProducts(
  db: Db,
  input: Iterable<NewProduct> | AsyncIterable<NewProduct>,
): Promise<CreatedProduct[]> {
  const created: CreatedProduct[] = [];
  let batch: NewProduct[] = [];
  for await (const product of input) {
    batch.push(product);
    if (batch.length < PRODUCTS_PER_BATCH) continue;
    created.push(...(await insertProducts(db, batch)));
    batch = [];
  }
  if (batch.length) created.push(...(await insertProducts(db, batch)));
  // New rows keep the `updated_at` they were given (a seed's own clock, or now by default).
  await refreshProductSummaries(
    db,
    created.map((product) => product.id),
    { stamp: false },
  );
  await notifyShopChanged(db);
  return created;
}

async function insertProducts(db: Db, batch: NewProduct[]): Promise<CreatedProduct[]> {
  const now = new Date();
  const rows = await db
    .insert(products)
    .values(batch.map(({ variants, media, ...product }) => product))
    .returning({ id: products.id, slug: products.slug, createdAt: products.createdAt });

  const variants = batch.flatMap((product, index) =>
    product.variants.map((variant, position) => ({
      row: rows[index] as (typeof rows)[number],
      variant,
      position,
    })),
  );
  const idOfSku = new Map<string, number>();
  await inBatches(variants, ROWS_PER_INSERT, async (slice) => {
    const ids = await insertColumns<{ id: number; sku: string }>(
      db,
      productVariants,
      [
        [productVariants.productId, "int", slice.map(({ row }) => row.id)],
        [productVariants.sku, "text", slice.map(({ variant }) => variant.sku)],
        [productVariants.price, "int", slice.map(({ variant }) => variant.price)],
        [
          productVariants.compareAtPrice,
          "int",
          slice.map(({ variant }) => variant.compareAtPrice ?? null),
        ],
        [productVariants.stockOnHand, "int", slice.map(({ variant }) => variant.stockOnHand ?? 0)],
        [productVariants.position, "int", slice.map(({ position }) => position)],
        [productVariants.createdAt, "timestamptz", slice.map(({ row }) => row.createdAt ?? now)],
        [productVariants.updatedAt, "timestamptz", slice.map(({ row }) => row.createdAt ?? now)],
      ],
      sql`returning ${sql.identifier(productVariants.id.name)}, ${sql.identifier(productVariants.sku.name)}`,
    );
    for (const { id, sku } of ids) idOfSku.set(sku, Number(id));
  });
  const variantIds = variants.map(({ variant }) => idOfSku.get(variant.sku) as number);

  const options = variants.flatMap(({ variant }, index) =>
    (variant.attributeIds ?? []).map((attributeId) => [variantIds[index], attributeId]),
  );
  await inBatches(options, ROWS_PER_INSERT, (slice) =>
    insertColumns(db, variantAttributes, [
      [variantAttributes.variantId, "int", slice.map(([variantId]) => variantId)],
      [variantAttributes.attributeId, "int", slice.map(([, attributeId]) => attributeId)],
    ]),
  );

  const media = batch.flatMap((product, index) =>
    (product.media ?? []).map((file, position) => ({
      productId: (rows[index] as (typeof rows)[number]).id,
      file,
      position,
    })),
  );
  await inBatches(media, ROWS_PER_INSERT, (slice) =>
    insertColumns(db, productMedia, [
      [productMedia.productId, "int", slice.map(({ productId }) => productId)],
      [productMedia.fileId, "int", slice.map(({ file }) => file.fileId)],
      [productMedia.position, "int", slice.map(({ position }) => position)],
      [productMedia.attributeId, "int", slice.map(({ file }) => file.attributeId ?? null)],
    ]),
  );

  let next = 0;
  return batch.map((product, index) => {
    const { id, slug } = rows[index] as (typeof rows)[number];
    const first = next;
    next += product.variants.length;
    return { id, slug, variantIds: variantIds.slice(first, next) };
  });
}

type CollectionFields = Omit<typeof productCollections.$inferInsert, "id" | "kind" | "rule">;

/** A collection is curated (its products, in order) or follows a rule, never both. */
export type NewCollection =
  | (CollectionFields & { productIds: number[]; rule?: never })
  | (CollectionFields & { rule: CollectionRule; productIds?: never });

/** Adds collections in the order given, curated ones with their products, and tells the caches. */
export async function createCollections(
  db: Db,
  collections: NewCollection[],
): Promise<Array<{ id: number; slug: string }>> {
  if (collections.length === 0) return [];
  const rows = await db
    .insert(productCollections)
    .values(
      collections.map(({ productIds, rule, ...collection }) => ({
        ...collection,
        kind: rule ? ("rule" as const) : ("curated" as const),
        rule: rule ?? null,
      })),
    )
    .returning({ id: productCollections.id, slug: productCollections.slug });
  const members = collections.flatMap((collection, index) =>
    (collection.productIds ?? []).map((productId, position) => ({
      collectionId: (rows[index] as (typeof rows)[number]).id,
      productId,
      position,
    })),
  );
  await inBatches(members, ROWS_PER_INSERT, (slice) =>
    insertColumns(db, collectionProducts, [
      [collectionProducts.collectionId, "int", slice.map((row) => row.collectionId)],
      [collectionProducts.productId, "int", slice.map((row) => row.productId)],
      [collectionProducts.position, "int", slice.map((row) => row.position)],
    ]),
  );
  await notifyShopChanged(db);
  return rows;
}

type SpotlightFields = Omit<typeof spotlights.$inferInsert, "id" | "brandId" | "collectionId">;

/** A spotlight is on one band or one collection. */
export type NewSpotlight =
  | (SpotlightFields & { brandId: number; collectionId?: never })
  | (SpotlightFields & { collectionId: number; brandId?: never });

/** Adds a spotlight and tells the catalogue caches. */
export async function createSpotlight(db: Db, spotlight: NewSpotlight): Promise<{ id: number }> {
  const [row] = await db.insert(spotlights).values(spotlight).returning({ id: spotlights.id });
  if (!row) throw new Error("The spotlight was not created");
  await notifyShopChanged(db);
  return row;
}

/**
 * Deletes every spotlight, collection, product, band and attribute, and tells the catalogue
 * caches; fails (foreign key violation, SQLSTATE 23503) when orders or other data refer to them.
 * Returns the ids of the files they used, for the media module to delete.
 */
export async function deleteCatalogue(db: Db): Promise<number[]> {
  const productFiles = await db.selectDistinct({ id: productMedia.fileId }).from(productMedia);
  const bandFiles = await db
    .select({ logo: brands.logoFileId, hero: brands.heroFileId })
    .from(brands);
  const collectionFiles = await db
    .select({ id: productCollections.heroFileId })
    .from(productCollections);
  await db.delete(spotlights);
  await db.delete(collectionProducts);
  await db.delete(productCollections);
  await db.delete(productMedia);
  await db.delete(variantAttributes);
  await db.delete(productVariants);
  await db.delete(products);
  await db.delete(brands);
  await db.delete(attributes);
  await db.delete(attributeTypes);
  await notifyShopChanged(db);
  return [
    ...new Set(
      [
        ...productFiles.map((row) => row.id),
        ...bandFiles.flatMap((row) => [row.logo, row.hero]),
        ...collectionFiles.map((row) => row.id),
      ].filter((id): id is number => id !== null),
    ),
  ];
}
