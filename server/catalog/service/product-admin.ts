import { and, asc, eq, inArray, notInArray, or, type SQL, sql } from "drizzle-orm";
import {
  type BulkStatusResult,
  defaultVatRate,
  type ProductEdit,
  type StaffProductItem,
} from "../../../common/catalog-admin.ts";
import { fileUrl, IMAGE_WIDTHS } from "../../../common/file-urls.ts";
import type { Page } from "../../../common/pagination.ts";
import { productTypeBySlug, productTypeByTitle } from "../../../common/product-types.ts";
import { isRefusal, type Refusal, refuse } from "../../../common/refusal.ts";
import { billingModelRefusal } from "../../billing/index.ts";
import { insertRecords } from "../../db/bulk-insert.ts";
import type { Db } from "../../db/client.ts";
import { pageMeta, pageOffset } from "../../db/pagination.ts";
import { freeSlug } from "../../db/slugs.ts";
import { containing, likePattern, orderings } from "../../db/staff-lists.ts";
import type { AuditTrail } from "../../http/command.ts";
import type { ResourceService } from "../../http/resource.ts";
import { notifyShopChanged } from "../../http/response-cache.ts";
import { mediaFileView } from "../../media/index.ts";
import { orderCountsOfProducts } from "../../orders/index.ts";
import { sanitizeRichText } from "../../platform/index.ts";
import {
  attributes,
  brands,
  collectionProducts,
  productCollections,
  productMedia,
  products,
  productVariants,
} from "../schema.ts";
import type {
  BulkStatusInput,
  ProductCreateInput,
  ProductUpdateInput,
  StaffProductListQuery,
} from "../validators.ts";
import { LOW_STOCK } from "./products.ts";
import { checkedWrite, fileTypesOf } from "./staff-checks.ts";
import { refreshProductSummaries } from "./summaries.ts";
import {
  changeVariant,
  insertVariant,
  insertVariants,
  insertVariantsOfNewProducts,
  lockProduct,
  variantRowsOf,
} from "./variant-admin.ts";

// Products as staff manage them (issue 14, decision 0014). The summary columns (price range,
// stock, options, search document) are never written here: `refreshProductSummaries` works them
// out from the variants in the same transaction as every change.

// The outer product is named in full ("products"."id"): see the note in brands.ts.
const variantCount = sql<number>`(select count(*)::int from ${productVariants} pv where pv.product_id = "products"."id")`;
const firstImageSlug = sql<string | null>`(
  select ${mediaFileView.slug} from ${productMedia} pm
  join ${mediaFileView} on ${mediaFileView.id} = pm.file_id and ${mediaFileView.fileType} = 'IMAGE'
  where pm.product_id = "products"."id"
  order by pm.position, pm.file_id
  limit 1
)`;

/** Low: in stock, but some variant is down to its last few (as the shop's 'only N left'). */
const STOCK: Record<NonNullable<StaffProductListQuery["stock"]>, SQL> = {
  in: sql`${products.stockTotal} > 0`,
  out: sql`${products.stockTotal} = 0`,
  low: sql`${products.stockTotal} > 0 and exists (select 1 from ${productVariants} pv where pv.product_id = "products"."id" and pv.stock_on_hand between 1 and ${LOW_STOCK})`,
};

const ORDER = orderings(
  {
    title: sql`lower(${products.title})`,
    updated: products.updatedAt,
    published: sql`coalesce(${products.publishedAt}, '-infinity')`,
    price: products.priceFrom,
    stock: products.stockTotal,
  },
  products.id,
) satisfies Record<StaffProductListQuery["sort"], unknown>;

const titlesOf = (slugs: string[]) => slugs.map((slug) => productTypeBySlug(slug)?.title ?? slug);
const slugOfType = (title: string) => productTypeByTitle(title)?.slug ?? title;

