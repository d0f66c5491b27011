// Test support for the catalogue: rows of a test's own, written through the catalogue's write
// service, so summaries and the cache are kept exactly as in the shop.
import { randomBytes } from "node:crypto";
import type { CollectionRule } from "../../server/catalog/schema.ts";
import {
  createAttributeTypes,
  createBrands,
  createCollections,
  createProducts,
  type NewBrand,
} from "../../server/catalog/service/writes.ts";
import type { Db } from "../../server/db/client.ts";
import { deterministicFileSlug } from "../../server/media/file-types.ts";
import { createFiles } from "../../server/media/service.ts";

const unique = () => randomBytes(4).toString("hex");

/** A band of its own, so a test can filter to exactly what it made. */
export async function makeBrand(db: Db, values: Partial<NewBrand> = {}) {
  const id = unique();
  const [brand] = await createBrands(db, [
    { slug: `test-band-${id}`, title: `Test Band ${id}`, ...values },
  ]);
  if (!brand) throw new Error("brand not created");
  return brand;
}

/** An attribute type with values in the given order, keyed by title. */
export async function makeAttributeType(
  db: Db,
  title: string,
  values: string[],
  display: "buttons" | "swatches" = "buttons",
) {
  const [type] = await createAttributeTypes(db, [
    {
      slug: `${title.toLowerCase()}-${unique()}`,
      title,
      display,
      position: 100,
      values: values.map((value) => ({ slug: value.toLowerCase(), title: value })),
    },
  ]);
  if (!type) throw new Error("type not created");
  return { type, values: Object.fromEntries(type.values.map((value) => [value.title, value])) };
}

type VariantInput = {
  price: number;
  stock?: number;
  compareAtPrice?: number | null;
  attributeIds?: number[];
};

/** A published product (unless told otherwise) with variants, and an image when asked. */
export async function makeProduct(
  db: Db,
  input: {
    brandId: number;
    title?: string;
    productType?: string;
    /** 20 unless told: 0 for zero-rated goods. */
    vatRate?: number;
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
  const files = input.image
    ? await createFiles(db, [
        {
          slug: deterministicFileSlug(`test-${id}`, "webp"),
          title: "Front",
          fileType: "IMAGE",
          mimeType: "image/webp",
          byteSize: 1,
          width: 800,
          height: 1000,
        },
      ])
    : [];
  const [product] = await createProducts(db, [
    {
      slug: `test-product-${id}`,
      title: input.title ?? `Test Product ${id}`,
      brandId: input.brandId,
      productType: input.productType ?? "T-shirt",
      vatRate: input.vatRate,
      status: input.status ?? "published",
      tags: input.tags ?? [],
      description: input.description ?? "",
      preOrder: input.preOrder ?? false,
      featuredRank: input.featuredRank ?? null,
      publishedAt: input.publishedAt ?? new Date(),
      variants: input.variants.map((variant, index) => ({
        sku: `TEST-${id}-${index}`,
        price: variant.price,
        compareAtPrice: variant.compareAtPrice ?? null,
        stockOnHand: variant.stock ?? 10,
        attributeIds: variant.attributeIds,
      })),
      media: files.map((file) => ({ fileId: file.id })),
    },
  ]);
  if (!product) throw new Error("product not created");
  return {
    product: { id: product.id, slug: product.slug },
    variants: product.variantIds.map((variantId) => ({ id: variantId })),
  };
}

/** A curated collection of `productIds`, or a rule-based one. */
export async function makeCollection(
  db: Db,
  input: { productIds?: number[]; rule?: CollectionRule },
) {
  const id = unique();
  const names = { slug: `test-collection-${id}`, title: `Test Collection ${id}` };
  const [collection] = await createCollections(db, [
    input.rule ? { ...names, rule: input.rule } : { ...names, productIds: input.productIds ?? [] },
  ]);
  if (!collection) throw new Error("collection not created");
  return collection;
}
