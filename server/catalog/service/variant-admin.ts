import { and, asc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { GeneratedVariants, VariantEdit, VariantRow } from "../../../common/catalog-admin.ts";
import type { Page } from "../../../common/pagination.ts";
import { isRefusal, type Refusal, refuse } from "../../../common/refusal.ts";
import { insertColumns } from "../../db/bulk-insert.ts";
import type { Db } from "../../db/client.ts";
import { pageMeta, pageOffset } from "../../db/pagination.ts";
import { containing, orderings } from "../../db/staff-lists.ts";
import type { AuditTrail } from "../../http/command.ts";
import type { ResourceService } from "../../http/resource.ts";
import { notifyShopChanged } from "../../http/response-cache.ts";
import { orderCountsOfVariants } from "../../orders/index.ts";
import {
  attributes,
  attributeTypes,
  products,
  productVariants,
  variantAttributes,
} from "../schema.ts";
import type {
  GenerateVariantsInput,
  NewVariantInput,
  StaffVariantListQuery,
  VariantCreateInput,
  VariantUpdateInput,
} from "../validators.ts";
import { LOW_STOCK } from "./products.ts";
import { checkedWrite } from "./staff-checks.ts";
import { nextStockVersion } from "./stock.ts";
import { refreshProductSummaries } from "./summaries.ts";

// Variants as staff edit them (issue 14): from a product's form, one at a time
// (`/product-variants/…`), or made from the values chosen (`/products/generate-variants`). Every
// change refreshes its product's summaries (price range, stock, options) in the same transaction.

/** The variants' resource name: its routes' path segment and the audit log's name. */
export const VARIANTS = "product-variants";

/** How variants are named in the audit log: "Night Owls Tee – M / Black". */
export const variantLabel = (variant: VariantEdit) =>
  `${variant.productTitle} – ${variant.title || variant.sku}`;

/** A variant's fields as the audit log keeps them (as the resource routes copy a record). */
export function variantAuditFields(variant: VariantEdit): Record<string, unknown> {
  const { id: _id, updatedAt: _updatedAt, ...fields } = variant;
  return fields;
}

type VariantBase = Omit<VariantRow, "title" | "attributeIds" | "ordered" | "updatedAt"> & {
  productId: number;
  productTitle: string;
  updatedAt: Date;
};

/** Variants as forms show them: with their options in type order, and whether one was ordered. */
export async function withOptions(db: Db, rows: VariantBase[]): Promise<VariantEdit[]> {
  const ids = rows.map((row) => row.id);
  const [options, ordered] = await Promise.all([
    ids.length
      ? db
          .select({
            variantId: variantAttributes.variantId,
            id: attributes.id,
            title: attributes.title,
          })
          .from(variantAttributes)
          .innerJoin(attributes, eq(attributes.id, variantAttributes.attributeId))
          .innerJoin(attributeTypes, eq(attributeTypes.id, attributes.attributeTypeId))
          .where(inArray(variantAttributes.variantId, ids))
          .orderBy(asc(attributeTypes.position), asc(attributeTypes.id), asc(attributes.position))
      : [],
    orderCountsOfVariants(db, ids),
  ]);
  return rows.map((row) => {
    const own = options.filter((option) => option.variantId === row.id);
    return {
      ...row,
      title: own.map((option) => option.title).join(" / "),
      attributeIds: own.map((option) => option.id),
      ordered: ordered.has(row.id),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

const variantColumns = {
  id: productVariants.id,
  productId: productVariants.productId,
  productTitle: products.title,
  sku: productVariants.sku,
  price: productVariants.price,
  compareAtPrice: productVariants.compareAtPrice,
  stockOnHand: productVariants.stockOnHand,
  position: productVariants.position,
  updatedAt: productVariants.updatedAt,
};

/** The variants of `productId` in the shop's order, as its form shows them. */
export async function variantRowsOf(db: Db, productId: number): Promise<VariantRow[]> {
  const rows = await db
    .select(variantColumns)
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  return (await withOptions(db, rows)).map(
    ({ productId: _productId, productTitle: _title, ...row }) => row,
  );
}

async function variantEdit(db: Db, id: number): Promise<VariantEdit | undefined> {
  const rows = await db
    .select(variantColumns)
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(productVariants.id, id));
  return (await withOptions(db, rows))[0];
}

const lowStock = sql`${productVariants.stockOnHand} between 1 and ${LOW_STOCK}`;
const STOCK: Record<NonNullable<StaffVariantListQuery["stock"]>, SQL> = {
  in: sql`${productVariants.stockOnHand} > 0`,
  out: sql`${productVariants.stockOnHand} = 0`,
  low: lowStock,
};

const VARIANT_ORDER = orderings(
  {
    position: {
      by: productVariants.productId,
      ties: [asc(productVariants.position), asc(productVariants.id)],
    },
    sku: productVariants.sku,
    price: productVariants.price,
    stock: productVariants.stockOnHand,
    updated: productVariants.updatedAt,
  },
  productVariants.id,
) satisfies Record<StaffVariantListQuery["sort"], unknown>;

async function listVariants(db: Db, query: StaffVariantListQuery): Promise<Page<VariantEdit>> {
  const where = and(
    query.product ? eq(productVariants.productId, query.product) : undefined,
    containing(query.q, productVariants.sku, products.title),
    query.stock ? STOCK[query.stock] : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select(variantColumns)
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(where)
      .orderBy(...VARIANT_ORDER[query.sort])
      .limit(query.perPage)
      .offset(pageOffset(query.page, query.perPage)),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(where),
  ]);
  return {
    data: await withOptions(db, rows),
    meta: pageMeta(query.page, query.perPage, count?.total ?? 0),
  };
}

// Writing variants ----------------------------------------------------------------------------------

const SKU_TAKEN = "Another variant already has this SKU. Choose another.";

/** A SKU made of `parts`: upper case, letters, digits and single hyphens, at most 60 characters. */
const skuOf = (parts: string[]) =>
  parts
    .join("-")
    .toUpperCase()
    .replace(/[^A-Z0-9._-]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^[-._]+|[-._]+$/g, "")
    .slice(0, 60) || "SKU";

async function skuTaken(tx: Db, sku: string, exceptId?: number) {
  const rows = await tx
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(
      and(eq(productVariants.sku, sku), exceptId ? ne(productVariants.id, exceptId) : undefined),
    )
    .limit(1);
  return rows.length > 0;
}

/** `base`, or `base-2`, `base-3` … whichever no variant has yet (nor `alsoTaken`). */
async function freeSku(tx: Db, base: string, alsoTaken?: Set<string>): Promise<string> {
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!alsoTaken?.has(candidate) && !(await skuTaken(tx, candidate))) return candidate;
  }
}

type OptionValue = { id: number; slug: string; title: string; typeId: number; typeSlug: string };

/** The values of `ids` with their types, in the types' order; undefined when one is missing. */
async function optionValues(tx: Db, ids: number[]): Promise<OptionValue[] | undefined> {
  const rows = await foundOptionValues(tx, ids);
  return rows.length === new Set(ids).size ? rows : undefined;
}

/** Those values of `ids` that exist, with their types, in the types' order. */
async function foundOptionValues(tx: Db, ids: number[]): Promise<OptionValue[]> {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: attributes.id,
      slug: attributes.slug,
      title: attributes.title,
      typeId: attributeTypes.id,
      typeSlug: attributeTypes.slug,
    })
    .from(attributes)
    .innerJoin(attributeTypes, eq(attributeTypes.id, attributes.attributeTypeId))
    .where(inArray(attributes.id, ids))
    .orderBy(asc(attributeTypes.position), asc(attributeTypes.id), asc(attributes.position));
}