async function listStaffProducts(
  db: Db,
  query: StaffProductListQuery,
): Promise<Page<StaffProductItem>> {
  const where = and(
    query.q
      ? or(
          containing(query.q, products.title, products.slug),
          sql`exists (select 1 from ${productVariants} pv where pv.product_id = "products"."id" and pv.sku ilike ${likePattern(query.q)})`,
        )
      : undefined,
    query.ids ? inArray(products.id, query.ids) : undefined,
    query.brand ? inArray(products.brandId, query.brand) : undefined,
    query.type ? inArray(products.productType, titlesOf(query.type)) : undefined,
    query.status ? inArray(products.status, query.status) : undefined,
    query.stock ? STOCK[query.stock] : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: products.id,
        title: products.title,
        slug: products.slug,
        status: products.status,
        productType: products.productType,
        brand: { id: brands.id, slug: brands.slug, title: brands.title },
        imageSlug: firstImageSlug,
        priceFrom: products.priceFrom,
        priceTo: products.priceTo,
        compareAtFrom: products.compareAtFrom,
        stockTotal: products.stockTotal,
        variantCount,
        preOrder: products.preOrder,
        publishedAt: products.publishedAt,
        updatedAt: products.updatedAt,
      })
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(where)
      .orderBy(...ORDER[query.sort])
      .limit(query.perPage)
      .offset(pageOffset(query.page, query.perPage)),
    db.select({ total: sql<number>`count(*)::int` }).from(products).where(where),
  ]);
  return {
    data: rows.map(({ imageSlug, productType, publishedAt, updatedAt, ...row }) => ({
      ...row,
      type: slugOfType(productType),
      imageUrl: imageSlug ? fileUrl(imageSlug, IMAGE_WIDTHS[0]) : null,
      publishedAt: publishedAt?.toISOString() ?? null,
      updatedAt: updatedAt.toISOString(),
    })),
    meta: pageMeta(query.page, query.perPage, count?.total ?? 0),
  };
}

async function productEdit(db: Db, id: number): Promise<ProductEdit | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  if (!row) return undefined;
  const [collections, media, variants] = await Promise.all([
    db
      .select({ id: collectionProducts.collectionId })
      .from(collectionProducts)
      .where(eq(collectionProducts.productId, id))
      .orderBy(asc(collectionProducts.collectionId)),
    db
      .select({ fileId: productMedia.fileId, attributeId: productMedia.attributeId })
      .from(productMedia)
      .where(eq(productMedia.productId, id))
      .orderBy(asc(productMedia.position), asc(productMedia.fileId)),
    variantRowsOf(db, id),
  ]);
  return editOf(row, {
    collectionIds: collections.map((collection) => collection.id),
    media,
    variants,
  });
}

/** A product row as its form shows it, with its collections, gallery and variants. */
function editOf(
  row: typeof products.$inferSelect,
  related: Pick<ProductEdit, "collectionIds" | "media" | "variants">,
): ProductEdit {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    brandId: row.brandId,
    type: slugOfType(row.productType),
    description: row.description,
    status: row.status,
    tags: row.tags,
    collectionIds: related.collectionIds,
    vatRate: row.vatRate,
    releaseDate: row.releaseDate,
    billingModelId: row.billingModelId,
    preOrder: row.preOrder,
    seoTitle: row.seoTitle ?? "",
    seoDescription: row.seoDescription ?? "",
    media: related.media,
    variants: related.variants,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const productSlug = (tx: Db, input: { slug?: string; title?: string }, exceptId?: number) =>
  freeSlug(tx, { table: products, slug: products.slug, id: products.id }, input, {
    taken: "Another product already has this slug. Choose another.",
    fallback: "product",
    exceptId,
  });

async function brandRefusal(tx: Db, brandId: number | undefined): Promise<Refusal | undefined> {
  if (brandId === undefined) return undefined;
  const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, brandId));
  return brand ? undefined : refuse("invalid", "No such band.", "brandId");
}

type MediaInput = NonNullable<ProductCreateInput["media"]>;

