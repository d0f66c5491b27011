import { z } from "zod";
import { ATTRIBUTE_DISPLAYS, COLLECTION_KINDS } from "../../common/catalog.ts";
import { PRODUCT_STATUSES } from "../../common/catalog-admin.ts";
import { PRODUCT_DESCRIPTION_MAX } from "../../common/product-limits.ts";
import { PRODUCT_SORTS } from "../../common/product-list-query.ts";
import { PRODUCT_TYPES } from "../../common/product-types.ts";
import { bothWays } from "../db/staff-lists.ts";
import { Flag, IdList, IdOrSlug, MAX_ID, Pagination, Pence } from "../http/query-schemas.ts";
import { isUnsafeText, UNSAFE_TEXT } from "../http/text-input.ts";

const typeSlugs = PRODUCT_TYPES.map((type) => type.slug);

const Sort = z.enum(PRODUCT_SORTS, { error: `Sort by one of: ${PRODUCT_SORTS.join(", ")}.` });

/** Every number a band id can be: a PostgreSQL integer from 1. */
const BAND_ID = /^-?[0-9]+$/;

/**
 * `?brand=3,static-gulls`: bands by id or slug, ids as numbers and slugs as strings, so no
 * service parses an id again. A number past the largest id names no band and is refused here
 * (docs/security.md #15): it must never reach an integer column, where PostgreSQL errs.
 */
export const BrandList = z
  .string()
  .max(2000)
  .regex(/^[a-z0-9-]+(,[a-z0-9-]+)*$/, "Must be comma-separated band ids or slugs.")
  .transform((value, context) => {
    const bands: Array<number | string> = [];
    for (const part of new Set(value.split(","))) {
      if (!BAND_ID.test(part)) {
        bands.push(part);
        continue;
      }
      const id = Number(part);
      if (id < 1 || id > MAX_ID) {
        context.addIssue({ code: "custom", message: `No band has the id ${part}.` });
        return z.NEVER;
      }
      if (!bands.includes(id)) bands.push(id);
    }
    return bands;
  });

/** GET /api/search/suggestions: what has been typed so far. */
export const SearchSuggestionsQuery = z.strictObject({
  q: z
    .string()
    .trim()
    .min(1, "Type something to search for.")
    .max(100, "Search for 100 characters or fewer."),
});

/** One word (or a few words) of a synonym group: what a shopper might type. */
const SynonymWord = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "Enter a word.")
  .max(40, "Keep each word to 40 characters or fewer.")
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} '-]*$/u, "Use letters, digits, spaces and hyphens only.");

/** POST /api/search/synonyms: the whole list of groups, in order. */
export const SynonymGroupsInput = z.strictObject({
  groups: z
    .array(
      z
        .array(SynonymWord)
        .min(2, "A group needs two words or more.")
        .max(20, "A group holds 20 words at most."),
    )
    .max(300, "Keep to 300 groups or fewer."),
});

/** GET /api/products and /api/product-filters: every filter the storefront offers. */
export const PublicProductListQuery = z
  .strictObject({
    ...Pagination,
    q: z.string().trim().max(100, "Search for 100 characters or fewer.").optional(),
    brand: BrandList.optional(),
    collection: IdOrSlug.optional(),
    type: z
      .string()
      .max(500)
      .transform((value) => [...new Set(value.split(","))])
      .pipe(z.array(z.enum(typeSlugs as [string, ...string[]], { error: "Unknown product type." })))
      .optional(),
    attributes: IdList.optional(),
    priceMin: Pence.optional(),
    priceMax: Pence.optional(),
    inStock: Flag.optional(),
    sort: Sort.optional(),
  })
  .refine(
    (query) =>
      query.priceMin === undefined ||
      query.priceMax === undefined ||
      query.priceMin <= query.priceMax,
    {
      path: ["priceMax"],
      message: "The highest price must not be below the lowest.",
    },
  );

export const PublicBrandListQuery = z.strictObject({
  ...Pagination,
  perPage: z.coerce.number().int().min(1).max(100).default(100),
  featured: Flag.optional(),
});