/** Each variant of `productId` with the set of its option values, as a sorted key ("3,17"). */
async function optionSetsOf(tx: Db, productId: number) {
  const rows = await tx
    .select({
      id: productVariants.id,
      sku: productVariants.sku,
      attributeIds: sql<
        number[]
      >`coalesce(array_agg(${variantAttributes.attributeId} order by ${variantAttributes.attributeId}) filter (where ${variantAttributes.attributeId} is not null), '{}')`,
    })
    .from(productVariants)
    .leftJoin(variantAttributes, eq(variantAttributes.variantId, productVariants.id))
    .where(eq(productVariants.productId, productId))
    .groupBy(productVariants.id);
  return rows.map((row) => ({ ...row, key: optionKey(row.attributeIds) }));
}

const optionKey = (ids: number[]) => [...ids].sort((a, b) => a - b).join(",");

/**
 * The checks a variant's options get: every value exists, one value per type, and no other
 * variant of the product has the same ones (the shop could not tell them apart).
 */
async function optionsRefusal(
  tx: Db,
  productId: number,
  attributeIds: number[],
  field: string,
  exceptId?: number,
): Promise<Refusal | OptionValue[]> {
  const values = await optionValues(tx, attributeIds);
  if (!values) return refuse("invalid", "Choose option values that exist.", field);
  if (new Set(values.map((value) => value.typeId)).size < values.length)
    return refuse("invalid", "Choose one value of each option (one size, one colour).", field);
  const key = optionKey(attributeIds);
  const twin = (await optionSetsOf(tx, productId)).find(
    (variant) => variant.key === key && variant.id !== exceptId,
  );
  if (twin) return refuse("invalid", `Variant ${twin.sku} has these options already.`, field);
  return values;
}

