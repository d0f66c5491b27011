import { eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { ProductEdit, VariantEdit } from "../../../common/catalog-admin.ts";
import {
  CSV_IMPORT_MAX_ROWS,
  type ProductImportChange,
  type ProductImportError,
  type ProductImportSummary,
} from "../../../common/product-csv.ts";
import { PRODUCT_TYPES } from "../../../common/product-types.ts";
import { isRefusal, type Refusal, refuse } from "../../../common/refusal.ts";
import { allBillingModels } from "../../billing/index.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { inTransactionOrRefuse } from "../../db/transaction.ts";
import type { AuditEntry, AuditTrail } from "../../http/command.ts";
import type { WriteContext } from "../../http/resource.ts";
import { sanitizeRichText } from "../../platform/index.ts";
import { brands, products, productVariants, variantAttributes } from "../schema.ts";
import {
  MAX_STOCK,
  ProductCreateInput,
  ProductUpdateFields,
  type ProductUpdateInput,
} from "../validators.ts";
import { createProducts, PRODUCTS, productService } from "./product-admin.ts";
import {
  type Column,
  type OptionColumn,
  optionColumns,
  optionKey,
  Problems,
  penceOf,
  poundsOf,
  type Row,
  readHeader,
  readRecords,
  rowsOf,
  withCommas,
} from "./product-csv.ts";
import {
  consumeImportCheck,
  fileHashOf,
  importCheckRefusal,
  recordImportCheck,
} from "./product-import-checks.ts";
import { adjustStock, setStockAtVersion } from "./stock.ts";
import { VARIANTS, variantAuditFields, variantLabel } from "./variant-admin.ts";

// Products and variants from a CSV file (issue 14, decision 0017). Every row is checked with the
// product form's own schemas (validators.ts) and written by the product form's own services
// (product-admin.ts, variant-admin.ts) in one transaction for the whole file: any error and
// nothing is written. New products are written together, a few statements for all of them
// (`createProducts`); the shop's products one at a time, as their forms would. A dry run writes the same way and rolls back, so it finds every error
// the real run would, including those only the services see (a SKU taken, options taken).

/** The product form's field each column fills (and a refusal's field names the column by). */
const FIELD_COLUMNS: Record<string, string> = {
  slug: "slug",
  title: "title",
  brandId: "band",
  type: "type",
  status: "status",
  tags: "tags",
  vatRate: "vat_rate",
  releaseDate: "release_date",
  billingModelId: "billing_model",
  seoTitle: "seo_title",
  seoDescription: "seo_description",
  description: "description",
  sku: "sku",
  price: "price",
  compareAtPrice: "compare_at_price",
  stockOnHand: "stock",
  stockAdjustment: "stock_adjustment",
};

const PRICE_WORDS = "Enter the price in pounds, like 25.00.";

/** What an import is asked to do. */
export type ProductImport = {
  bytes: Uint8Array;
  dryRun: boolean;
  /** A real import: the `confirmation` of this file's check (product-import-checks.ts). */
  confirm?: string;
  /** The uploaded file's name, for the audit entries of what it writes. */
  fileName?: string | null;
  /** Who imports, and the log of what the import writes. */
  audit: AuditTrail;
  config: Config;
};

// What the shop has -------------------------------------------------------------------------------

type ShopProduct = Awaited<ReturnType<typeof shopProducts>>[number];
type ShopVariant = Awaited<ReturnType<typeof shopVariants>>[number];

const shopProducts = (db: Db, slugs: string[]) =>
  slugs.length
    ? db
        .select({
          id: products.id,
          slug: products.slug,
          title: products.title,
          brandId: products.brandId,
          bandSlug: brands.slug,
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
        .where(inArray(products.slug, slugs))
    : Promise.resolve([]);

async function shopVariants(db: Db, skus: string[]) {
  const rows = skus.length
    ? await db
        .select({
          id: productVariants.id,
          productId: productVariants.productId,
          productSlug: products.slug,
          sku: productVariants.sku,
          price: productVariants.price,
          compareAtPrice: productVariants.compareAtPrice,
          stockOnHand: productVariants.stockOnHand,
          stockVersion: productVariants.stockVersion,
        })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(inArray(productVariants.sku, skus))
    : [];
  const options = rows.length
    ? await db
        .select({ variantId: variantAttributes.variantId, id: variantAttributes.attributeId })
        .from(variantAttributes)
        .where(
          inArray(
            variantAttributes.variantId,
            rows.map((row) => row.id),
          ),
        )
    : [];
  return rows.map((row) => ({
    ...row,
    attributeIds: options.filter((option) => option.variantId === row.id).map(({ id }) => id),
  }));
}

const bandIds = async (db: Db, slugs: string[]) =>
  new Map(
    (slugs.length
      ? await db
          .select({ id: brands.id, slug: brands.slug })
          .from(brands)
          .where(inArray(brands.slug, slugs))
      : []
    ).map((band) => [band.slug, band.id]),
  );

// From cells to the product form's input ----------------------------------------------------------

/** A number as typed, for the schema to judge; text that is no number goes as it is, so the
 * schema's own words say what is wanted. */
const numberish = (text: string): number | string =>
  /^[-+]?\d+(\.\d+)?$/.test(text.trim()) ? Number(text.trim()) : text;

const TYPE_BY_NAME = new Map(
  PRODUCT_TYPES.flatMap((type) => [
    [type.slug, type.slug],
    [type.title.toLowerCase(), type.slug],
  ]),
);

/** One product of the file: its rows, and the product it is in the shop, if any. */
type Group = { slug: string; rows: Row[]; shop?: ShopProduct };

/** A variant row as the product form's input: the new variant, or the one its SKU finds. */
type VariantPlan = {
  row: number;
  input: Record<string, unknown>;
  shop?: ShopVariant;
  /** The row's `stock_version`: the counter of the variant's stock when the file was made. */
  stockVersion?: number;
  /** The row's `stock_adjustment`, when not 0: units to add to the stock the shop has. */
  adjustment?: number;
};

/**
 * How a row changes an existing variant's stock: to a count the file read at `version`, or by
 * `add` units from what the shop has when it is written. `from` is the stock the plan saw.
 */
type StockPlan = { from: number } & ({ set: number; version: number } | { add: number });

/** `+5`, `-2`, `5` (a minus sign too): whole units, or undefined when the text is not that. */
function unitsOf(text: string): number | undefined {
  const match = /^([+\-\u2212]?)\s*(\d{1,7})$/.exec(text.trim());
  if (!match) return undefined;
  const units = Number(match[2]);
  return match[1] === "" || match[1] === "+" ? units : -units;
}

/** +5, -2: units as a delivery note writes them. */
const signed = (units: number) => (units > 0 ? `+${units}` : String(units));

type References = {
  columns: Column[];
  options: OptionColumn[];
  bands: Map<string, number>;
  /** The billing models by their title, lower case. */
  billingModels: Map<string, number>;
  /** For the dry run's list of changes: each billing model's title, by id. */
  billingModelTitles: Map<number, string>;
  variants: Map<string, ShopVariant>;
  typeOfValue: Map<number, number>;
};

/**
 * A product's own fields from its rows: each column's value is the first non-empty cell of the
 * product's rows, and another row giving another value is an error. The row each value came
 * from is where its errors are shown. A column that the file does not have is not set.
 */
function productFields(group: Group, refs: References, problems: Problems) {
  const first = group.rows[0] as Row;
  const from = new Map<string, number>();
  const merged = new Map<string, string>();
  for (const column of refs.columns) {
    if (column.kind !== "product" || column.key === "slug") continue;
    let value: string | undefined;
    let source: Row | undefined;
    for (const row of group.rows) {
      const cell = row.cells.get(column.key) ?? "";
      if (cell.trim() === "") continue;
      if (value === undefined) {
        value = cell;
        source = row;
      } else if (cell.trim() !== value.trim()) {
        problems.add(
          row.row,
          column.name,
          `Differs from row ${source?.row}, the product's first ${column.name}: leave it empty or make them the same.`,
        );
      }
    }
    merged.set(column.key, value ?? "");
    from.set(column.name, (source ?? first).row);
  }
  const named = (key: string) => refs.columns.find((column) => column.key === key)?.name ?? key;
  const rowOf = (key: string) => from.get(named(key)) ?? first.row;
  const input: Record<string, unknown> = { slug: group.slug };
  const isNew = !group.shop;
  const text = (key: string) => merged.get(key);

  const title = text("title");
  if (title !== undefined || isNew) input.title = title ?? "";
  const band = text("band");
  if (band !== undefined || isNew) {
    const slug = (band ?? "").trim().toLowerCase();
    const id = refs.bands.get(slug);
    if (id) input.brandId = id;
    else
      problems.add(
        rowOf("band"),
        named("band"),
        slug
          ? `No band has the slug “${band?.trim()}”: add the band first, or use its slug as in /bands/static-gulls.`
          : "Enter the band's slug, as in /bands/static-gulls.",
      );
  }
  const type = text("type");
  if (type !== undefined || isNew) {
    const name = (type ?? "").trim();
    input.type = TYPE_BY_NAME.get(name.toLowerCase()) ?? name;
  }
  const status = text("status")?.trim();
  if (status) input.status = status.toLowerCase();
  const tags = text("tags");
  if (tags !== undefined)
    input.tags = tags
      .split(",")
      .map((tag) => tag.trim())
      .filter(Boolean);
  const vatRate = text("vat_rate")?.trim();
  if (vatRate) input.vatRate = numberish(vatRate.replace(/%$/, ""));
  const releaseDate = text("release_date");
  if (releaseDate !== undefined) input.releaseDate = releaseDate.trim() || null;
  const billingModel = text("billing_model")?.trim();
  if (billingModel !== undefined) {
    const id = refs.billingModels.get(billingModel.toLowerCase());
    if (!billingModel) input.billingModelId = null;
    else if (id) input.billingModelId = id;
    else
      problems.add(
        rowOf("billing_model"),
        named("billing_model"),
        `No billing model is called “${billingModel}”: use one of the back office's billing models, or leave it empty for a one-off sale.`,
      );
  }
  for (const [key, field] of [
    ["seo_title", "seoTitle"],
    ["seo_description", "seoDescription"],
    ["description", "description"],
  ] as const) {
    const value = text(key);
    if (value !== undefined) input[field] = value;
  }
  return { input, rowOf, named };
}

/** A variant row's fields; undefined for a row with neither a SKU nor any variant cell. */
function variantPlan(
  row: Row,
  group: Group,
  refs: References,
  problems: Problems,
): VariantPlan | undefined {
  const name = (key: string) => refs.columns.find((column) => column.key === key)?.name ?? key;
  const cell = (key: string) => row.cells.get(key);
  const sku = (cell("sku") ?? "").trim();
  const variantCells = refs.columns.filter(
    (column) => column.kind !== "product" && column.key !== "sku",
  );
  if (!sku) {
    if (variantCells.every((column) => (cell(column.key) ?? "").trim() === "")) return undefined;
    problems.add(row.row, name("sku"), "Enter the variant's SKU: the import finds variants by it.");
  }
  const shop = sku ? refs.variants.get(sku.toUpperCase()) : undefined;
  if (shop && shop.productId !== group.shop?.id) {
    problems.add(
      row.row,
      name("sku"),
      `${shop.sku} is a variant of the product “${shop.productSlug}”: a variant stays with its product.`,
    );
  }
  const input: Record<string, unknown> = { sku };

  const price = cell("price")?.trim();
  if (price) {
    const pence = penceOf(price);
    if (pence === undefined) problems.add(row.row, name("price"), PRICE_WORDS);
    else input.price = pence;
  } else if (!shop) problems.add(row.row, name("price"), PRICE_WORDS);
  const compareAt = cell("compare_at_price");
  if (compareAt !== undefined) {
    if (compareAt.trim() === "") input.compareAtPrice = null;
    else {
      const pence = penceOf(compareAt);
      if (pence === undefined)
        problems.add(
          row.row,
          name("compare_at_price"),
          "Enter the compare-at price in pounds, like 30.00, or leave it empty.",
        );
      else input.compareAtPrice = pence;
    }
  }
  const stock = cell("stock")?.trim();
  if (stock) input.stockOnHand = numberish(stock);
  const versionCell = cell("stock_version")?.trim();
  let stockVersion: number | undefined;
  if (versionCell) {
    if (/^\d{1,9}$/.test(versionCell)) stockVersion = Number(versionCell);
    else
      problems.add(
        row.row,
        name("stock_version"),
        "Leave stock_version as the export wrote it (a whole number): it tells whether the stock has changed since.",
      );
  }
  const adjustmentCell = cell("stock_adjustment")?.trim();
  let adjustment: number | undefined;
  if (adjustmentCell) {
    const units = unitsOf(adjustmentCell);
    if (units === undefined)
      problems.add(
        row.row,
        name("stock_adjustment"),
        "Enter the units to add as a whole number: +5 for a delivery, -2 to take 2 off.",
      );
    else if (Math.abs(units) > MAX_STOCK)
      problems.add(row.row, name("stock_adjustment"), "At most 1,000,000 units at a time.");
    else if (units !== 0 && !shop && sku)
      problems.add(
        row.row,
        name("stock_adjustment"),
        "A new variant has no stock to adjust: put its units in stock.",
      );
    else if (units !== 0) adjustment = units;
  }

  const optionColumns = refs.columns.filter((column) => column.kind === "option");
  if (optionColumns.length) {
    const ids: number[] = [];
    for (const column of optionColumns) {
      if (column.kind !== "option") continue;
      const value = (cell(column.key) ?? "").trim().toLowerCase();
      if (!value) continue;
      const found = column.option.values.find(
        (each) => each.title.toLowerCase() === value || each.slug === value,
      );
      if (found) ids.push(found.id);
      else
        problems.add(
          row.row,
          column.name,
          `${column.option.title} has no value “${cell(column.key)?.trim()}”: add it to the option first.`,
        );
    }
    // The options the file has no column for stay as they are.
    const typed = new Set(optionColumns.map((column) => column.key));
    const kept = (shop?.attributeIds ?? []).filter(
      (id) => !typed.has(optionKey(refs.typeOfValue.get(id) ?? 0)),
    );
    input.attributeIds = [...kept, ...ids];
  }
  return { row: row.row, input, shop, stockVersion, adjustment };
}

/** Where a schema issue or a refusal's field shows: the row and the column. */
function placeOf(
  path: ReadonlyArray<PropertyKey>,
  group: Group,
  variants: VariantPlan[],
  refs: References,
  rowOf: (key: string) => number,
  named: (key: string) => string,
): { row: number; field: string } {
  const [head, index, field] = path;
  const firstRow = (group.rows[0] as Row).row;
  if (head === "variants") {
    const variant = typeof index === "number" ? variants[index] : undefined;
    if (!variant) return { row: firstRow, field: named("sku") };
    if (field === "attributeIds") {
      const row = group.rows.find((each) => each.row === variant.row);
      const option = refs.columns.find(
        (column) => column.kind === "option" && (row?.cells.get(column.key) ?? "").trim() !== "",
      );
      return {
        row: variant.row,
        field: option?.name ?? refs.columns.find((c) => c.kind === "option")?.name ?? "sku",
      };
    }
    return { row: variant.row, field: named(FIELD_COLUMNS[String(field)] ?? "sku") };
  }
  const column = FIELD_COLUMNS[String(head)] ?? "slug";
  return { row: rowOf(column), field: named(column) };
}

// Comparing with the shop -------------------------------------------------------------------------

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const sortedIds = (ids: unknown) => [...((ids as number[]) ?? [])].sort((a, b) => a - b);

/** The shop's product as the form's fields. */
const currentFields = (shop: ShopProduct): Record<string, unknown> => ({
  title: shop.title,
  brandId: shop.brandId,
  type: PRODUCT_TYPES.find((type) => type.title === shop.productType)?.slug ?? shop.productType,
  status: shop.status,
  tags: shop.tags,
  vatRate: shop.vatRate,
  releaseDate: shop.releaseDate,
  billingModelId: shop.billingModelId,
  seoTitle: shop.seoTitle ?? "",
  seoDescription: shop.seoDescription ?? "",
  description: shop.description,
});

/**
 * The input without the fields that hold what the shop has already: an update sends only what
 * changes, so a value the form's rules would refuse today (an old, long SEO title) does not stop
 * a file that leaves it alone.
 */
function withoutUnchanged(input: Record<string, unknown>, current: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(input).filter(
      ([field, value]) => !(field in current && same(value, current[field])),
    ),
  );
}

/** The product's own fields the parsed input changes. */
function productChanges(
  parsed: Record<string, unknown>,
  shop: ShopProduct,
): Record<string, unknown> {
  const current = currentFields(shop);
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(parsed)) {
    if (!(field in current)) continue;
    // As the service would store them: rich text made safe, each tag once.
    const stored =
      field === "description"
        ? sanitizeRichText(value as string)
        : field === "tags"
          ? [...new Set(value as string[])]
          : value;
    if (!same(stored, current[field])) changes[field] = value;
  }
  return changes;
}

/** The fields of an existing variant the parsed row changes. */
function variantChanges(parsed: Record<string, unknown>, shop: ShopVariant) {
  const changes: Record<string, unknown> = {};
  if (parsed.price !== undefined && parsed.price !== shop.price) changes.price = parsed.price;
  if (parsed.compareAtPrice !== undefined && parsed.compareAtPrice !== shop.compareAtPrice)
    changes.compareAtPrice = parsed.compareAtPrice;
  if (parsed.stockOnHand !== undefined && parsed.stockOnHand !== shop.stockOnHand)
    changes.stockOnHand = parsed.stockOnHand;
  if (
    parsed.attributeIds !== undefined &&
    !same(sortedIds(parsed.attributeIds), sortedIds(shop.attributeIds))
  )
    changes.attributeIds = parsed.attributeIds;
  return changes;
}

/** What one product of the file writes: the product's input, and its variants' rows. */
type Plan = {
  group: Group;
  /** The new product's whole input, or the changes of the shop's. */
  product: Record<string, unknown>;
  productChanged: boolean;
  /**
   * The variants to add or change, in the order they are sent (a refusal names an index). An
   * existing variant's stock is not in `input`: `stock` says how it changes (see `writeStock`).
   */
  variants: Array<{
    row: number;
    input: Record<string, unknown>;
    id?: number;
    shop?: ShopVariant;
    stock?: StockPlan;
  }>;
  variantCounts: { create: number; update: number; unchanged: number };
  rowOf: (key: string) => number;
  named: (key: string) => string;
};

/**
 * Why a row may not set a variant's stock to `to`: its count was read before a later movement
 * (a sale, release, return, edit or import), or the file cannot say when it was read. Setting it
 * would undo that movement: sold units back on sale (docs/security.md #26).
 */
function staleStockMessage(
  to: number,
  now: { stock: number; version: number },
  fileVersion: number | undefined,
  hasVersionColumn: boolean,
): string {
  const keep = `Empty the cell to keep ${now.stock}, use stock_adjustment for a delivery (+5), or export again and change that file.`;
  if (!hasVersionColumn)
    return `This file has no stock_version column, so the import cannot tell whether the shop's stock has changed since the file's ${to} was read: the shop has ${now.stock} now. ${keep}`;
  if (fileVersion === undefined)
    return `stock_version is empty, so the import cannot tell whether the shop's stock has changed since the file's ${to} was read: the shop has ${now.stock} now. ${keep}`;
  return `The file's stock, ${to}, was read before a later change to this variant's stock (a sale, return or edit): the shop has ${now.stock} now (stock_version ${fileVersion} in the file, ${now.version} now). Importing ${to} would undo that change. ${keep}`;
}

/**
 * How a row changes an existing variant's stock, or undefined (a problem on the row when it may
 * not): a new count (`to`, which differs from the shop's) only with the `stock_version` the shop
 * still has; a `stock_adjustment` only alone, and never below zero or past the most stock.
 */
function stockPlanOf(
  variant: VariantPlan,
  to: number | undefined,
  refs: References,
  problems: Problems,
): StockPlan | undefined {
  const shop = variant.shop as ShopVariant;
  const now = { stock: shop.stockOnHand, version: shop.stockVersion };
  const name = (key: string) => refs.columns.find((column) => column.key === key)?.name ?? key;
  if (to !== undefined) {
    if (variant.stockVersion !== undefined && variant.stockVersion === shop.stockVersion) {
      if (variant.adjustment === undefined)
        return { from: now.stock, set: to, version: shop.stockVersion };
      problems.add(
        variant.row,
        name("stock_adjustment"),
        `Give either stock (a count: ${to}) or stock_adjustment (units to add: ${signed(variant.adjustment)}), not both: the shop has ${now.stock}.`,
      );
      return undefined;
    }
    const hasVersionColumn = refs.columns.some((column) => column.key === "stock_version");
    problems.add(
      variant.row,
      name("stock"),
      staleStockMessage(to, now, variant.stockVersion, hasVersionColumn) +
        (variant.adjustment === undefined
          ? ""
          : " To add the stock_adjustment alone, empty the stock cell."),
    );
    return undefined;
  }
  if (variant.adjustment === undefined) return undefined;
  const after = now.stock + variant.adjustment;
  if (after < 0 || after > MAX_STOCK) {
    problems.add(
      variant.row,
      name("stock_adjustment"),
      adjustmentMessage(variant.adjustment, now.stock),
    );
    return undefined;
  }
  return { from: now.stock, add: variant.adjustment };
}

const adjustmentMessage = (units: number, stock: number) =>
  stock + units < 0
    ? `${signed(units)} would take the stock below zero: the shop has ${stock}.`
    : `${signed(units)} would take the stock past 1,000,000: the shop has ${stock}.`;

/** Checks one product's rows with the product form's schema, and works out what it changes. */
function planOf(group: Group, refs: References, problems: Problems): Plan | undefined {
  const { input, rowOf, named } = productFields(group, refs, problems);
  const variants = group.rows.flatMap((row) => variantPlan(row, group, refs, problems) ?? []);
  const sent = variants.map((variant) => {
    if (!variant.shop) return variant.input;
    // The SKU found the variant; the rest is checked only where it changes.
    const { sku: _sku, ...fields } = variant.input;
    const current = {
      price: variant.shop.price,
      compareAtPrice: variant.shop.compareAtPrice,
      stockOnHand: variant.shop.stockOnHand,
      attributeIds: sortedIds(variant.shop.attributeIds),
    };
    const compared =
      fields.attributeIds === undefined
        ? fields
        : { ...fields, attributeIds: sortedIds(fields.attributeIds) };
    return { id: variant.shop.id, ...withoutUnchanged(compared, current) };
  });
  // The product form's own schemas: a new product as `store` takes it, a change as `update`
  // (with what the shop has already left out, see `withoutUnchanged`).
  const { slug: _slug, ...own } = input;
  const parsed = group.shop
    ? ProductUpdateFields.partial().safeParse({
        ...withoutUnchanged(own, currentFields(group.shop)),
        variants: sent,
      })
    : ProductCreateInput.safeParse({ ...input, variants: sent });
  if (!parsed.success) {
    for (const issue of (parsed.error as z.ZodError).issues) {
      const place = placeOf(issue.path, group, variants, refs, rowOf, named);
      problems.add(place.row, place.field, issue.message, true);
    }
    return undefined;
  }
  const data = parsed.data as Record<string, unknown> & {
    variants?: Array<Record<string, unknown>>;
  };
  const parsedVariants = data.variants ?? [];
  const counts = { create: 0, update: 0, unchanged: 0 };
  const toSend: Plan["variants"] = [];
  for (const [index, variant] of variants.entries()) {
    const { id: _id, ...fields } = parsedVariants[index] ?? {};
    if (!variant.shop) {
      counts.create += 1;
      toSend.push({ row: variant.row, input: fields });
      continue;
    }
    const { stockOnHand, ...changes } = variantChanges(fields, variant.shop);
    const stock = stockPlanOf(variant, stockOnHand as number | undefined, refs, problems);
    if (Object.keys(changes).length === 0 && !stock) counts.unchanged += 1;
    else {
      counts.update += 1;
      toSend.push({
        row: variant.row,
        input: changes,
        id: variant.shop.id,
        shop: variant.shop,
        stock,
      });
    }
  }
  const { variants: _variants, ...fields } = data;
  const product = group.shop ? productChanges(fields, group.shop) : fields;
  return {
    group,
    product,
    productChanged: !group.shop || Object.keys(product).length > 0,
    variants: toSend,
    variantCounts: counts,
    rowOf,
    named,
  };
}

/** Rows of the file that name the same SKU, or give one product's variants the same options. */
function crossRowProblems(groups: Group[], refs: References, problems: Problems) {
  const skus = new Map<string, number>();
  for (const group of groups) {
    const options = new Map<string, number>();
    for (const row of group.rows) {
      const sku = (row.cells.get("sku") ?? "").trim().toUpperCase();
      if (!sku) continue;
      const earlier = skus.get(sku);
      if (earlier)
        problems.add(
          row.row,
          refs.columns.find((column) => column.key === "sku")?.name ?? "sku",
          `${sku} is on row ${earlier} too: a SKU names one variant.`,
        );
      else skus.set(sku, row.row);
      const optionCells = refs.columns
        .filter((column) => column.kind === "option")
        .map((column) => (row.cells.get(column.key) ?? "").trim().toLowerCase());
      if (optionCells.length === 0) continue;
      const key = optionCells.join("\u0000");
      const twin = options.get(key);
      if (twin)
        problems.add(
          row.row,
          refs.columns.find((column) => column.kind === "option")?.name ?? "sku",
          `Row ${twin} gives this product's variant the same options: the shop could not tell them apart.`,
        );
      else options.set(key, row.row);
    }
  }
}

// What the dry run lists ---------------------------------------------------------------------------

/** A form field's value as the file writes it (`2500` → `25.00`, a band's id → its slug). */
function shownValue(
  field: string,
  value: unknown,
  refs: References,
  bandSlugs: Map<number, string>,
) {
  if (value === null || value === undefined) return "";
  if (field === "price" || field === "compareAtPrice") return poundsOf(value as number);
  if (field === "brandId") return bandSlugs.get(value as number) ?? String(value);
  if (field === "billingModelId") return refs.billingModelTitles.get(value as number) ?? "";
  if (field === "tags") return (value as string[]).join(", ");
  return String(value);
}

const isEmptyValue = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === "" ||
  (Array.isArray(value) && value.length === 0);

/** A variant's option values by option: `option:Size` → `M`. */
function optionTitles(ids: unknown, refs: References): Map<number, string> {
  const titles = new Map<number, string>();
  for (const id of (ids as number[] | undefined) ?? []) {
    const typeId = refs.typeOfValue.get(id);
    const option = refs.options.find((each) => each.typeId === typeId);
    const value = option?.values.find((each) => each.id === id);
    if (option && value) titles.set(option.typeId, value.title);
  }
  return titles;
}

/**
 * Every field the plan adds or changes, by the row it comes from, with the shop's value before
 * (null for a new product or variant) and the file's after, as the file writes them.
 */
function listedChanges(plan: Plan, refs: References, bandSlugs: Map<number, string>) {
  const byRow = new Map<number, ProductImportChange>();
  const entryOf = (row: number, action: ProductImportChange["action"]) => {
    const cells = plan.group.rows.find((each) => each.row === row)?.cells;
    const sku = (cells?.get("sku") ?? "").trim().toUpperCase() || null;
    const entry = byRow.get(row) ?? { row, slug: plan.group.slug, sku, action, fields: [] };
    if (action === "add") entry.action = "add";
    byRow.set(row, entry);
    return entry.fields;
  };
  const show = (field: string, value: unknown) => shownValue(field, value, refs, bandSlugs);

  const shop = plan.group.shop;
  const current = shop ? currentFields(shop) : {};
  for (const [field, value] of Object.entries(plan.product)) {
    const column = FIELD_COLUMNS[field];
    if (!column || column === "slug" || (!shop && isEmptyValue(value))) continue;
    entryOf(plan.rowOf(column), shop ? "change" : "add").push({
      field: plan.named(column),
      old: shop ? show(field, current[field]) : null,
      new: show(field, value),
    });
  }

  const optionColumnName = (typeId: number) => {
    const column = refs.columns.find(
      (each) => each.kind === "option" && each.option.typeId === typeId,
    );
    return column?.name ?? `option:${refs.options.find((each) => each.typeId === typeId)?.title}`;
  };
  for (const variant of plan.variants) {
    const fields = entryOf(variant.row, variant.shop ? "change" : "add");
    const before = variant.shop;
    for (const field of ["price", "compareAtPrice", "stockOnHand"] as const) {
      const value = variant.input[field];
      if (value === undefined || (!before && value === null)) continue;
      fields.push({
        field: plan.named(FIELD_COLUMNS[field] as string),
        old: before ? show(field, before[field]) : null,
        new: show(field, value),
      });
    }
    if (variant.stock) {
      const after =
        "set" in variant.stock ? variant.stock.set : variant.stock.from + variant.stock.add;
      fields.push({
        field: plan.named("stock"),
        old: String(variant.stock.from),
        new: String(after),
        ...("add" in variant.stock ? { adjustment: variant.stock.add } : {}),
      });
    }
    if (variant.input.attributeIds !== undefined) {
      const was = optionTitles(before?.attributeIds, refs);
      const now = optionTitles(variant.input.attributeIds, refs);
      for (const option of refs.options) {
        const old = was.get(option.typeId) ?? "";
        const value = now.get(option.typeId) ?? "";
        if (old === value) continue;
        fields.push({
          field: optionColumnName(option.typeId),
          old: before ? old : null,
          new: value,
        });
      }
    }
  }
  return [...byRow.values()].filter((entry) => entry.fields.length > 0);
}

// Writing ------------------------------------------------------------------------------------------

const productAuditFields = (product: ProductEdit) => {
  const { id: _id, updatedAt: _updatedAt, variants: _variants, ...fields } = product;
  return fields;
};
const asVariantEdit = (
  product: ProductEdit,
  row: ProductEdit["variants"][number],
): VariantEdit => ({
  ...row,
  productId: product.id,
  productTitle: product.title,
});

/** The audit entries of a new product: one for it, one for each of its variants. */
const creationAudits = (created: ProductEdit): AuditEntry[] => [
  {
    action: "create",
    resource: PRODUCTS,
    resourceId: created.id,
    label: created.title,
    after: productAuditFields(created),
  },
  ...created.variants.map((row): AuditEntry => {
    const variant = asVariantEdit(created, row);
    return {
      action: "create",
      resource: VARIANTS,
      resourceId: variant.id,
      label: variantLabel(variant),
      after: variantAuditFields(variant),
    };
  }),
];

/** A new product of the file as the product form's input, with its variants. */
const creationOf = (plan: Plan) =>
  ({
    ...plan.product,
    slug: plan.group.slug,
    variants: plan.variants.map((variant) => variant.input),
  }) as ProductCreateInput & { slug: string };

/**
 * Writes the file's new products all at once (`createProducts`: a few statements for all of
 * them, rather than several for each), behind a savepoint; answers their audit entries, or the
 * refusal, rolled back, when one of them is refused (a race: the checks above find the rest).
 */
const writeNewProducts = (tx: Db, plans: Plan[]) =>
  inTransactionOrRefuse(tx, async (savepoint) => {
    const created = await createProducts(savepoint, plans.map(creationOf));
    if (isRefusal(created)) return created;
    return created.flatMap((product) => creationAudits(product));
  });

/**
 * Writes one product of the file with the product form's services (`store` for a new product
 * with its variants, `update` for the shop's with its changed and new variants), and an audit
 * entry for the product and for each variant added or changed.
 */
async function writePlan(
  tx: Db,
  plan: Plan,
  write: WriteContext,
  audits: AuditEntry[],
): Promise<Refusal | undefined> {
  const shop = plan.group.shop;
  if (!shop) {
    const created = await productService.create(
      tx,
      {
        ...plan.product,
        variants: plan.variants.map((variant) => variant.input),
      } as ProductCreateInput,
      write,
    );
    if (isRefusal(created)) return created;
    audits.push(...creationAudits(created));
    return undefined;
  }
  const before = (await productService.edit(tx, shop.id)) as ProductEdit;
  const stockRefusal = await writeStock(tx, plan);
  if (stockRefusal) return stockRefusal;
  const updated = await productService.update(
    tx,
    {
      id: shop.id,
      ...plan.product,
      ...(plan.variants.length
        ? {
            variants: plan.variants.map((variant) =>
              variant.id ? { id: variant.id, ...variant.input } : variant.input,
            ),
          }
        : {}),
    } as ProductUpdateInput,
    write,
  );
  if (isRefusal(updated)) return updated;
  audits.push({
    action: "update",
    resource: PRODUCTS,
    resourceId: updated.id,
    label: updated.title,
    before: productAuditFields(before),
    after: productAuditFields(updated),
  });
  const changed = new Set(plan.variants.flatMap((variant) => variant.id ?? []));
  for (const row of updated.variants) {
    const prior = before.variants.find((variant) => variant.id === row.id);
    if (prior && !changed.has(row.id)) continue;
    const variant = asVariantEdit(updated, row);
    audits.push({
      action: prior ? "update" : "create",
      resource: VARIANTS,
      resourceId: variant.id,
      label: variantLabel(variant),
      // Beside the same product title, so the entry shows only the variant's own changes.
      ...(prior ? { before: variantAuditFields(asVariantEdit(updated, prior)) } : {}),
      after: variantAuditFields(variant),
    });
  }
  return undefined;
}

/**
 * Writes the plan's stock changes, each in one guarded statement (stock.ts): a count only while
 * the variant's `stock_version` is the file's, an adjustment onto the stock the shop has now and
 * never below zero. The checks before the write saw the same; this catches a sale between the
 * two (docs/security.md #26). `productService.update` refreshes the summaries after.
 */
async function writeStock(tx: Db, plan: Plan): Promise<Refusal | undefined> {
  for (const [index, variant] of plan.variants.entries()) {
    const stock = variant.stock;
    if (!variant.id || !stock) continue;
    if ("set" in stock) {
      const written = await setStockAtVersion(tx, variant.id, stock.set, stock.version);
      if (!written.ok)
        return refuse(
          "conflict",
          staleStockMessage(stock.set, written.now, stock.version, true),
          `variants.${index}.stockOnHand`,
        );
    } else {
      const written = await adjustStock(tx, variant.id, stock.add);
      if (!written.ok)
        return refuse(
          "conflict",
          adjustmentMessage(stock.add, written.now.stock),
          `variants.${index}.stockAdjustment`,
        );
    }
  }
  return undefined;
}

/** A real import without a check, of a file that adds to stock: refused, naming the first row. */
function unconfirmedAdjustment(rows: Row[]): Refusal | undefined {
  const adjusting = rows.find((row) => {
    const units = unitsOf(row.cells.get("stock_adjustment") ?? "");
    return units !== undefined && units !== 0;
  });
  if (!adjusting) return undefined;
  return refuse(
    "invalid",
    `Row ${adjusting.row} adds to stock (stock_adjustment): check the file first, then import it from that check, so that sending it twice cannot add the units twice.`,
    "confirm",
  );
}

const ROLLED_BACK = refuse("invalid", "A dry run, or a file with errors: nothing is kept.");

/**
 * Checks a CSV file of products (one row per variant) and, unless it is a dry run, writes it:
 * all of it in one transaction, or, when any row has an error, none of it. Either way the answer
 * lists every row's errors and what the file adds and changes. A file that cannot be read as
 * rows at all (too large, not UTF-8 CSV, over 5,000 rows, a header with an unknown column) is a
 * refusal. The caller tells the storefront once a real import has committed.
 */
export async function importProductsCsv(
  db: Db,
  request: ProductImport,
): Promise<ProductImportSummary | Refusal> {
  const records = readRecords(request.bytes);
  if (isRefusal(records)) return records;
  if (records.length === 0)
    return refuse(
      "invalid",
      "The file is empty: it needs a header row and a row per variant.",
      "file",
    );
  const options = await optionColumns(db);
  const columns = readHeader(records[0] as string[], options);
  if (isRefusal(columns)) return columns;
  const problems = new Problems();
  const rows = rowsOf(records, columns, problems);
  if (rows.length === 0) return refuse("invalid", "The file has no rows under its header.", "file");
  if (rows.length > CSV_IMPORT_MAX_ROWS)
    return refuse(
      "invalid",
      `The file has ${withCommas(rows.length)} rows; at most ${withCommas(CSV_IMPORT_MAX_ROWS)} at a time. Split it into smaller files.`,
      "file",
    );

  // A real import that adds stock must confirm its check: sent twice, it would add twice.
  const fileHash = fileHashOf(request.bytes);
  if (!request.dryRun) {
    const refusal = request.confirm
      ? await importCheckRefusal(db, request.confirm, fileHash, request.audit.actor.id)
      : unconfirmedAdjustment(rows);
    if (refusal) return refusal;
  }

  // Rows by product, in the file's order.
  const slugColumn = columns.find((column) => column.key === "slug")?.name ?? "slug";
  const groups = new Map<string, Group>();
  for (const row of rows) {
    const slug = (row.cells.get("slug") ?? "").trim().toLowerCase();
    if (!slug) {
      problems.add(row.row, slugColumn, "Enter the product's slug: a product's rows share it.");
      continue;
    }
    const group = groups.get(slug) ?? { slug, rows: [] };
    group.rows.push(row);
    groups.set(slug, group);
  }
  const skus = [
    ...new Set(
      rows.map((row) => (row.cells.get("sku") ?? "").trim().toUpperCase()).filter(Boolean),
    ),
  ];
  const bandSlugs = [
    ...new Set(
      rows.map((row) => (row.cells.get("band") ?? "").trim().toLowerCase()).filter(Boolean),
    ),
  ];
  const [shopRows, shopVariantRows, bands, models] = await Promise.all([
    shopProducts(db, [...groups.keys()]),
    shopVariants(db, skus),
    bandIds(db, bandSlugs),
    allBillingModels(db),
  ]);
  for (const product of shopRows) {
    const group = groups.get(product.slug);
    if (group) group.shop = product;
  }
  const refs: References = {
    columns,
    options,
    bands,
    billingModels: new Map(models.map((model) => [model.title.toLowerCase(), model.id])),
    billingModelTitles: new Map(models.map((model) => [model.id, model.title])),
    variants: new Map(shopVariantRows.map((variant) => [variant.sku, variant])),
    typeOfValue: new Map(
      options.flatMap((option) => option.values.map((value) => [value.id, option.typeId])),
    ),
  };
  crossRowProblems([...groups.values()], refs, problems);
  const plans = [...groups.values()].flatMap((group) => planOf(group, refs, problems) ?? []);

  // The writes: the new products together, then the shop's one by one, each behind a savepoint so one product's refusal is listed
  // and the others still run; then all of it is rolled back unless this is a real, clean run.
  const clean = (plan: Plan) => !problems.onRows(plan.group.rows.map((row) => row.row));
  const ready = plans.filter(
    (plan) => clean(plan) && (plan.productChanged || plan.variants.length > 0),
  );
  let refused: ProductImportError[] = [];
  let confirmRefusal: Refusal | undefined;
  if (ready.length) {
    await inTransactionOrRefuse(db, async (tx) => {
      refused = [];
      confirmRefusal = undefined;
      // First, so that a second import with the same check waits here for this one to end.
      if (!request.dryRun && request.confirm) {
        confirmRefusal = await consumeImportCheck(
          tx,
          request.confirm,
          fileHash,
          request.audit.actor.id,
        );
        if (confirmRefusal) return confirmRefusal;
      }
      const write: WriteContext = {
        actor: request.audit.actor,
        audit: request.audit,
        config: request.config,
      };
      const audits: AuditEntry[] = [];
      // New products all at once; should that be refused, one by one as the shop's are, so each
      // refusal is listed against its own rows.
      const fresh = ready.filter((plan) => !plan.group.shop);
      const together = fresh.length ? await writeNewProducts(tx, fresh) : [];
      const oneByOne = isRefusal(together) ? ready : ready.filter((plan) => plan.group.shop);
      if (!isRefusal(together)) audits.push(...together);
      for (const plan of oneByOne) {
        const own: AuditEntry[] = [];
        const outcome = await inTransactionOrRefuse(tx, async (savepoint) => {
          const refusal = await writePlan(savepoint, plan, write, own);
          return refusal ?? true;
        });
        if (!isRefusal(outcome)) {
          audits.push(...own);
          continue;
        }
        const path = (outcome.field ?? "slug")
          .split(".")
          .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
        const sent = plan.variants.map((variant) => ({ row: variant.row, input: variant.input }));
        const place = placeOf(path, plan.group, sent, refs, plan.rowOf, plan.named);
        refused.push({ ...place, message: outcome.message });
      }
      const keep = !request.dryRun && problems.list.length === 0 && refused.length === 0;
      if (!keep) return ROLLED_BACK;
      // An entry per product and variant written, in the same transaction (decision 0014), each
      // marked as the import's, with its file (docs/architecture.md §5).
      const via = { source: "product-import", file: request.fileName ?? null } as const;
      await request.audit.record(
        tx,
        audits.map((audit) => ({ ...audit, via })),
      );
      return true;
    });
  }
  if (confirmRefusal) return confirmRefusal;
  for (const problem of refused) problems.add(problem.row, problem.field, problem.message);

  // What the file adds and changes: its products without errors.
  const products = { create: 0, update: 0, unchanged: 0 };
  const variants = { create: 0, update: 0, unchanged: 0 };
  for (const plan of plans.filter(clean)) {
    products[!plan.group.shop ? "create" : plan.productChanged ? "update" : "unchanged"] += 1;
    for (const key of ["create", "update", "unchanged"] as const)
      variants[key] += plan.variantCounts[key];
  }

  const order = new Map(columns.map((column, index) => [column.name, index]));
  const errors = [...problems.list].sort(
    (a, b) => a.row - b.row || (order.get(a.field) ?? 999) - (order.get(b.field) ?? 999),
  );
  const bandSlugsById = new Map([
    ...shopRows.map((product) => [product.brandId, product.bandSlug] as const),
    ...[...bands].map(([slug, id]) => [id, slug] as const),
  ]);
  const changes = plans
    .filter(clean)
    .flatMap((plan) => listedChanges(plan, refs, bandSlugsById))
    .sort((a, b) => a.row - b.row);
  // A clean check that would write something can be imported once from its token.
  const confirmation =
    request.dryRun && errors.length === 0 && ready.length > 0
      ? await recordImportCheck(db, fileHash, request.audit.actor.id)
      : null;
  return {
    dryRun: request.dryRun,
    rows: rows.length,
    products,
    variants,
    errors,
    changes,
    confirmation,
  };
}