/** A gallery holds images and videos of the media library, each shown for a colour that exists. */
async function mediaRefusal(tx: Db, media: MediaInput | undefined): Promise<Refusal | undefined> {
  if (!media) return undefined;
  const types = await fileTypesOf(
    tx,
    media.map((file) => file.fileId),
  );
  const colourIds = media.flatMap((file) => (file.attributeId ? [file.attributeId] : []));
  const colours = colourIds.length
    ? await tx
        .select({ id: attributes.id })
        .from(attributes)
        .where(inArray(attributes.id, colourIds))
    : [];
  const known = new Set(colours.map((colour) => colour.id));
  for (const [index, file] of media.entries()) {
    const type = types.get(file.fileId);
    if (type !== "IMAGE" && type !== "VIDEO")
      return refuse(
        "invalid",
        "Choose an image or a video from the media library.",
        `media.${index}.fileId`,
      );
    if (file.attributeId && !known.has(file.attributeId))
      return refuse("invalid", "Choose an option value that exists.", `media.${index}.attributeId`);
  }
  return undefined;
}

async function setMedia(tx: Db, productId: number, media: MediaInput) {
  await tx.delete(productMedia).where(eq(productMedia.productId, productId));
  if (media.length)
    await tx.insert(productMedia).values(
      media.map((file, position) => ({
        productId,
        fileId: file.fileId,
        attributeId: file.attributeId ?? null,
        position,
      })),
    );
}

/** Only hand-picked collections take products from a product's form. */
async function collectionsRefusal(tx: Db, ids: number[] | undefined): Promise<Refusal | undefined> {
  if (!ids?.length) return undefined;
  const rows = await tx
    .select({
      id: productCollections.id,
      title: productCollections.title,
      kind: productCollections.kind,
    })
    .from(productCollections)
    .where(inArray(productCollections.id, ids));
  if (rows.length < ids.length) return refuse("invalid", "No such collection.", "collectionIds");
  const byRule = rows.find((row) => row.kind === "rule");
  return byRule
    ? refuse(
        "invalid",
        `${byRule.title} follows a rule and chooses its products itself.`,
        "collectionIds",
      )
    : undefined;
}

/** Puts the product in exactly these collections; it joins a collection at its end. */
async function setCollections(tx: Db, productId: number, ids: number[]) {
  await tx
    .delete(collectionProducts)
    .where(
      and(
        eq(collectionProducts.productId, productId),
        ids.length ? notInArray(collectionProducts.collectionId, ids) : undefined,
      ),
    );
  for (const collectionId of ids) {
    await tx
      .insert(collectionProducts)
      .values({
        collectionId,
        productId,
        position: sql`(select coalesce(max(cp.position), -1) + 1 from ${collectionProducts} cp where cp.collection_id = ${collectionId})`,
      })
      .onConflictDoNothing();
  }
}

const NEEDS_A_VARIANT =
  "Add a variant before publishing: the shop has nothing to sell without one.";

/** What a product's own fields are stored as: rich text made safe, empty SEO fields as unset. */
function storedFields(input: Partial<Omit<ProductCreateInput, "variants">>) {
  const {
    slug: _slug,
    type,
    media: _media,
    collectionIds: _collectionIds,
    description,
    tags,
    seoTitle,
    seoDescription,
    ...fields
  } = input;
  return {
    ...fields,
    ...(type === undefined ? {} : { productType: titlesOf([type])[0] as string }),
    ...(description === undefined ? {} : { description: sanitizeRichText(description) }),
    ...(tags === undefined ? {} : { tags: [...new Set(tags)] }),
    ...(seoTitle === undefined ? {} : { seoTitle: seoTitle || null }),
    ...(seoDescription === undefined ? {} : { seoDescription: seoDescription || null }),
  };
}

const withoutVariants = <T extends { variants?: unknown; id?: number }>(input: T) => {
  const { variants: _variants, id: _id, ...fields } = input;
  return fields;
};