async function setOptions(tx: Db, variantId: number, attributeIds: number[]) {
  await tx.delete(variantAttributes).where(eq(variantAttributes.variantId, variantId));
  if (attributeIds.length)
    await tx
      .insert(variantAttributes)
      .values(attributeIds.map((attributeId) => ({ variantId, attributeId })));
}

async function nextPosition(tx: Db, productId: number): Promise<number> {
  const [row] = await tx
    .select({ last: sql<number>`coalesce(max(${productVariants.position}), -1)::int` })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  return (row?.last ?? -1) + 1;
}

/**
 * Adds a variant to the product (its summaries are the caller's to refresh): its SKU as typed
 * (422 when taken) or made from the product's slug and the options' slugs. `prefix` puts a
 * refusal beside the form's row: `variants.2.`.
 */
export async function insertVariant(
  tx: Db,
  product: { id: number; slug: string },
  input: NewVariantInput,
  prefix = "",
): Promise<number | Refusal> {
  const ids = await insertVariants(tx, product, [input], { prefixOf: () => prefix });
  return isRefusal(ids) ? ids : (ids[0] as number);
}

/**
 * Adds variants to the product, checked as `insertVariant` checks each in turn (the first
 * refusal is answered, nothing written), with a few statements for all of them rather than
 * several for each: a product form with many variants, or a file of them. `prefixOf(index)` puts
 * a refusal beside its row (`variants.2.` by default); `fresh` says the product was made in this
 * transaction and has no variants yet. Answers the new ids in the inputs' order.
 */
export async function insertVariants(
  tx: Db,
  product: { id: number; slug: string },
  inputs: NewVariantInput[],
  {
    prefixOf = (index: number) => `variants.${index}.`,
    fresh = false,
  }: { prefixOf?: (index: number) => string; fresh?: boolean } = {},
): Promise<number[] | Refusal> {
  if (inputs.length === 0) return [];
  const typedSkus = inputs.flatMap((input) => (input.sku ? [input.sku] : []));
  const [values, existing, takenRows, position] = await Promise.all([
    foundOptionValues(tx, [...new Set(inputs.flatMap((input) => input.attributeIds ?? []))]),
    fresh ? [] : optionSetsOf(tx, product.id),
    typedSkus.length
      ? tx
          .select({ sku: productVariants.sku })
          .from(productVariants)
          .where(inArray(productVariants.sku, typedSkus))
      : [],
    fresh ? 0 : nextPosition(tx, product.id),
  ]);
  const byId = new Map(values.map((value) => [value.id, value]));
  const optionsOf = new Map(existing.map((variant) => [variant.key, variant.sku]));
  const taken = new Set(takenRows.map((row) => row.sku));
  const rows: Array<{ sku: string; attributeIds: number[]; input: NewVariantInput }> = [];
  for (const [index, input] of inputs.entries()) {
    const field = `${prefixOf(index)}attributeIds`;
    const attributeIds = input.attributeIds ?? [];
    const chosen = attributeIds.map((id) => byId.get(id));
    if (chosen.some((value) => !value) || new Set(attributeIds).size < attributeIds.length)
      return refuse("invalid", "Choose option values that exist.", field);
    const own = (chosen as OptionValue[]).sort((a, b) => values.indexOf(a) - values.indexOf(b));
    if (new Set(own.map((value) => value.typeId)).size < own.length)
      return refuse("invalid", "Choose one value of each option (one size, one colour).", field);
    const key = optionKey(attributeIds);
    const twin = optionsOf.get(key);
    if (twin !== undefined)
      return refuse("invalid", `Variant ${twin} has these options already.`, field);
    if (input.sku && taken.has(input.sku))
      return refuse("invalid", SKU_TAKEN, `${prefixOf(index)}sku`);
    const sku =
      input.sku ??
      (await freeSku(tx, skuOf([product.slug, ...own.map((value) => value.slug)]), taken));
    optionsOf.set(key, sku);
    taken.add(sku);
    rows.push({ sku, attributeIds, input });
  }
  const inserted = await tx
    .insert(productVariants)
    .values(
      rows.map(({ sku, input }, index) => ({
        productId: product.id,
        sku,
        price: input.price,
        compareAtPrice: input.compareAtPrice ?? null,
        stockOnHand: input.stockOnHand ?? 0,
        position: position + index,
      })),
    )
    .returning({ id: productVariants.id, sku: productVariants.sku });
  const idOf = new Map(inserted.map((row) => [row.sku, row.id]));
  const ids = rows.map((row) => idOf.get(row.sku) as number);
  const options = rows.flatMap((row, index) =>
    row.attributeIds.map((attributeId) => ({ variantId: ids[index] as number, attributeId })),
  );
  if (options.length) await tx.insert(variantAttributes).values(options);
  return ids;
}