/** GET /api/product-collections/{id}: a page of the collection's products. */
export const PublicCollectionQuery = z.strictObject({ ...Pagination, sort: Sort.optional() });

const Slug = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "Enter a slug, or leave it empty to make one from the title.")
  .max(80, "A slug is at most 80 characters.")
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Use lower-case letters, digits and single hyphens.");
const WebAddress = z
  .string()
  .trim()
  .max(300, "At most 300 characters.")
  .refine((value) => value === "" || /^https?:\/\/[^\s]+$/.test(value), {
    message: "Enter a web address starting with https://.",
  })
  .transform((value) => value || undefined);
const FileId = z.number().int().min(1).max(MAX_ID, "No such file.").nullable();

// What the staff forms and lists share (decision 0014).

/** A list's `sort`: each key both ways (`title`, `-title`), wrong ones named in the message. */
export function sortParam<K extends string>(keys: readonly K[], fallback: K | `-${K}`) {
  const values = bothWays(keys) as [K | `-${K}`, ...Array<K | `-${K}`>];
  return z
    .enum(values, { error: `Sort by one of: ${values.join(", ")}.` })
    .default(fallback as never);
}

/**
 * A staff list's search box. Control characters are refused here as well as at the API's edge,
 * since the back-office pages call the list services in process (PostgreSQL refuses NUL: 22021).
 */
export const Search = z
  .string()
  .trim()
  .max(100, "Search for 100 characters or fewer.")
  .refine((text) => !isUnsafeText(text), UNSAFE_TEXT)
  .optional();
const Id = z
  .number({ error: "Must be an id." })
  .int("Must be an id.")
  .min(1)
  .max(MAX_ID, "No such id.");
const Position = z
  .number({ error: "Must be a whole number." })
  .int("Must be a whole number.")
  .min(0, "Must be 0 or more.")
  .max(100_000, "At most 100,000.");
const Title = (what: string, max: number) =>
  z.string().trim().min(1, `Enter the ${what}.`).max(max, `At most ${max} characters.`);
const SeoTitle = z.string().trim().max(70, "Search engines show about 60 characters.");
const SeoDescription = z.string().trim().max(160, "Search engines show about 155 characters.");
const uniqueIds = (ids: number[]) => new Set(ids).size === ids.length;
const IdArray = (max: number) =>
  z.array(Id).max(max, `At most ${max}.`).refine(uniqueIds, "Name each one once.");

/** security.md #6: a price is a whole number of pence above zero. */
export const Price = z
  .number({ error: "Enter the price, like 25.00." })
  .int("Enter the price in pounds and pence, like 25.00.")
  .min(1, "Enter a price of at least £0.01.")
  .max(100_000_000, "At most £1,000,000.");
const CompareAtPrice = Price.nullable();
/** The most stock a variant may have: the form's limit, and an import's adjustment's. */
export const MAX_STOCK = 1_000_000;
const Stock = z
  .number({ error: "Enter the stock as a whole number." })
  .int("Enter the stock as a whole number.")
  .min(0, "Stock cannot be below zero.")
  .max(MAX_STOCK, "At most 1,000,000.");
const Sku = z
  .string()
  .trim()
  .toUpperCase()
  .min(1, "Enter a SKU, or leave it out to make one.")
  .max(64, "A SKU is at most 64 characters.")
  .regex(/^[A-Z0-9][A-Z0-9._-]*$/, "Use letters, digits, dots, hyphens and underscores.");
/** A tag as the storefront's rules and search read it: `tour-2026`. */
const Tag = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "A tag cannot be empty.")
  .max(40, "A tag is at most 40 characters.")
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "Use lower-case letters, digits and single hyphens.");
const ProductTypeSlug = z.enum(typeSlugs as [string, ...string[]], {
  error: `Choose a product type: ${typeSlugs.join(", ")}.`,
});
const COMPARE_AT_ABOVE_PRICE = "The compare-at price must be more than the price.";
const compareAtAbovePrice = (variant: { price?: number; compareAtPrice?: number | null }) =>
  variant.price === undefined ||
  variant.compareAtPrice === undefined ||
  variant.compareAtPrice === null ||
  variant.compareAtPrice > variant.price;

