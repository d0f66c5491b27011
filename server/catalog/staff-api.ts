import {
  AttributeEdit,
  AttributeTypeEdit,
  BrandEdit,
  BulkStatusResult,
  CollectionEdit,
  GeneratedVariants,
  ProductEdit,
  StaffAttributeItem,
  StaffAttributeTypeItem,
  StaffBrandItem,
  StaffCollectionItem,
  StaffProductItem,
  SynonymGroups,
  VariantEdit,
} from "../../common/catalog-admin.ts";
import { londonDay } from "../../common/london-days.ts";
import { CSV_IMPORT_MAX_BYTES, ProductImportSummary } from "../../common/product-csv.ts";
import { defineCommand } from "../http/command.ts";
import { ok } from "../http/envelope.ts";
import { ApiError } from "../http/errors.ts";
import { resourceRoutes } from "../http/resource.ts";
import { notifyShopChanged } from "../http/response-cache.ts";
import { type AnyRoute, defineRoute } from "../http/route-table.ts";
import { attributeService, attributeTypeService } from "./service/attribute-admin.ts";
import { brandService } from "./service/brand-admin.ts";
import { collectionService } from "./service/collection-admin.ts";
import { PRODUCTS, productService, setProductStatuses } from "./service/product-admin.ts";
import { productCsvStream } from "./service/product-csv-export.ts";
import { importProductsCsv } from "./service/product-csv-import.ts";
import { listSynonymGroups, outdateSynonyms, replaceSynonymGroups } from "./service/search.ts";
import {
  generateVariants,
  VARIANTS,
  variantLabel,
  variantService,
} from "./service/variant-admin.ts";
import {
  AttributeCreateInput,
  AttributeTypeCreateInput,
  AttributeTypeUpdateFields,
  AttributeUpdateFields,
  BrandCreateInput,
  BrandUpdateFields,
  BulkStatusInput,
  CollectionCreateInput,
  CollectionUpdateFields,
  GenerateVariantsInput,
  ProductCreateInput,
  ProductImportInput,
  ProductUpdateFields,
  StaffAttributeListQuery,
  StaffAttributeTypeListQuery,
  StaffBrandListQuery,
  StaffCollectionListQuery,
  StaffProductListQuery,
  StaffVariantListQuery,
  SynonymGroupsInput,
  VariantCreateInput,
  VariantUpdateFields,
} from "./validators.ts";

const tag = "catalogue";

/** Today's date in London, for a file's name: `2026-05-04`. */
const londonDate = () => londonDay(new Date());

/** Whether an import committed anything: a real run, without errors, that adds or changes. */
const importWrote = ({ dryRun, errors, products, variants }: ProductImportSummary) =>
  !dryRun &&
  errors.length === 0 &&
  products.create + products.update + variants.create + variants.update > 0;

/**
 * A real import with errors wrote nothing: a 422 whose `errors` name each cell as
 * `rows.{CSV row}.{column}`, the dotted path the other 422s use (architecture.md §4).
 */
function importRefused(summary: ProductImportSummary): ApiError {
  const errors: Record<string, string[]> = {};
  for (const { row, field, message } of summary.errors) {
    const key = `rows.${row}.${field}`;
    errors[key] = [...(errors[key] ?? []), message];
  }
  return new ApiError(422, "Validation failed", errors);
}

export const brandRoutes = resourceRoutes({
  name: "brands",
  tag,
  noun: "band",
  query: StaffBrandListQuery,
  item: StaffBrandItem,
  edit: BrandEdit,
  create: BrandCreateInput,
  update: BrandUpdateFields,
  label: (brand: BrandEdit) => brand.title,
  service: brandService,
});

export const attributeTypeRoutes = resourceRoutes({
  name: "product-attribute-types",
  tag,
  noun: "option",
  query: StaffAttributeTypeListQuery,
  item: StaffAttributeTypeItem,
  edit: AttributeTypeEdit,
  create: AttributeTypeCreateInput,
  update: AttributeTypeUpdateFields,
  label: (type: AttributeTypeEdit) => type.title,
  service: attributeTypeService,
});