/** New products' variants to add: the product (made in this transaction) and its variants. */
export type NewProductVariants = {
  product: { id: number; slug: string };
  inputs: NewVariantInput[];
};

/**
 * The variants of many products made in this transaction (a file of them), checked as
 * `insertVariants` checks each product's, with a few statements for all of them. A refusal names
 * its place as `prefixOf(product index, variant index)` says. Answers each product's variants as
 * its form shows them, in the inputs' order.
 */
export async function insertVariantsOfNewProducts(
  tx: Db,
  entries: NewProductVariants[],
  prefixOf: (productIndex: number, variantIndex: number) => string,
): Promise<VariantRow[][] | Refusal> {
  const inputs = entries.flatMap((entry) => entry.inputs);
  if (inputs.length === 0) return entries.map(() => []);
  const typedSkus = [...new Set(inputs.flatMap((input) => (input.sku ? [input.sku] : [])))];
  const [values, takenRows] = await Promise.all([
    foundOptionValues(tx, [...new Set(inputs.flatMap((input) => input.attributeIds ?? []))]),
    typedSkus.length
      ? tx
          .select({ sku: productVariants.sku })
          .from(productVariants)
          .where(inArray(productVariants.sku, typedSkus))
      : [],
  ]);
  const byId = new Map(values.map((value) => [value.id, value]));
  const taken = new Set(takenRows.map((row) => row.sku));
  const rows: Array<{ productId: number; position: number; sku: string; own: OptionValue[] }> = [];
  const planned: NewVariantInput[] = [];
  for (const [productIndex, { product, inputs: own }] of entries.entries()) {
    const optionsOf = new Map<string, string>();
    for (const [index, input] of own.entries()) {
      const prefix = prefixOf(productIndex, index);
      const field = `${prefix}attributeIds`;
      const attributeIds = input.attributeIds ?? [];
      const chosen = attributeIds.map((id) => byId.get(id));
      if (chosen.some((value) => !value) || new Set(attributeIds).size < attributeIds.length)
        return refuse("invalid", "Choose option values that exist.", field);
      const ordered = (chosen as OptionValue[]).sort(
        (a, b) => values.indexOf(a) - values.indexOf(b),
      );
      if (new Set(ordered.map((value) => value.typeId)).size < ordered.length)
        return refuse("invalid", "Choose one value of each option (one size, one colour).", field);
      const key = optionKey(attributeIds);
      const twin = optionsOf.get(key);
      if (twin !== undefined)
        return refuse("invalid", `Variant ${twin} has these options already.`, field);
      if (input.sku && taken.has(input.sku)) return refuse("invalid", SKU_TAKEN, `${prefix}sku`);
      const sku =
        input.sku ??
        (await freeSku(tx, skuOf([product.slug, ...ordered.map((value) => value.slug)]), taken));
      optionsOf.set(key, sku);
      taken.add(sku);
      rows.push({ productId: product.id, position: index, sku, own: ordered });
      planned.push(input);
    }
  }
  const inserted = await insertColumns<{ id: number; sku: string; updated_at: Date | string }>(
    tx,
    productVariants,
    [
      [productVariants.productId, "int", rows.map((row) => row.productId)],
      [productVariants.sku, "text", rows.map((row) => row.sku)],
      [productVariants.price, "int", planned.map((input) => input.price)],
      [productVariants.compareAtPrice, "int", planned.map((input) => input.compareAtPrice ?? null)],
      [productVariants.stockOnHand, "int", planned.map((input) => input.stockOnHand ?? 0)],
      [productVariants.position, "int", rows.map((row) => row.position)],
    ],
    sql`returning id, sku, updated_at`,
  );
  const bySku = new Map(inserted.map((row) => [row.sku, row]));
  const made = rows.map((row) => bySku.get(row.sku) as (typeof inserted)[number]);
  const options = rows.flatMap((row, index) =>
    row.own.map((value) => [made[index]?.id as number, value.id] as const),
  );
  if (options.length)
    await insertColumns(tx, variantAttributes, [
      [variantAttributes.variantId, "int", options.map(([variantId]) => variantId)],
      [variantAttributes.attributeId, "int", options.map(([, attributeId]) => attributeId)],
    ]);
  const variantRows: VariantRow[] = rows.map((row, index) => {
    const input = planned[index] as NewVariantInput;
    const written = made[index] as (typeof inserted)[number];
    return {
      id: written.id,
      sku: row.sku,
      title: row.own.map((value) => value.title).join(" / "),
      price: input.price,
      compareAtPrice: input.compareAtPrice ?? null,
      stockOnHand: input.stockOnHand ?? 0,
      attributeIds: row.own.map((value) => value.id),
      position: row.position,
      ordered: false,
      updatedAt: new Date(written.updated_at).toISOString(),
    };
  });
  let next = 0;
  return entries.map((entry) => {
    const own = variantRows.slice(next, next + entry.inputs.length);
    next += entry.inputs.length;
    return own;
  });
}