/**
 * A band's fields as staff edit them (behaviour.md §7 brands: title, slug, description, images,
 * SEO). No defaults here: an update changes only what it sends, and the service fills a new band's.
 */
const brandFields = {
  title: z.string().trim().min(1, "Enter the band's name.").max(120, "At most 120 characters."),
  slug: Slug.optional(),
  story: z.string().max(20_000, "At most 20,000 characters.").optional(),
  genre: z.string().trim().max(60, "At most 60 characters.").optional(),
  origin: z.string().trim().max(80, "At most 80 characters.").optional(),
  links: z
    .strictObject({
      website: WebAddress.optional(),
      instagram: WebAddress.optional(),
      spotify: WebAddress.optional(),
      bandcamp: WebAddress.optional(),
      youtube: WebAddress.optional(),
    })
    .optional(),
  logoFileId: FileId.optional(),
  heroFileId: FileId.optional(),
  featured: z.boolean().optional(),
  seoTitle: z.string().trim().max(70, "Search engines show about 60 characters.").optional(),
  seoDescription: z
    .string()
    .trim()
    .max(160, "Search engines show about 155 characters.")
    .optional(),
};

/** POST /api/staff/brands/store. */
export const BrandCreateInput = z.strictObject(brandFields);
export type BrandCreateInput = z.output<typeof BrandCreateInput>;

/** POST /api/staff/brands/update: the fields sent change, the others stay. */
export const BrandUpdateFields = z.strictObject(brandFields);
export type BrandUpdateInput = Partial<BrandCreateInput> & { id: number };

/** GET /api/staff/brands. */
export const StaffBrandListQuery = z.strictObject({
  ...Pagination,
  q: Search,
  featured: Flag.optional(),
  sort: sortParam(["title", "updated", "products"], "title"),
});
export type StaffBrandListQuery = z.output<typeof StaffBrandListQuery>;

// ---------------------------------------------------------------------------------------------
// The rest of the catalogue's staff resources (issue 14): attribute types and their values,
// products and their variants, collections. Each has its list query, its create input and its
// update fields (no defaults, no refinements: the routes make them partial, the service checks
// what spans fields).

// Attribute types (Size, Colour …) ---------------------------------------------------------------

const attributeTypeFields = {
  title: Title("option's name", 60),
  slug: Slug.optional(),
  display: z
    .enum(ATTRIBUTE_DISPLAYS, { error: `Show as one of: ${ATTRIBUTE_DISPLAYS.join(", ")}.` })
    .optional(),
  position: Position.optional(),
};

/** POST /api/staff/product-attribute-types/store. */
export const AttributeTypeCreateInput = z.strictObject(attributeTypeFields);
export type AttributeTypeCreateInput = z.output<typeof AttributeTypeCreateInput>;
export const AttributeTypeUpdateFields = z.strictObject(attributeTypeFields);
export type AttributeTypeUpdateInput = Partial<AttributeTypeCreateInput> & { id: number };

/** GET /api/staff/product-attribute-types. */
export const StaffAttributeTypeListQuery = z.strictObject({
  ...Pagination,
  q: Search,
  sort: sortParam(["position", "title", "updated", "values"], "position"),
});
export type StaffAttributeTypeListQuery = z.output<typeof StaffAttributeTypeListQuery>;

// Attribute values (S, M, L; Black, White …) ----------------------------------------------------

const attributeFields = {
  title: Title("value's name", 60),
  slug: Slug.optional(),
  position: Position.optional(),
  swatch: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^#[0-9a-f]{6}$/, "Enter a colour as #rrggbb.")
    .nullable()
    .optional(),
};

/** POST /api/staff/product-attributes/store: a value of one type, at its end unless placed. */
export const AttributeCreateInput = z.strictObject({
  attributeTypeId: Id,
  ...attributeFields,
});
export type AttributeCreateInput = z.output<typeof AttributeCreateInput>;
/** A value stays with its type: moving it would give variants two sizes. */
export const AttributeUpdateFields = z.strictObject(attributeFields);
export type AttributeUpdateInput = Partial<z.output<typeof AttributeUpdateFields>> & {
  id: number;
};