export const attributeRoutes = resourceRoutes({
  name: "product-attributes",
  tag,
  noun: "option value",
  query: StaffAttributeListQuery,
  item: StaffAttributeItem,
  edit: AttributeEdit,
  create: AttributeCreateInput,
  update: AttributeUpdateFields,
  label: (value: AttributeEdit) => value.title,
  service: attributeService,
});

export const productRoutes = resourceRoutes({
  name: PRODUCTS,
  tag,
  noun: "product",
  query: StaffProductListQuery,
  item: StaffProductItem,
  edit: ProductEdit,
  create: ProductCreateInput,
  update: ProductUpdateFields,
  label: (product: ProductEdit) => product.title,
  service: productService,
});

export const variantRoutes = resourceRoutes({
  name: VARIANTS,
  tag,
  noun: "variant",
  // behaviour.md §7 names this one `POST /product-variants/create`.
  storePath: "create",
  query: StaffVariantListQuery,
  item: VariantEdit,
  edit: VariantEdit,
  create: VariantCreateInput,
  update: VariantUpdateFields,
  label: variantLabel,
  service: variantService,
});

export const collectionRoutes = resourceRoutes({
  name: "product-collections",
  tag,
  noun: "collection",
  query: StaffCollectionListQuery,
  item: StaffCollectionItem,
  edit: CollectionEdit,
  create: CollectionCreateInput,
  update: CollectionUpdateFields,
  label: (collection: CollectionEdit) => collection.title,
  service: collectionService,
});

export const synonymsRoute = defineRoute({
  method: "get",
  path: "/search/synonyms",
  tag,
  summary: "The search's synonym groups",
  description:
    "Words fans type for the same thing (tee, t-shirt, tshirt), one group each, in order: a " +
    "search for any word of a group finds what the others find.",
  access: "staff",
  answers: { data: SynonymGroups },
  call: async ({ db }) => ({
    groups: (await listSynonymGroups(db)).map((group) => group.words),
  }),
});

export const saveSynonymsRoute = defineCommand({
  method: "post",
  path: "/search/synonyms",
  tag,
  summary: "Replace the search's synonym groups",
  description:
    "The whole list, in order (each group two to 20 words of letters, digits, spaces and " +
    "hyphens, lower-cased). One audit entry; every storefront process searches with the new " +
    "groups once it hears of the change.",
  access: "staff",
  body: SynonymGroupsInput,
  answers: { data: SynonymGroups },
  run: ({ db: tx, audit }, { body }) => replaceSynonymGroups(tx, body.groups, audit),
  changed: async (db) => {
    await notifyShopChanged(db);
    outdateSynonyms(db);
  },
});

export const generateVariantsRoute = defineCommand({
  method: "post",
  path: "/products/generate-variants",
  tag,
  summary: "Add a variant for every combination of the chosen option values",
  description:
    "One value or more of each option type (5 sizes and 2 colours make 10 variants), each with " +
    "the price given and a SKU from `skuPattern` (`{product}-{size}-{colour}` by default, upper " +
    "case, numbered when taken). Combinations the product has already are kept as they are. " +
    "One audit entry per variant added.",
  body: GenerateVariantsInput,
  answers: { data: GeneratedVariants, status: 201 },
  refusals: ["invalid", "not-found", "conflict"],
  run: ({ db: tx, audit }, { body }) => generateVariants(tx, body, audit),
  changed: notifyShopChanged,
});

export const bulkStatusRoute = defineCommand({
  method: "post",
  path: "/products/bulk-status",
  tag,
  summary: "Publish, unpublish or archive several products at once",
  description:
    "All or none; one audit entry per product whose status changed. A product without variants " +
    "is not published (409).",
  body: BulkStatusInput,
  answers: { data: BulkStatusResult },
  refusals: ["not-found", "conflict"],
  run: ({ db: tx, audit }, { body }) => setProductStatuses(tx, body, audit),
  changed: notifyShopChanged,
});