/** The fields of a variant a form may change. */
export type VariantChanges = Omit<VariantUpdateInput, "id">;

/**
 * Changes the fields sent of a variant of `productId` (its summaries are the caller's to refresh).
 * The compare-at price is checked against the price it will have, sent or kept.
 */
export async function changeVariant(
  tx: Db,
  productId: number,
  id: number,
  changes: VariantChanges,
  prefix = "",
): Promise<Refusal | undefined> {
  const [current] = await tx
    .select({ price: productVariants.price, compareAtPrice: productVariants.compareAtPrice })
    .from(productVariants)
    .where(and(eq(productVariants.id, id), eq(productVariants.productId, productId)));
  if (!current) return refuse("invalid", "No such variant of this product.", `${prefix}id`);
  const price = changes.price ?? current.price;
  const compareAt =
    changes.compareAtPrice === undefined ? current.compareAtPrice : changes.compareAtPrice;
  if (compareAt !== null && compareAt <= price) {
    // Beside the field that was changed: a new price above the old compare-at, or the reverse.
    return changes.compareAtPrice === undefined
      ? refuse(
          "invalid",
          "The price must be below the compare-at price: change or clear that too.",
          `${prefix}price`,
        )
      : refuse(
          "invalid",
          "The compare-at price must be more than the price.",
          `${prefix}compareAtPrice`,
        );
  }
  if (changes.sku && (await skuTaken(tx, changes.sku, id)))
    return refuse("invalid", SKU_TAKEN, `${prefix}sku`);
  if (changes.attributeIds) {
    const values = await optionsRefusal(
      tx,
      productId,
      changes.attributeIds,
      `${prefix}attributeIds`,
      id,
    );
    if (isRefusal(values)) return values;
    await setOptions(tx, id, changes.attributeIds);
  }
  const { attributeIds: _attributeIds, ...fields } = changes;
  await tx
    .update(productVariants)
    .set({
      ...fields,
      // A stock the form changes is a movement an earlier export did not see (decision 0017).
      ...(fields.stockOnHand === undefined
        ? {}
        : {
            stockVersion: sql`case when ${productVariants.stockOnHand} = ${fields.stockOnHand} then ${productVariants.stockVersion} else ${nextStockVersion} end`,
          }),
      updatedAt: new Date(),
    })
    .where(eq(productVariants.id, id));
  return undefined;
}