/** GET /api/staff/product-attributes. */
export const StaffAttributeListQuery = z.strictObject({
  ...Pagination,
  q: Search,
  type: IdList.optional(),
  sort: sortParam(["position", "title", "updated", "variants"], "position"),
});
export type StaffAttributeListQuery = z.output<typeof StaffAttributeListQuery>;

// Variants -----------------------------------------------------------------------------------------

const variantFields = {
  sku: Sku.optional(),
  price: Price,
  compareAtPrice: CompareAtPrice.optional(),
  stockOnHand: Stock.optional(),
  /** At most one value of each type: M and Black, never M and L. */
  attributeIds: IdArray(10).optional(),
};

/** A new variant in a product's form: its price, and the rest when given. */
const NewVariant = z
  .strictObject(variantFields)
  .refine(compareAtAbovePrice, { path: ["compareAtPrice"], message: COMPARE_AT_ABOVE_PRICE });
export type NewVariantInput = z.output<typeof NewVariant>;

/**
 * A row of a product form's variants: with `id`, changes to that variant (only the fields sent);
 * without, a new variant (its price needed).
 */
const VariantRowInput = z
  .strictObject({ id: Id.optional(), ...variantFields, price: Price.optional() })
  .superRefine((row, context) => {
    if (row.id === undefined && row.price === undefined)
      context.addIssue({
        code: "custom",
        path: ["price"],
        message: "Enter the price, like 25.00.",
      });
    if (!compareAtAbovePrice(row))
      context.addIssue({
        code: "custom",
        path: ["compareAtPrice"],
        message: COMPARE_AT_ABOVE_PRICE,
      });
  });
export type VariantRowInput = z.output<typeof VariantRowInput>;

/** POST /api/staff/product-variants/create (behaviour.md §7): a variant of a product. */
export const VariantCreateInput = z
  .strictObject({ productId: Id, ...variantFields })
  .refine(compareAtAbovePrice, { path: ["compareAtPrice"], message: COMPARE_AT_ABOVE_PRICE });
export type VariantCreateInput = z.output<typeof VariantCreateInput>;
/** POST /api/staff/product-variants/update; the compare-at check runs on the saved result. */
export const VariantUpdateFields = z.strictObject({ ...variantFields });
export type VariantUpdateInput = Partial<z.output<typeof VariantUpdateFields>> & { id: number };

export const STOCK_FILTER_VALUES = ["in", "out", "low"] as const;
const StockFilter = z.enum(STOCK_FILTER_VALUES, {
  error: "Stock is in, out or low.",
});

/** GET /api/staff/product-variants: the variants of a product, or every one (a stock list). */
export const StaffVariantListQuery = z.strictObject({
  ...Pagination,
  product: z.coerce.number().int().min(1).max(MAX_ID, "No such id.").optional(),
  q: Search,
  stock: StockFilter.optional(),
  sort: sortParam(["position", "sku", "price", "stock", "updated"], "position"),
});
export type StaffVariantListQuery = z.output<typeof StaffVariantListQuery>;

// Products -----------------------------------------------------------------------------------------

