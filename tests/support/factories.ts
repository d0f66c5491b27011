import { randomBytes } from "node:crypto";
import { notifyCatalogChanged } from "../../server/catalog/cache.ts";
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
} from "../../server/catalog/schema.ts";
import { refreshProductSummaries } from "../../server/catalog/service/summaries.ts";
import type { Db } from "../../server/db/client.ts";
import { deterministicFileSlug } from "../../server/media/file-types.ts";
import { mediaFiles } from "../../server/media/schema.ts";

const unique = () => randomBytes(4).toString("hex");

/** A band of its own, so a test can filter to exactly what it made. */
export async function makeBrand(db: Db, values: Partial<typeof brands.$inferInsert> = {}) {
  const id = unique();
  const [brand] = await db
    .insert(brands)
    .values({ slug: `test-band-${id}`, title: `Test Band ${id}`, ...values })
    .returning();
  if (!brand) throw new Error("brand not created");
  await notifyCatalogChanged(db);
  return brand;
}

/** An attribute type with values in the given order. */
export async function makeAttributeType(
  db: Db,
  title: string,
  values: string[],
  display: "buttons" | "swatches" = "buttons",
) {
  const id = unique();
  const [type] = await db
    .insert(attributeTypes)
    .values({ slug: `${title.toLowerCase()}-${id}`, title, display, position: 100 })
    .returning();
  if (!type) throw new Error("type not created");
  const rows = await db
    .insert(attributes)
    .values(
      values.map((value, position) => ({
        attributeTypeId: type.id,
        slug: value.toLowerCase(),
        title: value,
        position,
      })),
    )
    .returning();
  await notifyCatalogChanged(db);
  return { type, values: Object.fromEntries(rows.map((row) => [row.title, row])) };
}

type VariantInput = {
  price: number;
  stock?: number;
  compareAtPrice?: number | null;
  attributeIds?: number[];
};

/** A product with variants (and an image when asked), its summary refreshed. */
export async function makeProduct(
  db: Db,
  input: {
    brandId: number;
    title?: string;
    productType?: string;
    status?: "draft" | "published" | "archived";
    tags?: string[];
    description?: string;
    preOrder?: boolean;
    featuredRank?: number | null;
    publishedAt?: Date;
    variants: VariantInput[];
    image?: boolean;
  },
) {
  const id = unique();
  const [product] = await db
    .insert(products)
    .values({
      slug: `test-product-${id}`,
      title: input.title ?? `Test Product ${id}`,
      brandId: input.brandId,
      productType: input.productType ?? "T-shirt",
      status: input.status ?? "published",
      tags: input.tags ?? [],
      description: input.description ?? "",
      preOrder: input.preOrder ?? false,
      featuredRank: input.featuredRank ?? null,
      publishedAt: input.publishedAt ?? new Date(),
    })
    .returning();
  if (!product) throw new Error("product not created");
  const variants = [];
  for (const [index, variant] of input.variants.entries()) {
    const [row] = await db
      .insert(productVariants)
      .values({
        productId: product.id,
        sku: `TEST-${id}-${index}`,
        price: variant.price,
        compareAtPrice: variant.compareAtPrice ?? null,
        stockOnHand: variant.stock ?? 10,
        position: index,
      })
      .returning();
    if (!row) throw new Error("variant not created");
    if (variant.attributeIds?.length) {
      await db
        .insert(variantAttributes)
        .values(variant.attributeIds.map((attributeId) => ({ variantId: row.id, attributeId })));
    }
    variants.push(row);
  }
  if (input.image) {
    const [file] = await db
      .insert(mediaFiles)
      .values({
        slug: deterministicFileSlug(`test-${id}`, "webp"),
        title: "Front",
        fileType: "IMAGE",
        mimeType: "image/webp",
        byteSize: 1,
        width: 800,
        height: 1000,
      })
      .returning();
    if (file)
      await db.insert(productMedia).values({ productId: product.id, fileId: file.id, position: 0 });
  }
  await refreshProductSummaries(db, [product.id]);
  await notifyCatalogChanged(db);
  return { product, variants };
}

/** A curated collection of `productIds`, or a rule-based one. */
export async function makeCollection(
  db: Db,
  input: { productIds?: number[]; rule?: CollectionRule },
) {
  const id = unique();
  const [collection] = await db
    .insert(productCollections)
    .values({
      slug: `test-collection-${id}`,
      title: `Test Collection ${id}`,
      kind: input.rule ? "rule" : "curated",
      rule: input.rule ?? null,
    })
    .returning();
  if (!collection) throw new Error("collection not created");
  if (input.productIds?.length) {
    await db.insert(collectionProducts).values(
      input.productIds.map((productId, position) => ({
        collectionId: collection.id,
        productId,
        position,
      })),
    );
  }
  await notifyCatalogChanged(db);
  return collection;
}