/** The columns a new product is written with, and their SQL types. */
const NEW_PRODUCT_COLUMNS = [
  ["slug", "text"],
  ["title", "text"],
  ["brandId", "int"],
  ["productType", "text"],
  ["status", "text"],
  ["description", "text"],
  ["tags", "text[]"],
  ["vatRate", "smallint"],
  ["releaseDate", "date"],
  ["preOrder", "boolean"],
  ["seoTitle", "text"],
  ["seoDescription", "text"],
  ["publishedAt", "timestamptz"],
] as const satisfies ReadonlyArray<readonly [keyof typeof products.$inferInsert, string]>;

/**
 * Many new products with their variants at once (a file of them), each checked as `create`
 * checks one, with a few statements for all of them: one slug lookup, one band lookup, one insert
 * per table, one summaries refresh. The first refusal is answered with its product's index in
 * front of the field (`3.variants.1.sku`) and the caller rolls back. Answers the products as
 * their forms show them, in the inputs' order. Every input names its slug (no slug is made).
 */
export async function createProducts(
  tx: Db,
  inputs: Array<ProductCreateInput & { slug: string }>,
): Promise<ProductEdit[] | Refusal> {
  if (inputs.length === 0) return [];
  return checkedWrite(async () => {
    const slugs = inputs.map((input) => input.slug);
    const brandIds = [...new Set(inputs.map((input) => input.brandId))];
    const [takenSlugs, knownBrands] = await Promise.all([
      tx.select({ slug: products.slug }).from(products).where(inArray(products.slug, slugs)),
      tx.select({ id: brands.id }).from(brands).where(inArray(brands.id, brandIds)),
    ]);
    const taken = new Set(takenSlugs.map((row) => row.slug));
    const bands = new Set(knownBrands.map((row) => row.id));
    const seen = new Set<string>();
    for (const [index, input] of inputs.entries()) {
      if (taken.has(input.slug) || seen.has(input.slug))
        return refuse(
          "invalid",
          "Another product already has this slug. Choose another.",
          `${index}.slug`,
        );
      seen.add(input.slug);
      if (!bands.has(input.brandId)) return refuse("invalid", "No such band.", `${index}.brandId`);
      const problem =
        (await mediaRefusal(tx, input.media)) ??
        (await collectionsRefusal(tx, input.collectionIds));
      if (problem) return { ...problem, field: `${index}.${problem.field}` };
      if ((input.status ?? "draft") === "published" && !input.variants?.length)
        return refuse("invalid", NEEDS_A_VARIANT, `${index}.status`);
    }
    const now = new Date();
    const fields = inputs.map((input) => {
      const status = input.status ?? "draft";
      // The columns' defaults, where the input leaves a field out.
      return {
        description: "",
        tags: [] as string[],
        preOrder: false,
        ...storedFields(withoutVariants(input)),
        slug: input.slug,
        productType: titlesOf([input.type])[0] as string,
        status,
        vatRate: input.vatRate ?? defaultVatRate(input.type),
        publishedAt: status === "published" ? now : null,
      };
    });
    const ids = await insertRecords<{ id: number; slug: string }>(
      tx,
      products,
      NEW_PRODUCT_COLUMNS.map(([key, type]) => [products[key], type]),
      fields.map((row) => NEW_PRODUCT_COLUMNS.map(([key]) => row[key as keyof typeof row])),
      sql`returning id, slug`,
    );
    const rows = await tx
      .select()
      .from(products)
      .where(
        inArray(
          products.id,
          ids.map((row) => row.id),
        ),
      );
    const bySlug = new Map(rows.map((row) => [row.slug, row]));
    const made = inputs.map((input) => bySlug.get(input.slug) as (typeof rows)[number]);
    const variants = await insertVariantsOfNewProducts(
      tx,
      made.map((row, index) => ({ product: row, inputs: inputs[index]?.variants ?? [] })),
      (productIndex, variantIndex) => `${productIndex}.variants.${variantIndex}.`,
    );
    if (isRefusal(variants)) return variants;
    for (const [index, input] of inputs.entries()) {
      const id = made[index]?.id as number;
      if (input.media) await setMedia(tx, id, input.media);
      if (input.collectionIds) await setCollections(tx, id, input.collectionIds);
    }
    // The rows keep the time they were made with (no second stamp).
    await refreshProductSummaries(
      tx,
      made.map((row) => row.id),
      { stamp: false },
    );
    return made.map((row, index) =>
      editOf(row, {
        collectionIds: [...(inputs[index]?.collectionIds ?? [])].sort((a, b) => a - b),
        media: (inputs[index]?.media ?? []).map((file) => ({
          fileId: file.fileId,
          attributeId: file.attributeId ?? null,
        })),
        variants: variants[index] ?? [],
      }),
    );
  });
}