/**
 * Deletes variants, all or none: one that an order holds keeps its history (set its stock to 0
 * instead), and a published product keeps at least one variant. Refreshes the products.
 */
export async function deleteVariants(
  tx: Db,
  variants: Array<{ id: number; sku: string; productId: number }>,
): Promise<Refusal | undefined> {
  const ids = variants.map((variant) => variant.id);
  const ordered = await orderCountsOfVariants(tx, ids);
  const kept = variants.find((variant) => ordered.has(variant.id));
  if (kept) {
    const orders = ordered.get(kept.id) ?? 0;
    return refuse(
      "conflict",
      `${kept.sku} is in ${orders} order${orders === 1 ? "" : "s"}: set its stock to 0 instead, so the orders keep their history.`,
    );
  }
  const productIds = [...new Set(variants.map((variant) => variant.productId))];
  const left = await tx
    .select({
      id: products.id,
      title: products.title,
      status: products.status,
      left: sql<number>`(select count(*)::int from ${productVariants} pv where pv.product_id = "products"."id" and not (pv.id = any(${sql.param(ids)}::int[])))`,
    })
    .from(products)
    .where(inArray(products.id, productIds));
  const bare = left.find((product) => product.status === "published" && product.left === 0);
  if (bare)
    return refuse(
      "conflict",
      `${bare.title} is on sale and needs at least one variant: unpublish it first.`,
    );
  await tx.delete(productVariants).where(inArray(productVariants.id, ids));
  await refreshProductSummaries(tx, productIds);
  return undefined;
}

/**
 * The product whose variants are about to change, its row locked until the transaction ends: two
 * saves at once cannot both add the same combination of options, which no constraint could catch.
 */
