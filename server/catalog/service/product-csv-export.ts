import { stringify } from "csv-stringify/sync";
import { asc, eq, gt, inArray } from "drizzle-orm";
import { productTypeByTitle } from "../../../common/product-types.ts";
import { billingModelsByIds } from "../../billing/index.ts";
import type { Db } from "../../db/client.ts";
import { attributes, brands, products, productVariants, variantAttributes } from "../schema.ts";
import {
  CSV_WRITE_OPTIONS,
  csvColumns,
  type OptionColumn,
  optionColumns,
  poundsOf,
} from "./product-csv.ts";

// The catalogue as CSV (issue 14): one row per variant, the product's own columns on its first
// row. Products are read a page at a time, as the reader takes the file, so a catalogue of
// 100,000 products never sits in memory whole (and no transaction stays open while a slow
// client downloads).

/** Products read per page: each page is three queries. */
export const EXPORT_PAGE_SIZE = 200;

async function productPage(db: Db, afterId: number, size: number) {
  const rows = await db
    .select({
      id: products.id,
      slug: products.slug,
      title: products.title,
      band: brands.slug,
      productType: products.productType,
      status: products.status,
      tags: products.tags,
      vatRate: products.vatRate,
      releaseDate: products.releaseDate,
      billingModelId: products.billingModelId,
      seoTitle: products.seoTitle,
      seoDescription: products.seoDescription,
      description: products.description,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(gt(products.id, afterId))
    .orderBy(asc(products.id))
    .limit(size);
  const variants = rows.length
    ? await db
        .select({
          id: productVariants.id,
          productId: productVariants.productId,
          sku: productVariants.sku,
          price: productVariants.price,
          compareAtPrice: productVariants.compareAtPrice,
          stockOnHand: productVariants.stockOnHand,
          // Read in the same row as the stock: the import sets stock only while it is unchanged.
          stockVersion: productVariants.stockVersion,
        })
        .from(productVariants)
        .where(
          inArray(
            productVariants.productId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(
          asc(productVariants.productId),
          asc(productVariants.position),
          asc(productVariants.id),
        )
    : [];
  const options = variants.length
    ? await db
        .select({
          variantId: variantAttributes.variantId,
          typeId: attributes.attributeTypeId,
          title: attributes.title,
        })
        .from(variantAttributes)
        .innerJoin(attributes, eq(attributes.id, variantAttributes.attributeId))
        .where(
          inArray(
            variantAttributes.variantId,
            variants.map((variant) => variant.id),
          ),
        )
    : [];
  const models = await billingModelsByIds(
    db,
    rows.flatMap((row) => (row.billingModelId === null ? [] : [row.billingModelId])),
  );
  return { rows, variants, options, models };
}

type Page = Awaited<ReturnType<typeof productPage>>;

/** `Map.groupBy`, which Node 20 does not have. */
function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** A page of products as CSV records, in the columns' order. */
function recordsOf(page: Page, options: OptionColumn[]): string[][] {
  const variantsOf = groupBy(page.variants, (variant) => variant.productId);
  const optionsOf = groupBy(page.options, (option) => option.variantId);
  const records: string[][] = [];
  for (const product of page.rows) {
    const own = [
      product.slug,
      product.title,
      product.band,
      productTypeByTitle(product.productType)?.slug ?? product.productType,
      product.status,
      product.tags.join(", "),
      String(product.vatRate),
      product.releaseDate ?? "",
      product.billingModelId === null ? "" : (page.models.get(product.billingModelId)?.title ?? ""),
      product.seoTitle ?? "",
      product.seoDescription ?? "",
      product.description,
    ];
    const blank = own.map(() => "");
    // A product without variants still has its row, so an export brings everything back.
    const variants = variantsOf.get(product.id) ?? [undefined];
    for (const [index, variant] of variants.entries()) {
      const values = optionsOf.get(variant?.id ?? 0) ?? [];
      records.push([
        ...(index === 0 ? own : [product.slug, ...blank.slice(1)]),
        variant?.sku ?? "",
        variant ? poundsOf(variant.price) : "",
        variant?.compareAtPrice == null ? "" : poundsOf(variant.compareAtPrice),
        variant ? String(variant.stockOnHand) : "",
        variant ? String(variant.stockVersion) : "",
        // stock_adjustment: for staff to fill in for a delivery.
        "",
        ...options.map(
          (option) => values.find((value) => value.typeId === option.typeId)?.title ?? "",
        ),
      ]);
    }
  }
  return records;
}

/**
 * The whole catalogue as a CSV file (UTF-8 with a byte-order mark, so spreadsheets read £ and
 * accents right), made a page of products at a time as the reader pulls it. Cells that a
 * spreadsheet would run as a formula are written with a leading apostrophe (OWASP), which the
 * import takes off again.
 */
export function productCsvStream(db: Db, pageSize = EXPORT_PAGE_SIZE): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let options: OptionColumn[] | undefined;
  let afterId = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!options) {
          options = await optionColumns(db);
          controller.enqueue(
            encoder.encode(stringify([csvColumns(options)], { ...CSV_WRITE_OPTIONS, bom: true })),
          );
          return;
        }
        const page = await productPage(db, afterId, pageSize);
        const last = page.rows.at(-1);
        if (!last) {
          controller.close();
          return;
        }
        afterId = last.id;
        controller.enqueue(encoder.encode(stringify(recordsOf(page, options), CSV_WRITE_OPTIONS)));
      },
    },
    // One page in hand at a time: the next is read only when the reader has taken this one.
    { highWaterMark: 0 },
  );
}