/** The products as staff manage them (decision 0014): list, form, create, change and delete. */
export const productService: ResourceService<
  StaffProductListQuery,
  StaffProductItem,
  ProductEdit,
  ProductCreateInput,
  ProductUpdateInput
> = {
  list: listStaffProducts,
  edit: productEdit,

  create: (tx, input) =>
    checkedWrite(async () => {
      const slug = await productSlug(tx, input);
      if (typeof slug !== "string")
        return slug ?? refuse("invalid", "Enter the product's title.", "title");
      const problem =
        (await brandRefusal(tx, input.brandId)) ??
        (await mediaRefusal(tx, input.media)) ??
        (await collectionsRefusal(tx, input.collectionIds));
      if (problem) return problem;
      const billing = await billingModelRefusal(tx, {
        billingModelId: input.billingModelId ?? null,
        releaseDate: input.releaseDate ?? null,
      });
      if (isRefusal(billing)) return billing;
      const status = input.status ?? "draft";
      if (status === "published" && !input.variants?.length)
        return refuse("invalid", NEEDS_A_VARIANT, "status");
      const [row] = await tx
        .insert(products)
        .values({
          ...storedFields(withoutVariants(input)),
          title: input.title,
          slug,
          brandId: input.brandId,
          productType: titlesOf([input.type])[0] as string,
          status,
          // spec: zero-rated goods (children's clothes, books) start at 0%, the rest at 20%.
          vatRate: input.vatRate ?? defaultVatRate(input.type),
          preOrder: billing.model?.type === "pre_order",
          publishedAt: status === "published" ? new Date() : null,
        })
        .returning({ id: products.id, slug: products.slug });
      if (!row) throw new Error("The product was not written");
      const ids = await insertVariants(tx, row, input.variants ?? [], { fresh: true });
      if (isRefusal(ids)) return ids;
      if (input.media) await setMedia(tx, row.id, input.media);
      if (input.collectionIds) await setCollections(tx, row.id, input.collectionIds);
      await refreshProductSummaries(tx, [row.id]);
      return (await productEdit(tx, row.id)) as ProductEdit;
    }),

  update: (tx, input) =>
    checkedWrite(async () => {
      const before = await productEdit(tx, input.id);
      if (!before) return refuse("not-found", "No such product.");
      const slug = input.slug ? await productSlug(tx, input, input.id) : undefined;
      if (slug !== undefined && typeof slug !== "string") return slug;
      const problem =
        (await brandRefusal(tx, input.brandId)) ??
        (await mediaRefusal(tx, input.media)) ??
        (await collectionsRefusal(tx, input.collectionIds));
      if (problem) return problem;
      const billing = await billingModelRefusal(tx, {
        billingModelId:
          input.billingModelId === undefined ? before.billingModelId : input.billingModelId,
        releaseDate: input.releaseDate === undefined ? before.releaseDate : input.releaseDate,
      });
      if (isRefusal(billing)) return billing;

      const row = { id: before.id, slug: slug ?? before.slug };
      if (input.variants?.length) await lockProduct(tx, before.id);
      for (const [index, variant] of (input.variants ?? []).entries()) {
        const prefix = `variants.${index}.`;
        if (variant.id !== undefined) {
          const { id, ...changes } = variant;
          const refused = await changeVariant(tx, before.id, id, changes, prefix);
          if (refused) return refused;
        } else {
          const id = await insertVariant(
            tx,
            row,
            { ...variant, price: variant.price as number },
            prefix,
          );
          if (isRefusal(id)) return id;
        }
      }

      const status = input.status ?? before.status;
      if (status === "published") {
        const [count] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(productVariants)
          .where(eq(productVariants.productId, before.id));
        if (!count?.n) return refuse("invalid", NEEDS_A_VARIANT, "status");
      }
      await tx
        .update(products)
        .set({
          ...storedFields(withoutVariants(input)),
          ...(slug ? { slug } : {}),
          // The storefront's filters read this flag; it follows the billing model (decision 0016).
          preOrder: billing.model?.type === "pre_order",
          // Set when first published, and kept through later unpublishing (it dates 'new in').
          ...(status === "published" && !before.publishedAt ? { publishedAt: new Date() } : {}),
          updatedAt: new Date(),
        })
        .where(eq(products.id, before.id));
      if (input.media) await setMedia(tx, before.id, input.media);
      if (input.collectionIds) await setCollections(tx, before.id, input.collectionIds);
      // Title, band, type, tags and description make the search document; variants the rest.
      await refreshProductSummaries(tx, [before.id]);
      return (await productEdit(tx, before.id)) as ProductEdit;
    }),

  async destroy(tx, records) {
    const ordered = await orderCountsOfProducts(
      tx,
      records.map((record) => record.id),
    );
    const kept = records.find((record) => ordered.has(record.id));
    if (kept) {
      const orders = ordered.get(kept.id) ?? 0;
      return refuse(
        "conflict",
        `${kept.title} is in ${orders} order${orders === 1 ? "" : "s"}: archive it instead, so it leaves the shop and the orders keep their history.`,
      );
    }
    // Variants, gallery entries and collection places go with it; the files stay in the library.
    await tx.delete(products).where(
      inArray(
        products.id,
        records.map((record) => record.id),
      ),
    );
    return undefined;
  },

  afterWrite: notifyShopChanged,
};