const productFields = {
  title: Title("product's title", 200),
  slug: Slug.optional(),
  brandId: Id,
  type: ProductTypeSlug,
  description: z
    .string()
    .max(
      PRODUCT_DESCRIPTION_MAX,
      `At most ${PRODUCT_DESCRIPTION_MAX.toLocaleString("en-GB")} characters.`,
    )
    .optional(),
  status: z
    .enum(PRODUCT_STATUSES, { error: `Status is one of: ${PRODUCT_STATUSES.join(", ")}.` })
    .optional(),
  tags: z.array(Tag).max(30, "At most 30 tags.").optional(),
  /** The curated collections it belongs to (a rule's collections choose for themselves). */
  collectionIds: IdArray(50).optional(),
  /** Whole percent; 20 unless UK law rates the goods lower (children's clothes, books: 0). */
  vatRate: z
    .number({ error: "Enter the VAT rate as a whole percent." })
    .int("Enter the VAT rate as a whole percent.")
    .min(0, "The VAT rate is 0 to 100.")
    .max(100, "The VAT rate is 0 to 100.")
    .optional(),
  releaseDate: z.iso.date("Enter a date as YYYY-MM-DD.").nullable().optional(),
  /** How it is sold (`server/billing`); none is one-off. A pre-order's follows it (decision 0016). */
  billingModelId: Id.nullable().optional(),
  seoTitle: SeoTitle.optional(),
  seoDescription: SeoDescription.optional(),
  /** The gallery in order; each file may show one colour (or format), for the gallery to follow. */
  media: z
    .array(z.strictObject({ fileId: Id, attributeId: Id.nullable().optional() }))
    .max(50, "At most 50 files.")
    .refine((files) => uniqueIds(files.map((file) => file.fileId)), "Add each file once.")
    .optional(),
};

/** POST /api/staff/products/store: a product, with its first variants when given. */
export const ProductCreateInput = z.strictObject({
  ...productFields,
  variants: z.array(NewVariant).max(200, "At most 200 variants.").optional(),
});
export type ProductCreateInput = z.output<typeof ProductCreateInput>;

/**
 * POST /api/staff/products/update: the fields sent change. `variants` rows with an id change that
 * variant, rows without one add a variant; variants not named stay (delete one on its own).
 */
export const ProductUpdateFields = z.strictObject({
  ...productFields,
  variants: z.array(VariantRowInput).max(200, "At most 200 variants.").optional(),
});
export type ProductUpdateInput = Partial<z.output<typeof ProductUpdateFields>> & { id: number };

/** GET /api/staff/products. */
export const StaffProductListQuery = z.strictObject({
  ...Pagination,
  q: Search,
  /** Only these products (a form showing the products it names): `?ids=3,5,8`. */
  ids: IdList.optional(),
  brand: IdList.optional(),
  type: z
    .string()
    .max(500)
    .transform((value) => [...new Set(value.split(","))])
    .pipe(z.array(ProductTypeSlug))
    .optional(),
  status: z
    .string()
    .max(100)
    .transform((value) => [...new Set(value.split(","))])
    .pipe(z.array(z.enum(PRODUCT_STATUSES, { error: "Status is draft, published or archived." })))
    .optional(),
  stock: StockFilter.optional(),
  sort: sortParam(["title", "updated", "published", "price", "stock"], "-updated"),
});
export type StaffProductListQuery = z.output<typeof StaffProductListQuery>;

/** POST /api/staff/products/generate-variants: every combination of the chosen values. */
export const GenerateVariantsInput = z
  .strictObject({
    id: Id,
    /** Values across types (5 sizes and 2 colours make 10 variants). */
    attributeIds: IdArray(100).min(1, "Choose at least one option value."),
    price: Price,
    compareAtPrice: CompareAtPrice.optional(),
    stockOnHand: Stock.optional(),
    /** `{product}` and a type's slug (`{size}`, `{colour}`) become those parts, upper-cased. */
    skuPattern: z
      .string()
      .trim()
      .min(1, "Enter a pattern, or leave it out for the usual one.")
      .max(100, "At most 100 characters.")
      .regex(/^[A-Za-z0-9{}._-]+$/, "Use letters, digits, hyphens and {placeholders}.")
      .optional(),
    updatedAt: z.string().max(40).optional(),
  })
  .refine(compareAtAbovePrice, { path: ["compareAtPrice"], message: COMPARE_AT_ABOVE_PRICE });
export type GenerateVariantsInput = z.output<typeof GenerateVariantsInput>;

/** POST /api/staff/products/bulk-status: publish, unpublish or archive several products. */
export const BulkStatusInput = z.strictObject({
  ids: IdArray(100).min(1, "Choose at least one."),
  status: z.enum(PRODUCT_STATUSES, { error: "Status is draft, published or archived." }),
});
export type BulkStatusInput = z.output<typeof BulkStatusInput>;

// Collections --------------------------------------------------------------------------------------

