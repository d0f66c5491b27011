import { z } from "zod";

// Issue 14: products in and out as CSV, one row per variant, with the columns of the product
// form. Shared by the staff API (server/catalog/service/product-csv*.ts) and the import screen.

/** A product's own columns, in the export's order: on its first row, and empty on the others. */
export const PRODUCT_CSV_COLUMNS = [
  "slug",
  "title",
  "band",
  "type",
  "status",
  "tags",
  "vat_rate",
  "release_date",
  "billing_model",
  "seo_title",
  "seo_description",
  "description",
] as const;

/**
 * A variant's columns, after the product's; then one `option:<option>` column per option.
 * `stock_version` is the variant's stock counter when the file was made: `stock` is set only
 * while it is unchanged. `stock_adjustment` (+5, -2) adds to the stock the shop has when the file
 * is imported; the export leaves it empty.
 */
export const VARIANT_CSV_COLUMNS = [
  "sku",
  "price",
  "compare_at_price",
  "stock",
  "stock_version",
  "stock_adjustment",
] as const;

export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];
export type VariantCsvColumn = (typeof VARIANT_CSV_COLUMNS)[number];

/** `option:Size`: the variant's value of the option titled Size (by the value's title). */
export const OPTION_COLUMN_PREFIX = "option:";

/** The most one import takes: a bigger catalogue goes in several files. */
export const CSV_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const CSV_IMPORT_MAX_ROWS = 5000;

/** One problem with one cell: its CSV row (the header is row 1) and its column. */
export const ProductImportError = z
  .object({
    row: z.number().int().meta({ description: "The CSV row: the header is row 1." }),
    field: z.string().meta({ description: "The column, as the header names it." }),
    message: z.string(),
  })
  .meta({ id: "ProductImportError" });
export type ProductImportError = z.output<typeof ProductImportError>;

/** One field a row changes: as the file writes it, before (null for a new one) and after. */
export const ProductImportFieldChange = z
  .object({
    field: z.string().meta({ description: "The column, as the header names it." }),
    old: z.string().nullable().meta({ description: "What the shop has now; null when added." }),
    new: z.string().meta({ description: "What the row sets." }),
    adjustment: z
      .number()
      .int()
      .optional()
      .meta({
        description:
          "For `stock` from a `stock_adjustment`: the units added (negative: taken off). They are " +
          "added to the stock the shop has when the file is imported, which may differ from `old`.",
      }),
  })
  .meta({ id: "ProductImportFieldChange" });
export type ProductImportFieldChange = z.output<typeof ProductImportFieldChange>;

/** A row that adds a product or variant, or changes one: every field it changes. */
export const ProductImportChange = z
  .object({
    row: z.number().int().meta({ description: "The CSV row: the header is row 1." }),
    slug: z.string(),
    sku: z
      .string()
      .nullable()
      .meta({ description: "The variant's SKU; null for a product's own row." }),
    action: z.enum(["add", "change"]),
    fields: z.array(ProductImportFieldChange),
  })
  .meta({ id: "ProductImportChange" });
export type ProductImportChange = z.output<typeof ProductImportChange>;

const Counts = z.object({
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
});

/** POST /api/staff/products/import: what the file does (or did), and every row's errors. */
export const ProductImportSummary = z
  .object({
    dryRun: z.boolean(),
    /** The file's rows under its header, blank ones left out. */
    rows: z.number().int(),
    products: Counts.meta({
      description: "Products added, whose own fields change, and left as they are.",
    }),
    variants: Counts.meta({ description: "Variants added, changed, and left as they are." }),
    errors: z.array(ProductImportError),
    changes: z.array(ProductImportChange).meta({
      description:
        "Every row that adds or changes something, in the file's order, with each field's value " +
        "before and after (rows with errors and rows that change nothing are not listed).",
    }),
    confirmation: z
      .string()
      .nullable()
      .meta({
        description:
          "A dry run without errors that would write something: the token to send as `confirm` " +
          "with the same file to import it. Used once, within an hour, by the staff member who " +
          "checked; a file with a `stock_adjustment` needs it, so a repeated import adds once.",
      }),
  })
  .meta({ id: "ProductImportSummary" });
export type ProductImportSummary = z.output<typeof ProductImportSummary>;