/**
 * Publishes, unpublishes (draft) or archives products, all or none, with an audit entry for each
 * product whose status changed. A product is published only with a variant to sell.
 */
export async function setProductStatuses(
  tx: Db,
  input: BulkStatusInput,
  audit: AuditTrail,
): Promise<BulkStatusResult | Refusal> {
  const rows = await tx
    .select({
      id: products.id,
      title: products.title,
      status: products.status,
      publishedAt: products.publishedAt,
      variantCount,
    })
    .from(products)
    .where(inArray(products.id, input.ids))
    .orderBy(asc(products.id));
  if (rows.length < input.ids.length) return refuse("not-found", "No such product.");
  const changing = rows.filter((row) => row.status !== input.status);
  const bare = changing.find((row) => input.status === "published" && row.variantCount === 0);
  if (bare)
    return refuse("conflict", `${bare.title} has no variants: add one before publishing it.`);
  const now = new Date();
  for (const row of changing) {
    await tx
      .update(products)
      .set({
        status: input.status,
        ...(input.status === "published" && !row.publishedAt ? { publishedAt: now } : {}),
        updatedAt: now,
      })
      .where(eq(products.id, row.id));
    await audit.record(tx, {
      action: "update",
      resource: PRODUCTS,
      resourceId: row.id,
      label: row.title,
      before: { status: row.status },
      after: { status: input.status },
    });
  }
  return { ids: changing.map((row) => row.id) };
}

/** The products' resource name: its routes' path segment and the audit log's name. */
export const PRODUCTS = "products";