const Days = z
  .number()
  .int("Whole days.")
  .min(1, "At least 1 day.")
  .max(3650, "At most 3,650 days.");
const RulePence = z
  .number()
  .int("Enter an amount in pounds and pence, like 25.00.")
  .min(0)
  .max(100_000_000);

/** Which published products a rule collection holds (the one evaluator: `collectionCondition`). */
export const CollectionRuleInput = z.discriminatedUnion(
  "type",
  [
    z.strictObject({ type: z.literal("new-in"), days: Days }),
    z.strictObject({ type: z.literal("tag"), tag: Tag }),
    z.strictObject({ type: z.literal("on-sale") }),
    z.strictObject({
      type: z.literal("low-stock"),
      below: z.number().int().min(1, "At least 1.").max(1000, "At most 1,000."),
    }),
    z.strictObject({ type: z.literal("band"), brandId: Id }),
    z.strictObject({ type: z.literal("product-type"), productType: ProductTypeSlug }),
    z
      .strictObject({
        type: z.literal("price"),
        min: RulePence.optional(),
        max: RulePence.optional(),
      })
      .refine((rule) => rule.min !== undefined || rule.max !== undefined, {
        path: ["min"],
        message: "Enter a lowest or a highest price.",
      })
      .refine((rule) => rule.min === undefined || rule.max === undefined || rule.min <= rule.max, {
        path: ["max"],
        message: "The highest price must not be below the lowest.",
      }),
  ],
  {
    error: "Choose a rule: new-in, tag, on-sale, low-stock, band, product-type or price.",
  },
);

const collectionFields = {
  title: Title("collection's title", 120),
  slug: Slug.optional(),
  description: z.string().max(20_000, "At most 20,000 characters.").optional(),
  /** A rule makes the collection choose its products; null makes it hand-picked. */
  rule: CollectionRuleInput.nullable().optional(),
  /** A hand-picked collection's products, in the order shoppers see them. */
  productIds: IdArray(1000).optional(),
  heroFileId: FileId.optional(),
  position: Position.optional(),
};

/** POST /api/staff/product-collections/store. */
export const CollectionCreateInput = z.strictObject(collectionFields);
export type CollectionCreateInput = z.output<typeof CollectionCreateInput>;
export const CollectionUpdateFields = z.strictObject(collectionFields);
export type CollectionUpdateInput = Partial<CollectionCreateInput> & { id: number };

/** GET /api/staff/product-collections. */
export const StaffCollectionListQuery = z.strictObject({
  ...Pagination,
  q: Search,
  kind: z.enum(COLLECTION_KINDS, { error: "Kind is curated or rule." }).optional(),
  sort: sortParam(["position", "title", "updated"], "position"),
});
export type StaffCollectionListQuery = z.output<typeof StaffCollectionListQuery>;

// Products as CSV ----------------------------------------------------------------------------------

/** POST /api/staff/products/import (multipart): a CSV file, checked only or imported. */
export const ProductImportInput = z.strictObject({
  file: z
    .instanceof(File, { message: "Choose a CSV file to import." })
    // A form sent without a file chosen carries an empty, nameless one.
    .refine((file) => file.size > 0 || file.name !== "", "Choose a CSV file to import.")
    .meta({ type: "string", format: "binary", description: "The CSV file (UTF-8), up to 5 MB." }),
  dryRun: z
    .enum(["true", "false"], {
      error: "Send dryRun true to check the file, or false to import it.",
    })
    .transform((value) => value === "true")
    .meta({ description: "`true` checks the file and writes nothing; `false` imports it." }),
  confirm: z
    .string()
    .max(100, "This is not a check's confirmation: check the file again.")
    .optional()
    // An empty field is a form without a check before it.
    .transform((value) => value?.trim() || undefined)
    .meta({
      description:
        "With `dryRun` false: the `confirmation` of this file's check. It imports what was " +
        "checked once: a second import with it (a double submit, a retry) is a 409 and writes " +
        "nothing. Needed when the file has a `stock_adjustment`; when sent, the file must be " +
        "the one checked.",
    }),
});
export type ProductImportInput = z.output<typeof ProductImportInput>;