export const exportProductsRoute = defineRoute({
  method: "get",
  path: "/products/export.csv",
  tag,
  summary: "Every product as CSV: one row per variant, in the product form's columns",
  description:
    "Columns: slug, title, band (its slug), type, status, tags (comma-separated), vat_rate, " +
    "release_date, billing_model (its title; empty for one-off), seo_title, seo_description, description (the product's own, on " +
    "its first row), then sku, price and compare_at_price (pounds, two decimals: 25.00), stock, " +
    "stock_version (the variant's stock counter, which every sale, return and edit of its stock " +
    "moves on), stock_adjustment (empty), and `option:<option>` per option (the value's title). UTF-8 with a byte-order mark; a cell " +
    "a spreadsheet would run as a formula starts with an apostrophe, which the import takes off. " +
    "Streamed a page of products at a time.",
  answers: { file: ["text/csv"], description: "The CSV file, as an attachment." },
  handle(c) {
    return new Response(productCsvStream(c.get("db")), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="encore-products-${londonDate()}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  },
});

export const importProductsRoute = defineCommand({
  method: "post",
  path: "/products/import",
  tag,
  summary: "Add and change products and variants from a CSV file, or check the file first",
  description:
    "Multipart: `file` (the export's columns; up to 5 MB and 5,000 rows) and `dryRun` (`true` " +
    "or `false`). Rows are grouped by product slug (a new slug adds a product, a known one " +
    "changes it) and variants found by SKU (a new SKU adds one). Every row is checked with the " +
    "product form's rules. A dry run answers what the file would add and change with every " +
    "row's errors (`row` is the CSV row, the header being row 1; `field` the column), every " +
    "field each row changes (`changes`, old → new) and a `confirmation` token, writing " +
    "nothing. `stock` sets an existing variant's stock only with the `stock_version` it still " +
    "has (a file read before a sale is refused on that row, naming both counts); " +
    "`stock_adjustment` (+5, -2) adds to the stock at the moment of the import, never below " +
    "zero, and needs `confirm`: the check's token, used once (a second import with it is a 409 " +
    "and writes nothing). A real import is all or nothing: with any error it is a 422 naming each cell as " +
    "`rows.{row}.{column}` and nothing is written; without, everything is written in one " +
    "transaction, with an audit entry per product and variant added or changed. A file that " +
    "cannot be read as rows (too large, not UTF-8 CSV, too many rows, an unknown column) is a " +
    "422 on `file` either way.",
  access: "staff",
  // A little room past the file for the other field and the multipart framing.
  multipart: { schema: ProductImportInput, maxBytes: CSV_IMPORT_MAX_BYTES + 64 * 1024 },
  answers: { data: ProductImportSummary },
  refusals: ["invalid", "conflict"],
  // Its own transaction: a dry run and a file with errors write nothing, and answer 200/422.
  transaction: "work",
  run: async ({ db, audit, config }, { body }) =>
    importProductsCsv(db, {
      bytes: new Uint8Array(await body.file.arrayBuffer()),
      dryRun: body.dryRun,
      confirm: body.confirm,
      fileName: body.file.name || null,
      audit,
      config,
    }),
  // Every process's storefront hears of it once it has committed (decision 0014).
  changed: async (db, summary) => {
    if (importWrote(summary)) await notifyShopChanged(db);
  },
  reply(c, summary: ProductImportSummary) {
    if (!summary.dryRun && summary.errors.length > 0) throw importRefused(summary);
    return ok(c, summary);
  },
});

/** The catalogue's staff API (issue 14): one resource each, plus the writes that are not records. */
export const catalogStaffRoutes: AnyRoute[] = [
  ...Object.values(brandRoutes),
  ...Object.values(attributeTypeRoutes),
  ...Object.values(attributeRoutes),
  ...Object.values(productRoutes),
  ...Object.values(variantRoutes),
  ...Object.values(collectionRoutes),
  synonymsRoute,
  saveSynonymsRoute,
  generateVariantsRoute,
  bulkStatusRoute,
  exportProductsRoute,
  importProductsRoute,
];