export async function lockProduct(tx: Db, id: number) {
  const [product] = await tx
    .select({
      id: products.id,
      slug: products.slug,
      title: products.title,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .where(eq(products.id, id))
    .for("update");
  return product;
}

/**
 * Variants as staff manage them one at a time (behaviour.md §7 `POST /product-variants/create`).
 */
export const variantService: ResourceService<
  StaffVariantListQuery,
  VariantEdit,
  VariantEdit,
  VariantCreateInput,
  VariantUpdateInput
> = {
  list: listVariants,
  edit: variantEdit,

  create: (tx, input) =>
    checkedWrite(async () => {
      const product = await lockProduct(tx, input.productId);
      if (!product) return refuse("invalid", "No such product.", "productId");
      const id = await insertVariant(tx, product, input);
      if (isRefusal(id)) return id;
      await refreshProductSummaries(tx, [product.id]);
      return (await variantEdit(tx, id)) as VariantEdit;
    }),

  update: (tx, input) =>
    checkedWrite(async () => {
      const { id, ...changes } = input;
      const before = await variantEdit(tx, id);
      if (!before) return refuse("not-found", "No such variant.");
      await lockProduct(tx, before.productId);
      const refused = await changeVariant(tx, before.productId, id, changes);
      if (refused) return refused;
      await refreshProductSummaries(tx, [before.productId]);
      return (await variantEdit(tx, id)) as VariantEdit;
    }),

  destroy: (tx, records) => deleteVariants(tx, records),

  afterWrite: notifyShopChanged,
};

// Generating variants ------------------------------------------------------------------------------

/** At most this many variants from one generation: 7 sizes × 10 colours × 2 fits is 140. */
const MAX_COMBINATIONS = 200;

/** Every way to pick one value from each group: [[S, M], [Black, White]] → S/Black, S/White … */
function cartesian<T>(groups: T[][]): T[][] {
  return groups.reduce<T[][]>(
    (combinations, group) =>
      combinations.flatMap((combo) => group.map((value) => [...combo, value])),
    [[]],
  );
}

/**
 * The SKU of one combination from the pattern: `{product}` is the product's slug, `{size}` (any
 * type's slug) that type's value's slug; upper-cased. Undefined pattern: product, then each type.
 */
function skuFromPattern(pattern: string, productSlug: string, combo: OptionValue[]): string {
  const parts = pattern.replace(/\{([a-z0-9-]+)\}/gi, (_match, name: string) => {
    const key = name.toLowerCase();
    if (key === "product") return productSlug;
    return combo.find((value) => value.typeSlug === key)?.slug ?? "";
  });
  return skuOf([parts]);
}

/**
 * Adds the product a variant for every combination of the chosen values (one per type), each
 * with the price given and a SKU from the pattern (made unique), in one transaction with an audit
 * entry per variant. Combinations the product has already are kept as they are. The values must
 * be of the same types as the product's variants have, or the shop could not offer them together.
 */
export async function generateVariants(
  tx: Db,
  input: GenerateVariantsInput,
  audit: AuditTrail,
): Promise<GeneratedVariants | Refusal> {
  const product = await lockProduct(tx, input.id);
  if (!product) return refuse("not-found", "No such product.");
  if (input.updatedAt && input.updatedAt !== product.updatedAt.toISOString())
    return refuse(
      "conflict",
      "Someone else saved this product after you opened it. Reload it to see their changes, then make yours again.",
    );
  const values = await optionValues(tx, input.attributeIds);
  if (!values) return refuse("invalid", "Choose option values that exist.", "attributeIds");
  // One group per type, in the types' order (the values come sorted so).
  const byType = new Map<number, OptionValue[]>();
  for (const value of values)
    byType.set(value.typeId, [...(byType.get(value.typeId) ?? []), value]);
  const groups = [...byType.values()];
  const count = groups.reduce((total, group) => total * group.length, 1);
  if (count > MAX_COMBINATIONS)
    return refuse(
      "invalid",
      `That makes ${count} variants; at most ${MAX_COMBINATIONS} at a time.`,
      "attributeIds",
    );

  const typeSlugs = groups.map((group) => (group[0] as OptionValue).typeSlug);
  const pattern =
    input.skuPattern ?? ["{product}", ...typeSlugs.map((slug) => `{${slug}}`)].join("-");
  for (const [, name] of pattern.matchAll(/\{([^}]*)\}/g)) {
    const key = (name ?? "").toLowerCase();
    if (key !== "product" && !typeSlugs.includes(key))
      return refuse(
        "invalid",
        `{${name}} is not a part of these variants: use {product}${typeSlugs.map((slug) => `, {${slug}}`).join("")}.`,
        "skuPattern",
      );
  }
  const unnamed = typeSlugs.find(
    (slug, index) =>
      (groups[index]?.length ?? 0) > 1 && !pattern.toLowerCase().includes(`{${slug}}`),
  );
  if (unnamed)
    return refuse(
      "invalid",
      `Put {${unnamed}} in the pattern, so each variant's SKU says which it is.`,
      "skuPattern",
    );

  const existing = await optionSetsOf(tx, product.id);
  const chosenTypes = optionKey(groups.map((group) => (group[0] as OptionValue).typeId));
  if (existing.length) {
    const typesOf = await optionValues(tx, [...new Set(existing.flatMap((v) => v.attributeIds))]);
    const byVariant = existing.map((variant) =>
      optionKey([
        ...new Set(
          variant.attributeIds.map((id) => typesOf?.find((value) => value.id === id)?.typeId ?? 0),
        ),
      ]),
    );
    if (byVariant.some((types) => types !== chosenTypes))
      return refuse(
        "conflict",
        `The variants of ${product.title} have other options than these: choose values of the same options, or delete those variants first.`,
      );
  }

  const have = new Set(existing.map((variant) => variant.key));
  const created: VariantEdit[] = [];
  let kept = 0;
  for (const combo of cartesian(groups)) {
    if (have.has(optionKey(combo.map((value) => value.id)))) {
      kept += 1;
      continue;
    }
    const sku = await freeSku(tx, skuFromPattern(pattern, product.slug, combo));
    const id = await insertVariant(tx, product, {
      sku,
      price: input.price,
      compareAtPrice: input.compareAtPrice ?? null,
      stockOnHand: input.stockOnHand ?? 0,
      attributeIds: combo.map((value) => value.id),
    });
    if (isRefusal(id)) return id;
    const variant = (await variantEdit(tx, id)) as VariantEdit;
    await audit.record(tx, {
      action: "create",
      resource: VARIANTS,
      resourceId: id,
      label: variantLabel(variant),
      after: variantAuditFields(variant),
    });
    created.push(variant);
  }
  if (created.length) await refreshProductSummaries(tx, [product.id]);
  return {
    created: created.map(({ productId: _productId, productTitle: _title, ...row }) => row),
    kept,
  };
}
